/**
 * mix.lock (Elixir): one Elixir map literal, "app" => a tuple per dependency:
 *   {:hex, :package, "version", "hash", [:mix], [deps…], "hexpm", "hash"}
 *   {:git, "url", "commit", [branch: …]}
 * each dep {:app, "requirement", [hex: :package, repo: "hexpm", optional: bool]}.
 * Read with a small parser for Elixir literal terms (strings, atoms, numbers,
 * tuples, lists, keyword lists, maps), bounded in nesting depth; nothing is
 * evaluated. The lockfile does not say which dependencies mix.exs declares:
 * those no other locked package depends on are taken as direct.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { text } from './common.ts';

type Term = string | number | boolean | null | { atom: string } | { tuple: Term[] } | Term[] | { pairs: [Term, Term][] };

class TermParser {
  i = 0;
  constructor(private readonly s: string, private readonly file: string) {}
  fail(why: string): never {
    throw new ManifestError(this.file, `malformed mix.lock: ${why} at offset ${this.i}`);
  }
  ws(): void {
    for (;;) {
      while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
      if (this.s[this.i] !== '#') return;
      while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++;
    }
  }
  str(): string {
    let out = '';
    this.i++;
    while (this.i < this.s.length && this.s[this.i] !== '"') {
      if (this.s[this.i] === '\\') this.i++;
      out += this.s[this.i++] ?? '';
    }
    if (this.s[this.i] !== '"') this.fail('unterminated string');
    this.i++;
    return out;
  }
  /** Items up to `close`; `key: value` pairs become [atom, value] tuples, as Elixir reads keyword lists. */
  seq(close: string, depth: number): Term[] {
    const out: Term[] = [];
    this.ws();
    while (this.s[this.i] !== close) {
      const kw = /^([A-Za-z_][\w?!]*|"[^"]*"):\s/.exec(this.s.slice(this.i, this.i + 256));
      if (kw) {
        this.i += kw[1]!.length + 1;
        out.push({ tuple: [{ atom: kw[1]!.replace(/"/g, '') }, this.term(depth + 1)] });
      } else {
        const item = this.term(depth + 1);
        this.ws();
        // key => value inside a map literal: kept as a pair, as the map below collects them.
        if (this.s.startsWith('=>', this.i)) {
          this.i += 2;
          out.push({ tuple: [item, this.term(depth + 1)] });
        } else out.push(item);
      }
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== close) this.fail(`expected "," or "${close}"`);
      this.ws();
    }
    this.i++;
    return out;
  }
  term(depth = 0): Term {
    if (depth > 64) this.fail('nested too deeply');
    this.ws();
    const c = this.s[this.i];
    if (c === undefined) this.fail('unexpected end');
    if (c === '"') return this.str();
    if (c === '{') return (this.i++, { tuple: this.seq('}', depth) });
    if (c === '[') return (this.i++, this.seq(']', depth));
    if (c === '%' && this.s[this.i + 1] === '{') {
      this.i += 2;
      const map: [Term, Term][] = [];
      for (const t of this.seq('}', depth)) {
        if (typeof t === 'object' && t !== null && 'tuple' in t && t.tuple.length === 2) map.push([t.tuple[0]!, t.tuple[1]!]);
      }
      return { pairs: map };
    }
    if (c === ':') {
      this.i++;
      if (this.s[this.i] === '"') return { atom: this.str() };
      const m = /^[\w@?!.]+/.exec(this.s.slice(this.i, this.i + 256)) ?? this.fail('bad atom');
      this.i += m[0].length;
      return { atom: m[0] };
    }
    const m = /^[\w.+-]+/.exec(this.s.slice(this.i, this.i + 256)) ?? this.fail(`unexpected "${c}"`);
    this.i += m[0].length;
    return m[0] === 'true' ? true : m[0] === 'false' ? false : m[0] === 'nil' ? null : Number.isNaN(Number(m[0])) ? { atom: m[0] } : Number(m[0]);
  }
  /** The top-level %{ "k" => v, … } map. */
  top(): [string, Term][] {
    this.ws();
    if (!this.s.startsWith('%{', this.i)) this.fail('expected a map %{…}');
    this.i += 2;
    const out: [string, Term][] = [];
    this.ws();
    while (this.s[this.i] !== '}') {
      if (this.s[this.i] !== '"') this.fail('expected a quoted key');
      const key = this.str();
      this.ws();
      if (this.s.startsWith('=>', this.i)) this.i += 2;
      else if (this.s[this.i] === ':') this.i++;
      else this.fail('expected "=>" or ":"');
      out.push([key, this.term(1)]);
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== '}') this.fail('expected "," or "}"');
      this.ws();
    }
    return out;
  }
}

const atom = (t: Term | undefined): string | undefined => (typeof t === 'object' && t !== null && 'atom' in t ? t.atom : undefined);
const tuple = (t: Term | undefined): Term[] => (typeof t === 'object' && t !== null && 'tuple' in t ? t.tuple : []);
const list = (t: Term | undefined): Term[] => (Array.isArray(t) ? t : []);

export function parseMixLock(file: string, bytes: Uint8Array): Manifest {
  const src = text(file, bytes);
  if (src.trim() === '') return { file, format: 'mix.lock', packages: [], notes: [] };
  const entries = new TermParser(src, file).top();
  const inv = new Inventory(file);
  const notes: string[] = [];
  const byApp = new Map<string, string>();
  const depsOf = new Map<string, string[]>();
  for (const [app, t] of entries) {
    const [kind, ...rest] = tuple(t);
    if (atom(kind) === 'hex') {
      const name = atom(rest[0]);
      const version = typeof rest[1] === 'string' ? rest[1] : undefined;
      if (!name || !version) continue;
      const p = inv.add({ ecosystem: 'Hex', name, version, deps: [] });
      byApp.set(app, pkgKey(p));
      depsOf.set(pkgKey(p), list(rest[4]).map((d) => atom(tuple(d)[0])).filter((a): a is string => !!a));
    } else if (atom(kind) === 'git') {
      const where = `${typeof rest[0] === 'string' ? rest[0] : '?'} at ${typeof rest[1] === 'string' ? rest[1].slice(0, 12) : '?'}`;
      byApp.set(app, pkgKey(inv.add({ ecosystem: 'Hex', name: app, version: '', deps: [], unresolved: `from git ${where}: no Hex release version` })));
    }
  }
  for (const [k, apps] of depsOf) inv.get(k)!.deps = apps.map((a) => byApp.get(a)).filter((x): x is string => !!x);
  const required = new Set(inv.list().flatMap((p) => p.deps ?? []));
  for (const p of inv.list()) p.direct = !required.has(pkgKey(p));
  return { file, format: 'mix.lock', packages: inv.list(), notes };
}
