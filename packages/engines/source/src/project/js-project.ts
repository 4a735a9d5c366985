/**
 * Cross-file data flow for JavaScript/TypeScript: the project's JS/TS files
 * (text only), and per file a Linker that resolves its imports of relative
 * modules (`import … from './x'`, `require('../y')`) to the exported
 * functions, classes and constructor functions there. A call with attacker
 * data in its arguments is followed into the other module with those values
 * (the module's own interpreter, memoised per argument signature = the
 * function's summary: which parameter reaches which sink, what comes back);
 * sinks reached there are reported at their own file with the whole path.
 *
 * Modules are parsed only when a tainted call reaches them and kept in a
 * small LRU, so memory stays bounded on large projects; parsing for modules
 * stops at twice the project's JS/TS text, so time stays bounded too.
 */
import path from 'node:path/posix';
import type { LanguageId, Syn } from '../parse/syntax.ts';
import { parseLoaded } from '../parse/parser.ts';
import { followFromModule } from '../taint/calls.ts';
import { sig } from '../taint/frame.ts';
import { type TaintHit, TaintInterpreter } from '../taint/interpreter.ts';
import { specsFor } from '../taint/match.ts';
import { functionAt, isFunction } from '../taint/syntax-profile.ts';
import { type ExternalRef, type Value, deepTaint } from '../taint/value.ts';
import type { Linker, Walker } from '../taint/walker.ts';
import { type ImportBinding, exportsOf, importsOf, memberOf } from './module-syntax.ts';
import { type ClassIndex, classFor, csharpMethods, declaredType, indexClasses } from './csharp-types.ts';
import { goDeclaredNames, goDefinitions, goMember, goSiblings } from './go-packages.ts';
import { pythonDefinitions, pythonImports, pythonMember, resolvePython } from './python-modules.ts';

/** How one language names, imports and defines modules (JS/TS, Python or Go packages). */
interface ModuleDialect {
  group: 'js' | 'python' | 'go' | 'csharp';
  /** Go: the files whose definitions a file sees without importing them (its package). */
  siblings?(project: JsProject, file: string): string[];
  importsOf(root: Syn, src: string): Map<string, ImportBinding>;
  exportsOf(root: Syn, src: string): Map<string, Syn>;
  memberOf(node: Syn, name: string, src: string): Syn | undefined;
  /** The project file `specifier` names from `from`. */
  resolve(project: JsProject, from: string, specifier: string): string | undefined;
}

export interface ProjectSource {
  lang: LanguageId;
  text: string;
}

interface ModuleUnit {
  path: string;
  interp: TaintInterpreter;
  exports: Map<string, Syn>;
}

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.mts', '.cts'];
/** Parsed modules kept for calls from other files: at most this many, of at most this much source text in all (a syntax tree costs ~100 bytes per character). */
const MAX_UNITS = 48;
const MAX_UNIT_CHARS = 1024 * 1024;
/** Results of calls into modules by function and argument signature, kept after the module's tree is dropped. */
const MAX_SUMMARIES = 200_000;

export class JsProject {
  private readonly units = new Map<string, ModuleUnit>();
  private unitChars = 0;
  /** Characters parsed for module units so far, and the most allowed (re-parsing after eviction is bounded). */
  private parsedChars = 0;
  private maxParsedChars = 0;
  private readonly summaries = new Map<string, Value>();
  /** Set when the parsing allowance ran out: later calls into modules not in memory were not followed. */
  limited = false;
  /** Receives hits found in other modules while a file's flows are followed into them. */
  onForeignHit: ((file: string, hit: TaintHit) => void) | undefined;

  /** The map may be filled after construction (the engine adds files as it reads them). */
  constructor(
    private readonly files: ReadonlyMap<string, ProjectSource>,
    private readonly dialect: ModuleDialect = JS_DIALECT,
  ) {}

  has(file: string): boolean {
    return this.files.has(file);
  }

