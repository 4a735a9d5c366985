/**
 * Preset costs (issue 28): for each built-in strategy, protection time, size
 * growth and the page-load time before and after (headless Chromium, the
 * package served from memory), and whether the page still works.
 *   npx tsx packages/shield/h5/bench/presets.ts [web-app.zip|page.html] [--interaction "click #x"]… [--preset h5.strong]…
 * Without an argument the builder's test app is used. Prints medians of
 * --runs N (default 3) protections per preset, and peak RSS.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { presetValues } from '@citadel/shield-core';
import { h5Shield } from '../src/index.ts';
import { buildTestApp, TEST_APP_INTERACTIONS } from '../src/test-inputs.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 0) || 3;
const interactions = args.flatMap((a, i) => (args[i - 1] === '--interaction' ? [a] : []));
const only = args.flatMap((a, i) => (args[i - 1] === '--preset' ? [a] : []));
const work = mkdtempSync(path.join(tmpdir(), 'shield-bench-'));
let input = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const steps = input ? interactions : TEST_APP_INTERACTIONS;
if (!input) {
  input = path.join(work, 'test-app.zip');
  writeFileSync(input, buildTestApp());
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`input ${input}, ${runs} runs per preset`);
console.log('preset        protect ms  size in → out (growth)       load ms before → after   works');
try {
  for (const d of h5Shield.defaults.filter((x) => !only.length || only.includes(x.id))) {
    const protectMs: number[] = [];
    const before: number[] = [];
    const after: number[] = [];
    let last;
    for (let i = 0; i < runs; i++) {
      const dir = mkdtempSync(path.join(work, 'run-'));
      last = await h5Shield.harden({ path: input, name: path.basename(input) }, { ...presetValues(h5Shield.schema, d), interactions: steps }, { workDir: dir });
      protectMs.push(last.metrics.protectMs!);
      const bad = last.verification.checks.filter((c) => !c.ok);
      if (bad.length) console.log(`  ${d.id} run ${i + 1} (${last.applied.find((a) => a.id === 'obfuscate')?.detail}): ${bad.map((c) => `${c.id}: ${c.detail}`).join(' | ').slice(0, 800)}`);
      before.push(last.metrics.loadMsBefore!);
      after.push(last.metrics.loadMsAfter!);
    }
    const m = last!.metrics;
    const growth = (((m.outputBytes ?? 0) / (m.inputBytes || 1) - 1) * 100).toFixed(0);
    console.log(`${d.id.padEnd(13)} ${String(median(protectMs)).padStart(10)}  ${m.inputBytes} → ${m.outputBytes} (+${growth} %)`.padEnd(56) + `${median(before)} → ${median(after)}`.padEnd(25) + (last!.verification.ok ? 'yes' : `NO: ${last!.verification.checks.filter((c) => !c.ok).map((c) => c.id).join(', ')}`));
  }
  console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (this process; Chromium not included)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
