/**
 * Strategy → javascript-obfuscator options, and the expiry guard. The
 * obfuscator runs locally (its `obfuscate`; the Pro cloud API is never used).
 * Source maps are never produced.
 */
import JavaScriptObfuscator from 'javascript-obfuscator';
import { ShieldError, type StrategyValues } from '@citadel/shield-core';
import { ERRORS } from './texts.ts';

type ObfuscatorOptions = Parameters<typeof JavaScriptObfuscator.obfuscate>[1];

export interface ScriptJob {
  /** for messages: "app.js" or "index.html <script #2>" */
  label: string;
  code: string;
  module: boolean;
  /** names that must keep their spelling: used by HTML handlers or other scripts */
  reserved: Set<string>;
}

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function obfuscatorOptions(s: StrategyValues, job: Pick<ScriptJob, 'module' | 'reserved'>, seed: number): ObfuscatorOptions {
  const cff = num(s.controlFlowFlattening);
  const dead = num(s.deadCodeInjection);
  const enc = s.stringArrayEncoding === 'none' ? [] : [s.stringArrayEncoding as 'base64' | 'rc4'];
  const reserved = [...job.reserved];
  const domains = (s.domainLock as string[]).map((d) => (d.startsWith('*.') ? d.slice(1) : d));
  return {
    compact: true,
    seed,
    sourceMap: false,
    target: 'browser',
    simplify: true,
    identifierNamesGenerator: 'hexadecimal',
    // identifier renaming cannot be switched off in javascript-obfuscator; "off" keeps every name
    ...(s.renameIdentifiers ? {} : { reservedNames: ['^.*$'] }),
    // module top-level bindings are imported by name from other files: never renamed as globals
    renameGlobals: Boolean(s.renameGlobals) && !job.module,
    ...(s.renameIdentifiers && reserved.length ? { reservedNames: [`^(?:${reserved.map(escapeRe).join('|')})$`] } : {}),
    stringArray: Boolean(s.stringArray),
    stringArrayEncoding: enc,
    stringArrayRotate: Boolean(s.stringArrayRotate),
    stringArrayShuffle: Boolean(s.stringArrayRotate),
    stringArrayThreshold: num(s.stringArrayThreshold),
    stringArrayWrappersCount: s.stringArrayEncoding === 'rc4' ? 2 : 1,
    splitStrings: Boolean(s.splitStrings),
    splitStringsChunkLength: 8,
    controlFlowFlattening: cff > 0,
    controlFlowFlatteningThreshold: cff,
    deadCodeInjection: dead > 0,
    deadCodeInjectionThreshold: dead,
    numbersToExpressions: Boolean(s.numbersToExpressions),
    selfDefending: Boolean(s.selfDefending),
    debugProtection: Boolean(s.debugProtection),
    disableConsoleOutput: Boolean(s.disableConsoleOutput),
    domainLock: domains,
    domainLockRedirectUrl: 'about:blank',
    transformObjectKeys: false,
    unicodeEscapeSequence: false,
  };
}

/**
 * A guard that stops the script after the expiry date (end of that day, UTC):
 * it clears the page and throws before any of the script's own code runs. It is
 * obfuscated together with the script, so its date is not a plain constant.
 * Inserted after a "use strict" prologue so the directive keeps its effect.
 */
export function withExpiryGuard(code: string, expiresAt: string): string {
  const limit = Date.parse(`${expiresAt}T23:59:59.999Z`);
  if (!Number.isFinite(limit)) return code;
  const guard = `if(Date.now()>${limit}){try{document.documentElement.innerHTML='';}catch(e){}throw new Error('expired');}\n`;
  const m = /^(\s*(?:(['"])use strict\2;?\s*))/.exec(code);
  return m ? code.slice(0, m[1]!.length) + guard + code.slice(m[1]!.length) : guard + code;
}

const STRICT = /^\s*(['"])use strict\1/;

export function obfuscateScript(job: ScriptJob, s: StrategyValues, seed: number): string {
  const source = s.expiresAt ? withExpiryGuard(job.code, String(s.expiresAt)) : job.code;
  try {
    const out = JavaScriptObfuscator.obfuscate(source, obfuscatorOptions(s, job, seed)).getObfuscatedCode();
    // the obfuscator may put its string-array prelude before a "use strict" prologue, which turns the
    // directive into a plain expression and the script sloppy: restore it in front
    return STRICT.test(job.code) && !STRICT.test(out) ? `'use strict';${out}` : out;
  } catch (err) {
    throw new ShieldError('script_syntax', ERRORS.scriptSyntax, `${job.label}: ${(err as Error).message.split('\n')[0]!.slice(0, 200)}`);
  }
}