  private readonly packages = new Map<string, Map<string, string | null>>();
  /** Go: every name the files of `file`'s folder declare, with the one file declaring it (null: several). */
  private packageNames(file: string): Map<string, string | null> {
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    let names = this.packages.get(dir);
    if (!names) {
      names = new Map();
      for (const sib of [file, ...(this.dialect.siblings?.(this, file) ?? [])]) {
        for (const n of new Set(goDeclaredNames(this.files.get(sib)?.text ?? ''))) names.set(n, names.has(n) ? null : sib);
      }
      this.packages.set(dir, names);
    }
    return names;
  }

  private classes: ClassIndex | undefined;
  /** C#: the project's classes and what implements each interface (read once, from the files' text). */
  classIndex(): ClassIndex {
    this.classes ??= indexClasses([...this.files].map(([f, s]) => [f, s.text] as [string, string]));
    return this.classes;
  }

  /** The project's file paths. */
  paths(): Iterable<string> {
    return this.files.keys();
  }

  /** Module parsing allowed for the whole project: as much again as its JS/TS text (at least 8 Mi characters). */
  private parseAllowance(): number {
    if (this.maxParsedChars > 0) return this.maxParsedChars;
    let total = 0;
    for (const f of this.files.values()) total += f.text.length;
    this.maxParsedChars = Math.max(8 * 1024 * 1024, total);
    return this.maxParsedChars;
  }

  text(file: string): string | undefined {
    return this.files.get(file)?.text;
  }

  /** The project file a relative specifier names from `from`, if there is one. */
  resolve(from: string, specifier: string): string | undefined {
    return this.dialect.resolve(this, from, specifier);
  }

  /** JS/TS: a relative specifier ('./x', '../y'), with the usual extensions and index files. */
  resolveJs(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
    const base = path.normalize(path.join(path.dirname(from), specifier));
    if (base.startsWith('../')) return undefined;
    const stem = base.replace(/\.(js|mjs|cjs|jsx)$/, '');
    const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
    return candidates.find((c) => this.files.has(c));
  }

