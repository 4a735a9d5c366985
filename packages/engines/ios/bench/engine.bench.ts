/**
 * Benchmark of the full iOS engine (`npm run bench -- ios` or
 * `npx tsx packages/engines/ios/bench/engine.bench.ts [runs]`): the median
 * wall time of N full assessments and the peak RSS, each input in its own
 * child process so its RSS is its own. Inputs: every IPA of the corpus, and a
 * synthetic ~200 MB IPA built here in a temp folder (a ~100 MB Mach-O with
 * 200k strings and 50k symbols, plus ~100 MB of bundled resources and text
 * files), measured against the goal: under 20 s and under 1 GB.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildZip, type ZipWriterEntry } from '@citadel/engine-core';
import { engine } from '../src/index.ts';
import { writeMachO } from '../src/formats/test-utils/macho-writer.ts';
import { xmlPlist } from '../src/testing/build-ipa.ts';

const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/ios/', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const GOAL_MS = 20_000;
const GOAL_RSS_MB = 1024;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function child(path: string): Promise<void> {
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const a = await engine.run({ files: [{ path, name: path.split('/').pop()! }] }, {}, {});
    times.push(performance.now() - t);
    summary = `${a.findings.filter((f) => f.result === 'fail').length} failed items, ${a.unreadable.length} unreadable, score ${a.score.score}`;
  }
  console.log(JSON.stringify({ medianMs: median(times), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), summary }));
}

/** ~100 MB of code, 200k C strings (some URLs and keys), 50k symbols: the shape of a big app's executable. */
function bigExecutable(): Uint8Array {
  const strings: string[] = [];
  for (let i = 0; i < 200_000; i++) strings.push(i % 1000 === 0 ? `https://api${i}.example.com/v2/resource/${i}` : `label_${i}_${'x'.repeat(i % 40)}`);
  const symbols = [
    ...['___stack_chk_fail', '___stack_chk_guard', '_objc_release', '_objc_msgSend', '_NSLog', '_memcpy'].map((name) => ({ name, kind: 'import' as const, library: 1 })),
    ...Array.from({ length: 50_000 }, (_, i) => ({ name: `_exported_function_${i}`, kind: 'export' as const })),
  ];
  return writeMachO({
    flags: 0x200085,
    segments: [{ name: '__TEXT', sections: [{ name: '__text', data: randomBytes(92 << 20) }, { name: '__cstring', data: Buffer.from(strings.map((s) => `${s}\0`).join('')), flags: 2 }] }],
    dylibs: [{ name: '/usr/lib/libSystem.B.dylib' }],
    symbols,
    buildVersion: { platform: 2, minos: 0x0f0000, sdk: 0x110000 },
    main: true,
  });
}

function bigIpa(dir: string): string {
  const app = 'Payload/Big.app/';
  const entries: ZipWriterEntry[] = [
    { name: `${app}Info.plist`, data: xmlPlist({ CFBundleName: 'Big', CFBundleExecutable: 'Big', CFBundleIdentifier: 'com.example.big', MinimumOSVersion: '15.0' }) },
    { name: `${app}Big`, data: Buffer.from(bigExecutable()), method: 'stored' },
  ];
  for (let i = 0; i < 40; i++) entries.push({ name: `${app}Assets/image${i}.png`, data: randomBytes(5 << 19), method: 'stored' });
  for (let i = 0; i < 100; i++) entries.push({ name: `${app}config/settings${i}.json`, data: JSON.stringify({ endpoint: `https://cfg${i}.example.com`, items: Array.from({ length: 2000 }, (_, k) => `item-${k}`) }) });
  const path = join(dir, 'big.ipa');
  writeFileSync(path, buildZip(entries));
  return path;
}

function measure(label: string, path: string, goal: boolean): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), String(runs), path], { encoding: 'utf8' });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    const res = JSON.parse(line) as { medianMs: number; peakRssMb: number; summary: string };
    const verdict = goal ? ` — goal < ${GOAL_MS / 1000} s and < ${GOAL_RSS_MB} MB: ${res.medianMs < GOAL_MS && res.peakRssMb < GOAL_RSS_MB ? 'met' : 'NOT met'}` : '';
    console.log(`${label}: full assessment median ${res.medianMs.toFixed(0)} ms of ${runs}, peak RSS ${res.peakRssMb} MB (${res.summary})${verdict}`);
  } catch {
    console.log(`${label}: failed\n${r.stderr}`);
  }
}

async function main(): Promise<void> {
  if (process.argv[3]) return child(process.argv[3]);
  if (existsSync(CORPUS)) {
    for (const name of readdirSync(CORPUS).filter((n) => n.endsWith('.ipa')).sort()) measure(name, join(CORPUS, name), false);
  } else console.log(`corpus not found at ${CORPUS}`);
  const dir = mkdtempSync(join(tmpdir(), 'ios-bench-'));
  try {
    const path = bigIpa(dir);
    measure(`synthetic ${(statSync(path).size / 2 ** 20).toFixed(0)} MB IPA`, path, true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
