/**
 * Strategy → javascript-obfuscator options, and the expiry guard. The
 * obfuscator runs locally (its `obfuscate`; the Pro cloud API is never used).
 * Source maps are never produced.
 */
import JavaScriptObfuscator from 'javascript-obfuscator';
import { ShieldError, commonObfuscatorOptions, finishScript, prepareScript, type StrategyValues } from '@citadel/shield-core';
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

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function obfuscatorOptions(s: StrategyValues, job: Pick<ScriptJob, 'module' | 'reserved'>, seed: number): ObfuscatorOptions {
  const reserved = [...job.reserved];
  const domains = (s.domainLock as string[]).map((d) => (d.startsWith('*.') ? d.slice(1) : d));
  return {
    ...(commonObfuscatorOptions(s, seed) as ObfuscatorOptions),
    target: 'browser',
    // identifier renaming cannot be switched off in javascript-obfuscator; "off" keeps every name
    ...(s.renameIdentifiers ? {} : { reservedNames: ['^.*$'] }),
    // module top-level bindings are imported by name from other files: never renamed as globals
    renameGlobals: Boolean(s.renameGlobals) && !job.module,
    ...(s.renameIdentifiers && reserved.length ? { reservedNames: [`^(?:${reserved.map(escapeRe).join('|')})$`] } : {}),
    debugProtection: Boolean(s.debugProtection),
    disableConsoleOutput: Boolean(s.disableConsoleOutput),
    domainLock: domains,
    domainLockRedirectUrl: 'about:blank',
  };
}

/**
 * A guard that stops the script after the expiry date (end of that day, UTC):
 * it clears the page and throws before any of the script's own code runs. It is
 * obfuscated together with the script, so its date is not a plain constant.
 */
export function expiryGuard(expiresAt: string): string {
  const limit = Date.parse(`${expiresAt}T23:59:59.999Z`);
  if (!Number.isFinite(limit)) return '';
  return `if(Date.now()>${limit}){try{document.documentElement.innerHTML='';}catch(e){}throw new Error('expired');}\n`;
}

export function obfuscateScript(job: ScriptJob, s: StrategyValues, seed: number): string {
  // the guard goes after a "use strict" prologue; a module gets an explicit one (see prepareScript)
  const prepared = prepareScript(job.code, job.module, s.expiresAt ? expiryGuard(String(s.expiresAt)) : '');
  try {
    return finishScript(prepared, JavaScriptObfuscator.obfuscate(prepared.source, obfuscatorOptions(s, job, seed)).getObfuscatedCode());
  } catch (err) {
    throw new ShieldError('script_syntax', ERRORS.scriptSyntax, `${job.label}: ${(err as Error).message.split('\n')[0]!.slice(0, 200)}`);
  }
}
