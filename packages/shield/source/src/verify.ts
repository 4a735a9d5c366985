/**
 * Verification of a protected project against its unprotected build (the
 * original after the TypeScript step, so that only the protection is judged):
 * every entry point loaded the same way before and after with the same
 * exports, every bin run with the same exit code and output, the user's test
 * command ending with the same exit code, and the static promises (no source
 * maps, no compiled TypeScript source, every protected script changed).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalizedText, StrategyValues, VerificationCheck } from '@citadel/shield-core';
import type { Entry } from './entries.ts';
import { PROBE_MARKER, PROBE_SOURCE } from './probe.ts';
import { networkIsolation, runSandboxed, type RunResult } from './sandbox.ts';
import { CHECKS, UNVERIFIED } from './texts.ts';

export const ENTRY_TIMEOUT_MS = 20_000;

export interface Trees {
  /** scratch folder of this job (the probe script and HOME live here) */
  work: string;
  before: string;
  after: string;
}

export interface DynamicVerification {
  checks: VerificationCheck[];
  unverified: LocalizedText[];
  testMsBefore?: number;
  testMsAfter?: number;
  loadMsBefore: number;
  loadMsAfter: number;
}

type Outcome = { text: string; ms: number; ok: boolean };

function describeRun(r: RunResult): string {
  if (r.timedOut) return 'still running at the time limit';
  const marker = r.stdout.lastIndexOf(PROBE_MARKER);
  if (marker >= 0) return r.stdout.slice(marker + PROBE_MARKER.length).split('\n')[0]!;
  return `exit ${r.code ?? 'killed'}: ${lastLine(r.stderr)}`;
}

const lastLine = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/ExperimentalWarning|--trace-warnings/.test(l))
    .slice(-1)[0]
    ?.slice(0, 300) ?? '';

async function loadOnce(t: Trees, dir: string, e: Entry, binArgs: string[], clockAt?: number, signal?: AbortSignal): Promise<Outcome> {
  const probe = path.join(t.work, 'probe.cjs');
  const home = path.join(t.work, 'home');
  if (e.mode === 'bin') {
    const r = await runSandboxed([process.execPath, path.resolve(dir, e.target), ...binArgs], { cwd: dir, home, timeoutMs: ENTRY_TIMEOUT_MS, ...(signal ? { signal } : {}) });
    const text = r.timedOut ? 'still running at the time limit' : `exit ${r.code ?? 'killed'}; stdout: ${r.stdout.split(dir).join('<project>').trim().slice(0, 2000)}`;
    return { text, ms: r.ms, ok: !r.timedOut && r.code !== undefined };
  }
  const argv = [process.execPath, '--experimental-permission', '--allow-addons', `--allow-fs-read=${dir}`, `--allow-fs-read=${probe}`, '--no-warnings', probe, e.mode, dir, e.target, ...(clockAt ? [String(clockAt)] : [])];
  const r = await runSandboxed(argv, { cwd: dir, home, timeoutMs: ENTRY_TIMEOUT_MS, ...(signal ? { signal } : {}) });
  const text = describeRun(r);
  return { text, ms: r.ms, ok: text.startsWith('{"ok":true') };
}

