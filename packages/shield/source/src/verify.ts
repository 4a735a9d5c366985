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
import { networkIsolation, permissionFlag, runSandboxed, type RunResult } from './sandbox.ts';
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

type Outcome = { text: string; ok: boolean };

const lastLine = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/ExperimentalWarning|--trace-warnings/.test(l))
    .slice(-1)[0]
    ?.slice(0, 300) ?? '';

/** Loads the require/import entries of one tree in one sandboxed probe process. */
async function loadAll(t: Trees, dir: string, entries: Entry[], clockAt: number | undefined, signal?: AbortSignal): Promise<{ outcomes: Outcome[]; ms: number }> {
  if (!entries.length) return { outcomes: [], ms: 0 };
  const probe = path.join(t.work, 'probe.cjs');
  const list = JSON.stringify(entries.map((e) => [e.mode, e.target]));
  const argv = [process.execPath, permissionFlag(), '--allow-addons', `--allow-fs-read=${dir}`, `--allow-fs-read=${probe}`, '--no-warnings', probe, dir, list, ...(clockAt ? [String(clockAt)] : [])];
  const r = await runSandboxed(argv, { cwd: dir, home: path.join(t.work, 'home'), timeoutMs: ENTRY_TIMEOUT_MS * entries.length, ...(signal ? { signal } : {}) });
  const answers = new Map<number, string>();
  for (const line of r.stdout.split('\n')) {
    if (!line.startsWith(PROBE_MARKER)) continue;
    const rest = line.slice(PROBE_MARKER.length);
    const sp = rest.indexOf(' ');
    answers.set(Number(rest.slice(0, sp)), rest.slice(sp + 1));
  }
  const missing = r.timedOut ? 'still running at the time limit' : `no answer (exit ${r.code ?? 'killed'}: ${lastLine(r.stderr)})`;
  const outcomes = entries.map((_, i) => {
    const text = answers.get(i) ?? missing;
    return { text, ok: text.startsWith('{"ok":true') };
  });
  return { outcomes, ms: r.ms };
}

async function runBin(t: Trees, dir: string, e: Entry, binArgs: string[], signal?: AbortSignal): Promise<Outcome & { ms: number }> {
  const r = await runSandboxed([process.execPath, path.resolve(dir, e.target), ...binArgs], { cwd: dir, home: path.join(t.work, 'home'), timeoutMs: ENTRY_TIMEOUT_MS, ...(signal ? { signal } : {}) });
  const text = r.timedOut ? 'still running at the time limit' : `exit ${r.code ?? 'killed'}; stdout: ${r.stdout.split(dir).join('<project>').trim().slice(0, 2000)}`;
  return { text, ms: r.ms, ok: !r.timedOut && r.code !== undefined };
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
  const modules = entries.filter((e) => e.mode !== 'bin');
  const before = await loadAll(t, t.before, modules, undefined, signal);
  const after = await loadAll(t, t.after, modules, undefined, signal);
  loadMsBefore += before.ms;
  loadMsAfter += after.ms;
  const pairs: [Entry, Outcome, Outcome][] = modules.map((e, i) => [e, before.outcomes[i]!, after.outcomes[i]!]);
  for (const e of entries.filter((x) => x.mode === 'bin')) {
    if (signal?.aborted) break;
    const b = await runBin(t, t.before, e, binArgs, signal);
    const a = await runBin(t, t.after, e, binArgs, signal);
    loadMsBefore += b.ms;
    loadMsAfter += a.ms;
    pairs.push([e, b, a]);
  }
  let originalFails = false;
  for (const [e, b, a] of pairs) {
    if (!b.ok) originalFails = true;
    const same = b.text === a.text;
    const detail = same ? `${e.label} (${e.mode}): ${short(b.text)}` : `${e.label} (${e.mode}): original ${short(b.text)} — protected ${short(a.text)}`;
    checks.push({ id: `${e.mode}:${e.target}`, title: e.mode === 'bin' ? CHECKS.bin : CHECKS.entry, ok: same, detail });
  }
  if (originalFails) unverified.push(UNVERIFIED.originalFails);
  const expiryTarget = pairs.find(([e, b]) => e.mode !== 'bin' && b.ok)?.[0];

  let testMsBefore: number | undefined;
  let testMsAfter: number | undefined;
  const command = String(s.testCommand ?? '').trim();
  if (command) {
    const timeoutMs = Number(s.testTimeoutSeconds ?? 120) * 1000;
    const home = path.join(t.work, 'home');
    // Node processes of the command may read and write the project and the scratch home only
    const before = await runSandboxed(['/bin/sh', '-c', command], { cwd: t.before, home, timeoutMs, confineNode: true, ...(signal ? { signal } : {}) });
    const after = await runSandboxed(['/bin/sh', '-c', command], { cwd: t.after, home, timeoutMs, confineNode: true, ...(signal ? { signal } : {}) });
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
    const r = (await loadAll(t, t.after, [expiryTarget], later, signal)).outcomes[0]!;
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
