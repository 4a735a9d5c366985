/**
 * Jailbreak, debugger and hooking detection. What is seen is recorded as
 * safe; a protection not seen becomes a low-risk fail, but only when the main
 * executable was readable and not encrypted — otherwise absence proves nothing.
 */
import type { Evidence } from '@citadel/contracts';
import type { BinarySummary } from '../package/model.ts';
import { type IosCheckContext, text } from './context.ts';
import { DEBUGGER_STRINGS, HOOK_IMPORTS, HOOK_STRINGS, JAILBREAK_CLASSES, JAILBREAK_IMPORTS, JAILBREAK_STRINGS, type StringSignature } from './resilience-signatures.ts';

export const RESILIENCE_KEYS = ['resilience.jailbreak_detection', 'resilience.debugger_detection', 'resilience.hook_detection'] as const;
const MAX_EVIDENCE_PER_BINARY = 10;

function stringHits(b: BinarySummary, signatures: readonly StringSignature[]): Evidence[] {
  const out: Evidence[] = [];
  const seen = new Set<string>();
  for (const s of b.strings) {
    for (const sig of signatures) {
      if (seen.has(sig.fragment) || !(sig.exact ? s.value === sig.fragment : s.value.includes(sig.fragment))) continue;
      seen.add(sig.fragment);
      out.push({ file: b.path, offset: s.offset, snippet: s.value.slice(0, 200), detail: `${sig.what} (${s.section})` });
    }
    if (out.length >= MAX_EVIDENCE_PER_BINARY) break;
  }
  return out;
}

function importHits(b: BinarySummary, names: readonly string[], detail: string): Evidence[] {
  const imported = new Set(b.slices.flatMap((s) => s.imports));
  return names.filter((n) => imported.has(n)).map((n) => ({ file: b.path, snippet: n, detail }));
}

function debuggerEvidence(b: BinarySummary): Evidence[] {
  const imported = new Set(b.slices.flatMap((s) => s.imports));
  const out: Evidence[] = [];
  if (imported.has('_ptrace')) out.push({ file: b.path, snippet: '_ptrace', detail: 'imports ptrace (PT_DENY_ATTACH)' });
  // sysctl alone is common (device model); with getpid it is the KERN_PROC_PID / P_TRACED pattern.
  if (imported.has('_sysctl') && imported.has('_getpid')) out.push({ file: b.path, snippet: '_sysctl', detail: 'imports sysctl and getpid (KERN_PROC_PID query for P_TRACED)' });
  for (const s of b.slices) {
    for (const at of s.inlinePtraceSyscalls.slice(0, 3)) out.push({ file: b.path, offset: at, snippet: 'mov x16, #26; svc #0x80', detail: `${s.arch}: inline ptrace system call` });
  }
  return out.concat(stringHits(b, DEBUGGER_STRINGS));
}

export async function resilienceChecks(c: IosCheckContext): Promise<void> {
  const main = c.pkg.binaries.find((b) => b.role === 'main');
  await c.run([...RESILIENCE_KEYS], () => {
    for (const b of c.pkg.binaries) {
      const opts = { attribution: b.owner };
      const jailbreak = [...stringHits(b, JAILBREAK_STRINGS), ...importHits(b, JAILBREAK_IMPORTS, 'fork() sandbox test')];
      const jbClass = b.classNames.find((n) => JAILBREAK_CLASSES.some((p) => n.startsWith(p)));
      if (jbClass) jailbreak.push({ file: b.path, className: jbClass, detail: 'jailbreak detection library' });
      if (jailbreak.length > 0) c.safe('resilience.jailbreak_detection', jailbreak, opts);
      const debug = debuggerEvidence(b);
      if (debug.length > 0) c.safe('resilience.debugger_detection', debug, opts);
      const hooks = [...stringHits(b, HOOK_STRINGS), ...importHits(b, HOOK_IMPORTS, 'walks the loaded images')];
      if (hooks.length > 0) c.safe('resilience.hook_detection', hooks, opts);
    }
    const missing = RESILIENCE_KEYS.filter((k) => !c.found.has(k));
    if (missing.length === 0) return;
    const encrypted = main?.slices.some((s) => s.protections.encrypted) ?? false;
    if (!main || encrypted) {
      c.notExecuted(missing, main ? 'the main executable is encrypted (FairPlay): its strings cannot be read' : 'the main executable could not be read');
      return;
    }
    for (const k of missing) c.fail(k, { file: main.path, detail: 'no sign of this protection in the imports, strings or code of any binary', fact: { id: 'resilience.no_sign' } }, { summary: { ...text('未发现该防护措施', 'No such protection found'), ja: 'この保護は見つかりませんでした' } });
  });
}