export async function verifyDynamic(t: Trees, entries: Entry[], patterns: string[], s: StrategyValues, signal?: AbortSignal): Promise<DynamicVerification> {
  await writeFile(path.join(t.work, 'probe.cjs'), PROBE_SOURCE);
  const checks: VerificationCheck[] = [];
  const unverified: LocalizedText[] = [];
  const binArgs = String(s.binArgs ?? '').split(/\s+/).filter(Boolean);
  let loadMsBefore = 0;
  let loadMsAfter = 0;
  if (!networkIsolation()) unverified.push(UNVERIFIED.network);
  if (!entries.length) unverified.push(UNVERIFIED.noEntries);
  if (patterns.length) unverified.push(UNVERIFIED.patterns);
  let originalFails = false;
  let expiryTarget: Entry | undefined;
  for (const e of entries) {
    if (signal?.aborted) break;
    const before = await loadOnce(t, t.before, e, binArgs, undefined, signal);
    const after = await loadOnce(t, t.after, e, binArgs, undefined, signal);
    loadMsBefore += before.ms;
    loadMsAfter += after.ms;
    if (!before.ok) originalFails = true;
    else if (e.mode !== 'bin') expiryTarget ??= e;
    const same = before.text === after.text;
    const id = `${e.mode}:${e.target}`;
    const detail = same ? `${e.label} (${e.mode}): ${short(before.text)}` : `${e.label} (${e.mode}): original ${short(before.text)} — protected ${short(after.text)}`;
    checks.push({ id, title: e.mode === 'bin' ? CHECKS.bin : CHECKS.entry, ok: same, detail });
  }
  if (originalFails) unverified.push(UNVERIFIED.originalFails);

  let testMsBefore: number | undefined;
  let testMsAfter: number | undefined;
  const command = String(s.testCommand ?? '').trim();
  if (command) {
    const timeoutMs = Number(s.testTimeoutSeconds ?? 120) * 1000;
    const home = path.join(t.work, 'home');
    const before = await runSandboxed(['/bin/sh', '-c', command], { cwd: t.before, home, timeoutMs, ...(signal ? { signal } : {}) });
    const after = await runSandboxed(['/bin/sh', '-c', command], { cwd: t.after, home, timeoutMs, ...(signal ? { signal } : {}) });
    testMsBefore = before.ms;
    testMsAfter = after.ms;
    const ok = !before.timedOut && !after.timedOut && before.code === after.code;
    const detail = ok
      ? `${command}: ${testSummary(before)} on both`
      : `${command}: original ${testSummary(before)} — protected ${testSummary(after)}; protected output: ${tail(after, t.after)}`;
    checks.push({ id: 'tests', title: CHECKS.tests, ok, detail: detail.slice(0, 1500) });
  } else unverified.push(UNVERIFIED.noTestCommand);

  if (s.expiresAt && expiryTarget) {
    const later = Date.parse(`${s.expiresAt}T23:59:59.999Z`) + 2 * 86_400_000;
    const r = await loadOnce(t, t.after, expiryTarget, binArgs, later, signal);
    const stopped = !r.ok && /expired/i.test(r.text);
    checks.push({ id: 'expiry-lock', title: CHECKS.expiry, ok: stopped, detail: `${expiryTarget.label} at ${new Date(later).toISOString().slice(0, 10)}: ${stopped ? 'refused to load' : short(r.text)}` });
  }
  return { checks, unverified, loadMsBefore, loadMsAfter, ...(testMsBefore !== undefined ? { testMsBefore, testMsAfter } : {}) };
}

const short = (s: string) => (s.length > 400 ? `${s.slice(0, 400)}…` : s);

/** "exit 0 (tests 4, pass 4, fail 0)": node:test's TAP summary when the output carries one. */
function testSummary(r: RunResult): string {
  if (r.timedOut) return `no result within ${Math.round(r.ms / 1000)} s`;
  const out = `${r.stdout}\n${r.stderr}`;
  const count = (k: string) => new RegExp(`^(?:#|ℹ) ${k} (\\d+)`, 'm').exec(out)?.[1];
  const parts = ['tests', 'pass', 'fail'].flatMap((k) => (count(k) !== undefined ? [`${k} ${count(k)}`] : []));
  return `exit ${r.code ?? 'killed'}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

function tail(r: RunResult, dir: string): string {
  const lines = `${r.stdout}\n${r.stderr}`.split(dir).join('<project>').split('\n').map((l) => l.trimEnd()).filter(Boolean);
  const failing = lines.filter((l) => /not ok|fail|error|assert/i.test(l));
  return (failing.length ? failing : lines).slice(-8).join(' | ').slice(0, 800);
}
