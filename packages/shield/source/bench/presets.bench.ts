/**
 * Preset costs of source hardening (issue 28): for each built-in strategy,
 * protection time (compile + obfuscation), growth of the project's own
 * scripts, the time to load every entry point and to run the test command
 * before and after, and whether verification passed.
 *   npx tsx packages/shield/source/bench/presets.bench.ts (or npm run bench -- shield/source) [project.zip] [--test-command CMD] [--runs N]
 * Without a zip the builder's test project is used (with `node --test`).
 * Prints medians of --runs N (default 1) per preset, and peak RSS.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { presetValues } from '@citadel/shield-core';
import { sourceShield } from '../src/index.ts';
import { buildTestProject } from '../src/test-inputs.ts';

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(opt('--runs') ?? 0) || 1;
const work = mkdtempSync(path.join(tmpdir(), 'shield-source-bench-'));
let input = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
let testCommand = opt('--test-command') ?? '';
if (!input) {
  input = path.join(work, 'price-kit.zip');
  writeFileSync(input, buildTestProject());
  testCommand ||= 'node --test';
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`input ${path.basename(input)}, test command ${JSON.stringify(testCommand)}, ${runs} run(s) per preset`);
console.log('preset           protect ms  own scripts before → after (growth)   load ms before → after   test ms before → after   verified');
try {
  for (const d of sourceShield.defaults) {
    const m: Record<string, number[]> = {};
    let last;
    for (let i = 0; i < runs; i++) {
      const dir = mkdtempSync(path.join(work, 'run-'));
      last = await sourceShield.harden({ path: input, name: path.basename(input) }, { ...presetValues(sourceShield.schema, d), testCommand }, { workDir: dir });
      for (const [k, v] of Object.entries(last.metrics)) (m[k] ??= []).push(v);
    }
    const g = (k: string) => median(m[k] ?? []);
    const failed = last!.verification.checks.filter((c) => !c.ok).map((c) => `${c.id}: ${c.detail}`);
    console.log(
      `${d.id.padEnd(16)} ${String(g('protectMs')).padStart(10)}  ${kb(g('scriptBytesBefore'))} → ${kb(g('scriptBytesAfter'))} (×${(g('scriptBytesAfter') / g('scriptBytesBefore')).toFixed(2)})`.padEnd(72) +
        `${g('loadMsBefore')} → ${g('loadMsAfter')}`.padEnd(25) +
        `${g('testMsBefore')} → ${g('testMsAfter')}`.padEnd(25) +
        (last!.verification.ok ? 'yes' : `NO: ${failed.join(' | ').slice(0, 300)}`),
    );
  }
  console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
