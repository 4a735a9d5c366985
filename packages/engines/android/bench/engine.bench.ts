/**
 * Benchmark of the full Android engine on the corpus:
 *   npm run bench -- engine   (or npx tsx packages/engines/android/bench/engine.bench.ts [runs])
 * Each sample is measured in rounds (at most 3): a child process assesses
 * it cold then warm (peak RSS per child), then, when apktool is on PATH
 * (Debian package apktool; not installed by this script), `apktool d -f -o
 * <tmp>` decodes the same APK as the reference. Rounds alternate engine and
 * apktool so both see the same load; the speed-up printed is the median of
 * the per-round ratios. Then a ~200 MB APK built from DIVA's parts
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

/** In the child: `runs` full assessments of one package; prints each time and the peak RSS. */
async function child(apk: string, childRuns: number): Promise<void> {
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < childRuns; i++) {
    const t = performance.now();
    const a = await engine.run({ files: [{ path: apk, name: apk.split('/').pop()! }] }, {}, {});
    times.push(performance.now() - t);
    summary = `${a.findings.filter((f) => f.result === 'fail').length} failed items, score ${a.score.score}, ${a.unreadable.length} unreadable`;
  }
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ times, peakRssMb: Math.round(rss), summary }));
}

function onPath(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function apktoolOnce(apk: string): number | undefined {
  const out = mkdtempSync(join(tmpdir(), 'apktool-'));
  try {
    const t = performance.now();
    const r = spawnSync('apktool', ['d', '-f', '-o', join(out, 'o'), apk], { stdio: 'ignore' });
    return r.status === 0 ? performance.now() - t : undefined;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

interface ChildResult {
  times: number[];
  peakRssMb: number;
  summary: string;
}

function engineChild(apk: string, childRuns: number): ChildResult | string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), String(childRuns), apk], { encoding: 'utf8' });
  try {
    return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as ChildResult;
  } catch {
    return r.stderr;
  }
}

/**
 * Measures one package `rounds` times. Each round is a fresh child process
 * (its own peak RSS) that assesses the package twice — the first run cold
 * (code not yet compiled), the second warm, as in the server's pooled
 * children — followed, when apktool is present, by `apktool d` on the same
 * file. Engine and apktool alternate so both see the same load on a shared
 * machine, and the speed-up is the median of the per-round ratios.
 */
function measure(name: string, apk: string, rounds: number, withApktool: boolean): void {
  const cold: number[] = [];
  const warm: number[] = [];
  const ref: number[] = [];
  const ratios: number[] = [];
  let rss = 0;
  let summary = '';
  const loadBefore = loadavg()[0]!;
  for (let i = 0; i < rounds; i++) {
    const res = engineChild(apk, 2);
    if (typeof res === 'string') {
      console.log(`${name}: failed\n${res}`);
      return;
    }
    cold.push(res.times[0]!);
    warm.push(res.times[1]!);
    rss = Math.max(rss, res.peakRssMb);
    summary = res.summary;
    if (withApktool && name.endsWith('.apk')) {
      const ms = apktoolOnce(apk);
      if (ms !== undefined) {
        ref.push(ms);
        ratios.push(ms / res.times[1]!);
      }
    }
  }
  let reference = '';
  if (withApktool && name.endsWith('.apk')) {
    reference = ref.length
      ? `; apktool d median ${median(ref).toFixed(0)} ms: ${median(ratios).toFixed(1)}x slower than the warm engine (per round ${ratios.map((r) => r.toFixed(1)).join(', ')}; ${(median(ref) / median(cold)).toFixed(1)}x against the cold run)`
      : '; apktool failed';
  }
  // The machine is shared: the load average says how much the figures may be off.
  console.log(
    `${name}: full assessment median ${median(warm).toFixed(0)} ms warm, ${median(cold).toFixed(0)} ms cold, ${rounds} rounds, peak RSS ${rss} MB (${summary})${reference} [load ${loadBefore.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}]`,
  );
}

async function main(): Promise<void> {
  if (process.argv[3]) return child(process.argv[3], runs);
  if (!existsSync(CORPUS)) {
    console.log(`corpus not found at ${CORPUS}; nothing to measure`);
    return;
  }
  const hasApktool = onPath('apktool');
  if (!hasApktool) console.log('apktool not on PATH (Debian package apktool): reference timing skipped');
  for (const name of readdirSync(CORPUS).filter((n) => /\.(apk|apks|xapk|aab|aar|jar)$/.test(n)).sort()) {
    measure(name, join(CORPUS, name), Math.min(runs, 3), hasApktool);
  }
  if (process.env.CITADEL_BENCH_LARGE === '0' || !existsSync(join(CORPUS, 'diva.apk'))) return;
  const dir = mkdtempSync(join(tmpdir(), 'android-large-'));
  try {
    const large = await buildLargeApk(dir, join(CORPUS, 'diva.apk'));
    console.log(`large.apk: ${large.sizeMb} MB, ${large.entries} entries, ${large.dexFiles} DEX files, ${large.nativeLibs} native libraries`);
    measure('large.apk', large.path, Math.min(runs, 3), hasApktool);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