  /** The linker of `file`, whose syntax tree is `root`. */
  linkerFor(file: string, root: Syn, src: string): Linker {
    const bindings = this.dialect.importsOf(root, src);
    const refs = new Map<string, Value>();
    for (const [local, b] of bindings) {
      // Python: from pkg import mod names a submodule when pkg/mod.py exists.
      const sub = this.dialect.group === 'python' && b.name !== '*' ? this.resolve(file, `${b.specifier}${b.specifier.endsWith('.') ? '' : '.'}${b.name}`) : undefined;
      if (sub) {
        refs.set(local, { ext: { module: sub, name: '*' } });
        continue;
      }
      const module = this.resolve(file, b.specifier);
      if (module) refs.set(local, { ext: { module, name: b.name } });
    }
    if (this.dialect.siblings) {
      // Names defined by exactly one other file of the package (not by this one) resolve there.
      // The package's names are read once per folder (a folder of n files is not scanned n times).
      const own = new Set(goDeclaredNames(src));
      for (const [n, sib] of this.packageNames(file)) if (sib && sib !== file && !own.has(n) && !refs.has(n)) refs.set(n, { ext: { module: sib, name: n } });
    }
    const classes = this.dialect.group === 'csharp' ? this.classIndex() : undefined;
    return {
      imported: (name) => refs.get(name),
      ...(classes
        ? {
            method: (receiver: string, name: string, isNew: boolean) => {
              // new Repo(…).Find / Repo.Find (static) / _repo.Find with _repo declared as Repo or IRepo.
              const type = isNew || /^[A-Z]\w*$/.test(receiver) ? receiver.replace(/^new\s+|\(.*$/gs, '').trim() : declaredType(src, receiver);
              const target = type ? classFor(classes, type) : undefined;
              return target && target.file !== file ? { module: target.file, name: `${target.cls}.${name}` } : undefined;
            },
          }
        : {}),
      call: (ref, member, args, depth, caller) => this.call(ref, member, args, depth, caller),
      resolve: (ref, member) => {
        const unit = this.unit(ref.module);
        const node = unit ? this.target(unit, ref, member) : undefined;
        return node && unit ? { node, src: unit.interp.src } : undefined;
      },
    };
  }

  private call(ref: ExternalRef, member: string | undefined, args: readonly Value[], depth: number, caller: Walker): Value | undefined {
    // Only data from an attacker is worth following: untainted calls cost nothing.
    if (!args.some((a) => deepTaint(a))) return undefined;
    // The summary of this function for these argument kinds, if an earlier call made it (its sinks were reported then).
    const key = `${ref.module}\0${ref.name}\0${member ?? ''}\0${depth}\0${args.map(sig).join(',')}`;
    const known = this.summaries.get(key);
    if (known) return known;
    const unit = this.unit(ref.module);
    if (!unit) return undefined;
    const node = this.target(unit, ref, member);
    if (!node) return undefined;
    const def = functionAt(node, unit.interp.src);
    if (!def) return undefined;
    const own = unit.interp.budget;
    unit.interp.budget = caller.budget;
    try {
      const out = followFromModule(unit.interp, def, args, depth);
      if (this.summaries.size < MAX_SUMMARIES) this.summaries.set(key, out);
      return out;
    } finally {
      unit.interp.budget = own;
    }
  }

  /** The function a symbol of `unit` (or its member) names. */
  private target(unit: ModuleUnit, ref: ExternalRef, member: string | undefined): Syn | undefined {
    const src = unit.interp.src;
    let node: Syn | undefined;
    if (ref.name === '*') {
      node = member === undefined ? unit.exports.get('default') : unit.exports.get(member);
      if (!node && member !== undefined) {
        const cjs = unit.exports.get('default');
        if (cjs) node = this.dialect.memberOf(cjs, member, src);
      }
    } else {
      const base = unit.exports.get(ref.name);
      node = base && member !== undefined ? this.dialect.memberOf(base, member, src) : base;
    }
    return node && isFunction(node) ? node : undefined;
  }

  private unit(file: string): ModuleUnit | undefined {
    const cached = this.units.get(file);
    if (cached) {
      this.units.delete(file);
      this.units.set(file, cached);
      return cached;
    }
    const source = this.files.get(file);
    if (!source) return undefined;
    if (this.parsedChars + source.text.length > this.parseAllowance()) {
      this.limited = true;
      return undefined;
    }
    this.parsedChars += source.text.length;
    const parsed = parseLoaded(source.lang, source.text);
    if (!parsed) return undefined;
    const interp = new TaintInterpreter(source.text, parsed.root, source.lang, specsFor(this.dialect.group), (hit) => this.onForeignHit?.(file, hit), {
      file,
      linker: this.linkerFor(file, parsed.root, source.text),
    });
    const unit: ModuleUnit = { path: file, interp, exports: this.dialect.exportsOf(parsed.root, source.text) };
    this.units.set(file, unit);
    this.unitChars += source.text.length;
    while (this.units.size > 1 && (this.units.size > MAX_UNITS || this.unitChars > MAX_UNIT_CHARS)) {
      const [oldest, gone] = this.units.entries().next().value!;
      this.units.delete(oldest);
      this.unitChars -= gone.interp.src.length;
    }
    return unit;
  }
}

export type { ImportBinding };

const JS_DIALECT: ModuleDialect = { group: 'js', importsOf, exportsOf, memberOf, resolve: (p, from, spec) => p.resolveJs(from, spec) };

/** Python modules of the project: imports by module name (python-modules.ts), top-level functions and classes. */
export const PYTHON_DIALECT: ModuleDialect = {
  group: 'python',
  importsOf: pythonImports,
  exportsOf: pythonDefinitions,
  memberOf: pythonMember,
  resolve: (p, from, spec) => resolvePython(from, spec, (f) => p.has(f)),
};

/** Go packages: a folder's files see each other's functions and methods (go-packages.ts). */
export const GO_DIALECT: ModuleDialect = {
  group: 'go',
  importsOf: () => new Map(),
  exportsOf: goDefinitions,
  memberOf: goMember,
  resolve: () => undefined,
  siblings: (p, file) => goSiblings(p.paths(), file),
};

/** C# classes across the project's files (csharp-types.ts): methods as `Class.Method`, reached through declared types. */
export const CSHARP_DIALECT: ModuleDialect = {
  group: 'csharp',
  importsOf: () => new Map(),
  exportsOf: csharpMethods,
  memberOf: (node) => node,
  resolve: () => undefined,
};
