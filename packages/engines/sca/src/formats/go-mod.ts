/**
 * go.mod: `require` lines and blocks (`// indirect` marks transitive ones),
 * `replace` directives (a replaced module is checked under its replacement;
 * a local path replacement is the project's own code) and the Go toolchain
 * version, reported as the `stdlib` module as OSV's Go ecosystem names it.
 */
import { Inventory, type Manifest, ManifestError } from '../model.ts';
import { text } from './common.ts';

const unquote = (s: string): string => s.replace(/^"(.*)"$/, '$1').replace(/^`(.*)`$/, '$1');

export function parseGoMod(file: string, bytes: Uint8Array): Manifest {
  const src = text(file, bytes);
  const requires: { path: string; version: string; indirect: boolean }[] = [];
  const replaces = new Map<string, { path: string; version?: string; from?: string }>();
  let goVersion: string | undefined;
  let toolchain: string | undefined;
  let block: string | undefined;
  let sawModule = false;
  const lines = src.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const indirect = /\/\/\s*indirect\b/.test(raw);
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (!line) continue;
    if (block) {
      if (line === ')') {
        block = undefined;
        continue;
      }
      directive(block, line.split(/\s+/), indirect, i);
      continue;
    }
    const words = line.split(/\s+/);
    const verb = words[0]!;
    if (words[1] === '(') {
      block = verb;
      continue;
    }
    directive(verb, words.slice(1), indirect, i);
  }
  function directive(verb: string, w: string[], indirect: boolean, i: number): void {
    switch (verb) {
      case 'module':
        sawModule = true;
        break;
      case 'go':
        goVersion = w[0];
        break;
      case 'toolchain':
        toolchain = w[0]?.replace(/^go/, '');
        break;
      case 'require':
        if (w.length < 2) throw new ManifestError(file, `line ${i + 1}: require needs a module path and a version`);
        requires.push({ path: unquote(w[0]!), version: w[1]!, indirect });
        break;
      case 'replace': {
        const arrow = w.indexOf('=>');
        if (arrow < 1) throw new ManifestError(file, `line ${i + 1}: replace without =>`);
        const from = unquote(w[0]!);
        const fromVersion = arrow === 2 ? w[1] : undefined;
        const to = unquote(w[arrow + 1] ?? '');
        replaces.set(fromVersion ? `${from}@${fromVersion}` : from, { path: to, ...(w[arrow + 2] ? { version: w[arrow + 2] } : {}) });
        break;
      }
      default:
        break; // exclude, retract, godebug, tool: nothing to check
    }
  }
  if (!sawModule && requires.length === 0) throw new ManifestError(file, 'not a go.mod (no module or require directive)');
  const inv = new Inventory(file);
  const notes: string[] = [];
  for (const r of requires) {
    const rep = replaces.get(`${r.path}@${r.version}`) ?? replaces.get(r.path);
    if (rep && (rep.path.startsWith('.') || rep.path.startsWith('/'))) {
      notes.push(`${r.path} is replaced by the local folder ${rep.path}`);
      continue;
    }
    const name = rep?.path ?? r.path;
    const version = rep?.version ?? r.version;
    inv.add({ ecosystem: 'Go', name, version, direct: !r.indirect });
  }
  // The standard library at the toolchain the module asks for (a lower bound of what builds it).
  const std = toolchain ?? goVersion;
  if (std && /^\d+\.\d+(\.\d+)?$/.test(std)) inv.add({ ecosystem: 'Go', name: 'stdlib', version: /^\d+\.\d+$/.test(std) ? `${std}.0` : std, direct: true });
  return { file, format: 'go.mod', packages: inv.list(), notes };
}
