/**
 * Benchmark of the full Android engine on the corpus:
 *   npm run bench -- engine   (or npx tsx packages/engines/android/bench/engine.bench.ts [runs])
 * Each sample runs in its own child process, so peak RSS is per sample: the
 * median wall time of N full assessments and the peak RSS. When apktool is on
 * PATH (Debian package apktool; not installed by this script), the same APK
 * is decoded with `apktool d -f -o <tmp>` in the same run as the reference,
 * and the speed-up is printed. Then a ~200 MB APK built from DIVA's parts
 * (./large-apk.ts, in a temp folder; CITADEL_BENCH_LARGE=0 skips it) is
 * measured the same way against the goal: peak RSS under 1 GB, at least 10x
 * faster than apktool.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engine } from '../src/index.ts';
import { buildLargeApk } from './large-apk.ts';

const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/android/', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function child(apk: string): Promise<void> {
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const a = await engine.run({ files: [{ path: apk, name: apk.split('/').pop()! }] }, {}, {});
    times.push(performance.now() - t);
    summary = `${a.findings.filter((f) => f.result === 'fail').length} failed items, score ${a.score.score}, ${a.unreadable.length} unreadable`;
  }
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ medianMs: median(times), peakRssMb: Math.round(rss), summary }));
}

function onPath(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function apktoolMs(apk: string, apktoolRuns: number): number | undefined {
  const times: number[] = [];
  for (let i = 0; i < apktoolRuns; i++) {
    const out = mkdtempSync(join(tmpdir(), 'apktool-'));
    const t = performance.now();
    const r = spawnSync('apktool', ['d', '-f', '-o', join(out, 'o'), apk], { stdio: 'ignore' });
    times.push(performance.now() - t);
    rmSync(out, { recursive: true, force: true });
    if (r.status !== 0) return undefined;
  }
  return median(times);
}

/** Measures one package in a child process (its own peak RSS) and, when present, apktool on the same file. */
function measure(name: string, apk: string, engineRuns: number, apktoolRuns: number, withApktool: boolean): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), String(engineRuns), apk], { encoding: 'utf8' });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  let res: { medianMs: number; peakRssMb: number; summary: string };
  try {
    res = JSON.parse(line) as typeof res;
  } catch {
    console.log(`${name}: failed\n${r.stderr}`);
    return;
  }
  let ref = '';
  if (withApktool && name.endsWith('.apk')) {
    const ms = apktoolMs(apk, apktoolRuns);
    ref = ms === undefined ? ', apktool failed' : `, apktool d ${ms.toFixed(0)} ms (${(ms / res.medianMs).toFixed(1)}x slower than the engine)`;
  }
  // The machine is shared: the load average says how much the figures may be off.
  console.log(`${name}: full assessment median ${res.medianMs.toFixed(0)} ms of ${engineRuns}, peak RSS ${res.peakRssMb} MB (${res.summary})${ref} [load ${loadavg()[0]!.toFixed(1)}]`);
}

async function main(): Promise<void> {
  if (process.argv[3]) return child(process.argv[3]);
  if (!existsSync(CORPUS)) {
    console.log(`corpus not found at ${CORPUS}; nothing to measure`);
    return;
  }
  const hasApktool = onPath('apktool');
  if (!hasApktool) console.log('apktool not on PATH (Debian package apktool): reference timing skipped');
  for (const name of readdirSync(CORPUS).filter((n) => /\.(apk|apks|xapk|aab|aar|jar)$/.test(n)).sort()) {
    measure(name, join(CORPUS, name), runs, Math.min(runs, 3), hasApktool);
  }
  if (process.env.CITADEL_BENCH_LARGE === '0' || !existsSync(join(CORPUS, 'diva.apk'))) return;
  const dir = mkdtempSync(join(tmpdir(), 'android-large-'));
  try {
    const large = await buildLargeApk(dir, join(CORPUS, 'diva.apk'));
    console.log(`large.apk: ${large.sizeMb} MB, ${large.entries} entries, ${large.dexFiles} DEX files, ${large.nativeLibs} native libraries`);
    measure('large.apk', large.path, Math.min(runs, 3), 1, hasApktool);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
