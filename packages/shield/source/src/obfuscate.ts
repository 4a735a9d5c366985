/**
 * One Node.js script obfuscated by strategy with javascript-obfuscator
 * (`target: 'node'`, run locally; its Pro cloud API is never used; no source
 * maps). Two things keep a protected package usable by others:
 *  - a CommonJS file's export names stay visible to Node's ESM loader: Node
 *    finds them by lexing the file (cjs-module-lexer), which cannot read
 *    `exports[_0x1f('0x2')] = …`; the original's names are restated after the
 *    code in the `0 && (module.exports = { … })` form the lexer reads and that
 *    never runs (the form esbuild emits for the same reason);
 *  - a hashbang line and a "use strict" prologue stay first (shield-core's
 *    prepareScript, which also makes an ES module's strictness explicit).
 */
import JavaScriptObfuscator from 'javascript-obfuscator';
import { initSync, parse } from 'cjs-module-lexer';
import { ShieldError, commonObfuscatorOptions, finishScript, prepareScript, type StrategyValues } from '@citadel/shield-core';
import { ERRORS } from './texts.ts';

type ObfuscatorOptions = Parameters<typeof JavaScriptObfuscator.obfuscate>[1];

export function obfuscatorOptions(s: StrategyValues, seed: number): ObfuscatorOptions {
  return {
    ...(commonObfuscatorOptions(s, seed) as ObfuscatorOptions),
    target: 'node',
    // in Node every file is its own scope: top-level names are private to the file, exports keep their names
    renameGlobals: Boolean(s.renameGlobals),
    debugProtection: false,
    disableConsoleOutput: false,
  };
}

let lexerReady = false;

/** Export names Node's ESM loader finds in a CommonJS file (the lexer Node itself uses). */
export function cjsExportNames(code: string): { exports: string[]; reexports: string[] } {
  if (!lexerReady) {
    initSync();
    lexerReady = true;
  }
  try {
    const r = parse(code);
    return { exports: [...new Set(r.exports)], reexports: [...new Set(r.reexports)] };
  } catch {
    // the loader finds no names in what it cannot lex either
    return { exports: [], reexports: [] };
  }
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** `0&&(module.exports={a,b,'c-d':0,...require("./x")})`: read by the lexer, never evaluated. */
export function exportNamesHint(names: { exports: string[]; reexports: string[] }): string {
  if (!names.exports.length && !names.reexports.length) return '';
  const props = [
    ...names.exports.map((n) => (IDENT.test(n) ? n : `${JSON.stringify(n)}:0`)),
    ...names.reexports.map((r) => `...require(${JSON.stringify(r)})`),
  ];
  return `\n0&&(module.exports={${props.join(',')}});\n`;
}

/** An expiry guard run before the file's own code; obfuscated with it, so the date is no plain constant. */
export function expiryGuard(expiresAt: string): string {
  const limit = Date.parse(`${expiresAt}T23:59:59.999Z`);
  return Number.isFinite(limit) ? `if(Date.now()>${limit}){throw new Error('This program has expired');}\n` : '';
}

export interface ScriptJob {
  label: string;
  code: string;
  commonjs: boolean;
}

export function obfuscateScript(job: ScriptJob, s: StrategyValues, seed: number): string {
  // the guard goes after a hashbang and a "use strict" prologue; an ES module gets an explicit one (see prepareScript)
  const prepared = prepareScript(job.code, !job.commonjs, s.expiresAt ? expiryGuard(String(s.expiresAt)) : '');
  let out: string;
  try {
    out = JavaScriptObfuscator.obfuscate(prepared.source, obfuscatorOptions(s, seed)).getObfuscatedCode();
  } catch (err) {
    throw new ShieldError('script_syntax', ERRORS.scriptSyntax, `${job.label}: ${(err as Error).message.split('\n')[0]!.slice(0, 200)}`);
  }
  const hint = job.commonjs ? exportNamesHint(cjsExportNames(job.code.replace(/^#![^\n]*/, ''))) : '';
  return `${finishScript(prepared, out)}${hint}`;
}
