/**
 * TypeScript compiled with the project's own tsconfig.json through the
 * compiler API (no shell). The compiler only sees the project folder and its
 * own lib files: a tsconfig that "include"s or "extends" something outside the
 * project finds nothing there (an uploaded config must not pull server files
 * into the output). Output never carries source maps, declaration maps or
 * comments; type errors do not stop the emit (as with plain `tsc`: the
 * project's node_modules types are often not in the zip) and are not
 * collected (a full type check costs most of the time), syntax errors stop it.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { ShieldError } from '@citadel/shield-core';
import ts from 'typescript';
import { ERRORS } from './texts.ts';

export interface CompileOutcome {
  /** project-relative path → emitted text (.js, .cjs, .mjs, .d.ts) */
  emitted: Map<string, string>;
  /** project-relative paths of the TypeScript sources that were compiled */
  sources: string[];
  /** errors the emit reported without stopping (e.g. declaration emit); a full type check is not run: it is the project's own build's job and costs most of the time */
  typeErrors: number;
  firstTypeErrors: string[];
  usedTsconfig: boolean;
}

const isTsSource = (p: string) => /\.(c|m)?tsx?$/i.test(p) && !/\.d\.(c|m)?tsx?$/i.test(p);

export function hasTypeScript(paths: Iterable<string>): boolean {
  for (const p of paths) if (isTsSource(p) && !/(^|\/)node_modules\//.test(p)) return true;
  return false;
}

/** A system whose file access is limited to the project folder and the compiler's lib folder. */
function confinedSystem(root: string): ts.System {
  const libDir = path.dirname(ts.getDefaultLibFilePath({}));
  const inside = (p: string) => {
    const abs = path.resolve(root, p);
    let real = abs;
    try {
      real = realpathSync(abs);
    } catch {
      /* not there (yet): judge by the path itself */
    }
    return [root, libDir].some((base) => real === base || real.startsWith(base + path.sep));
  };
  return {
    ...ts.sys,
    fileExists: (p) => inside(p) && ts.sys.fileExists(p),
    directoryExists: (p) => inside(p) && ts.sys.directoryExists(p),
    readFile: (p, enc) => (inside(p) ? ts.sys.readFile(p, enc) : undefined),
    readDirectory: (p, ext, ex, inc, depth) => (inside(p) ? ts.sys.readDirectory(p, ext, ex, inc, depth).filter(inside) : []),
    getDirectories: (p) => (inside(p) ? ts.sys.getDirectories(p) : []),
    writeFile: () => {
      throw new Error('the compiler may not write through the system');
    },
    getCurrentDirectory: () => root,
  };
}

const FORCED: ts.CompilerOptions = {
  sourceMap: false,
  inlineSourceMap: false,
  inlineSources: false,
  declarationMap: false,
  noEmit: false,
  emitDeclarationOnly: false,
  noEmitOnError: false,
  removeComments: true,
  incremental: false,
  composite: false,
  tsBuildInfoFile: undefined,
};

/** Without a tsconfig: what Node 20 runs, files emitted next to their sources; no DOM library (a Node project). */
const NO_TSCONFIG: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  esModuleInterop: true,
  skipLibCheck: true,
};

const flat = (d: ts.Diagnostic) => {
  const where = d.file ? `${d.file.fileName.split('/').slice(-2).join('/')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : '';
  return `${where}${ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 200)}`;
};

export function compileProject(rootDir: string, paths: string[]): CompileOutcome {
  const root = realpathSync(rootDir);
  const sys = confinedSystem(root);
  const configPath = path.join(root, 'tsconfig.json');
  let options: ts.CompilerOptions;
  let rootNames: string[];
  const usedTsconfig = sys.fileExists(configPath);
  if (usedTsconfig) {
    const host: ts.ParseConfigFileHost = { ...sys, onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new ShieldError('compile_failed', ERRORS.compile, `tsconfig.json: ${flat(d)}`);
    } };
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, FORCED, host);
    if (!parsed) throw new ShieldError('compile_failed', ERRORS.compile, 'tsconfig.json could not be read');
    // a missing "extends" base is reported but the config still works with its own options
    options = { ...parsed.options, ...FORCED };
    rootNames = parsed.fileNames;
  } else {
    options = { ...NO_TSCONFIG, ...FORCED };
    rootNames = paths.filter((p) => isTsSource(p) && !/(^|\/)node_modules\//.test(p)).map((p) => path.join(root, p));
  }
  if (options.outDir && !inside(root, path.resolve(root, options.outDir))) throw new ShieldError('compile_failed', ERRORS.compile, 'outDir points outside the project');
  if (options.outFile) throw new ShieldError('compile_failed', ERRORS.compile, 'outFile is not supported (one bundle loses the package entry points)');

  const host = ts.createCompilerHost(options, true);
  Object.assign(host, {
    fileExists: sys.fileExists,
    readFile: sys.readFile,
    directoryExists: sys.directoryExists,
    getDirectories: sys.getDirectories,
    getCurrentDirectory: () => root,
    realpath: (p: string) => p,
  });
  const program = ts.createProgram({ rootNames, options, host });
  const syntax = program.getSyntacticDiagnostics();
  const global = program.getOptionsDiagnostics().filter((d) => d.category === ts.DiagnosticCategory.Error && d.code !== 6053);
  if (syntax.length) throw new ShieldError('compile_failed', ERRORS.compile, syntax.slice(0, 3).map(flat).join('; '));
  if (global.length && !rootNames.length) throw new ShieldError('compile_failed', ERRORS.compile, global.slice(0, 3).map(flat).join('; '));
  const emitted = new Map<string, string>();
  const result = program.emit(undefined, (fileName, text) => {
    const abs = path.resolve(root, fileName);
    if (!inside(root, abs)) throw new ShieldError('compile_failed', ERRORS.compile, `output outside the project: ${path.basename(fileName)}`);
    if (/\.(map|tsbuildinfo)$/i.test(abs)) return;
    emitted.set(path.relative(root, abs).split(path.sep).join('/'), text);
  });
  const emitErrors = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (result.emitSkipped) throw new ShieldError('compile_failed', ERRORS.compile, emitErrors.slice(0, 3).map(flat).join('; ') || 'nothing emitted');
  const sources = program
    .getSourceFiles()
    .map((f) => path.relative(root, f.fileName).split(path.sep).join('/'))
    .filter((p) => !p.startsWith('..') && !path.isAbsolute(p) && isTsSource(p) && !/(^|\/)node_modules\//.test(p));
  const typeErrs = emitErrors.filter((d) => d.category === ts.DiagnosticCategory.Error);
  return { emitted, sources, typeErrors: typeErrs.length, firstTypeErrors: typeErrs.slice(0, 3).map(flat), usedTsconfig };
}

function inside(root: string, abs: string): boolean {
  return abs === root || abs.startsWith(root + path.sep);
}
