/**
 * The product's default path, as a user runs it after `npm run build`:
 *   1. build: esbuild bundles (what `npm run build` does for the server and CLI)
 *      against `tsc`'s type check alone, a lower bound of a tsc build;
 *   2. CLI start: `citadel --list-engines` (dist/citadel.js, the bin launcher, and
 *      the sources through tsx) against a bare `node -e 0`, alternated in the same run so load on
 *      the machine weighs on both; the launcher's build-stamp check on its own;
 *   3. offline APK scan end to end (`citadel scan X.apk`) of every APK in the
 *      shared corpus against `apktool d` of the same file (when apktool is
 *      installed; Debian: apt-get install apktool).
 * Medians of wall time; peak RSS from /usr/bin/time when it is installed.
 * Build output goes to a temporary folder next to dist/ (not dist/ itself).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundle } from '../build/bundle.mjs';
import { DIST, ROOT, buildState, writeStamp } from '../build/stamp.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const corpus = path.resolve(ROOT, '../shared/corpus/android');
const work = mkdtempSync(path.join(tmpdir(), 'citadel-bench-'));
symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'));
const out = path.join(work, 'dist');
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/**
 * Runs a command once: wall ms, and CPU ms (user + system) and peak RSS MB when /usr/bin/time
 * exists — on a loaded machine the CPU time is the steadier measure. Fails loudly on an unexpected exit.
 */
function timed(cmd, args, okCodes = [0]) {
  const rssFile = path.join(work, 'rss');
  const started = process.hrtime.bigint();
  const r = timeBin
    ? spawnSync(timeBin, ['-f', '%M %U %S', '-o', rssFile, cmd, ...args], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 << 20 })
    : spawnSync(cmd, args, { cwd: work, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (!okCodes.includes(r.status)) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(-500)}`);
  const [rss, user, sys] = timeBin ? readFileSync(rssFile, 'utf8').trim().split('\n').pop().split(' ').map(Number) : [];
  return { ms, rssMb: timeBin ? rss / 1024 : undefined, cpuMs: timeBin ? (user + sys) * 1000 : undefined };
}

function summary(samples) {
  const rss = samples.map((s) => s.rssMb).filter((x) => x !== undefined);
  const cpu = samples.map((s) => s.cpuMs).filter((x) => x !== undefined);
  return { ms: median(samples.map((s) => s.ms)), rssMb: rss.length ? Math.max(...rss) : undefined, cpuMs: cpu.length ? median(cpu) : undefined };
}
const cpu = (x) => (x.cpuMs === undefined ? '' : `, CPU ${fmt(x.cpuMs)}`);
const cpuRatio = (a, b) => (a.cpuMs === undefined || b.cpuMs === undefined ? '' : `; by CPU time ${(a.cpuMs / b.cpuMs).toFixed(1)}×`);

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`node ${process.version}, ${RUNS} runs each, load average ${load()}`);

// 1. Build.
let t = Date.now();
await bundle(ROOT, out);
const bundleMs = Date.now() - t;
// BENCH_SKIP_TSC=1 leaves out the type check (minutes on a loaded machine).
t = Date.now();
const tsc = process.env.BENCH_SKIP_TSC === '1' ? { status: 'skipped' } : spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.json'), '--noEmit'], { cwd: ROOT, stdio: 'ignore' });
const tscMs = Date.now() - t;
console.log(`build: esbuild bundles ${fmt(bundleMs)}; tsc type check alone ${fmt(tscMs)} (exit ${tsc.status}; a tsc build emits on top of that)`);

// 2. CLI start.
const cli = path.join(out, 'citadel.js');
// The `citadel` command itself (the bin launcher) runs dist/ only while that build is current;
// in a checkout others are editing it goes stale under the bench, so it is rebuilt before each run.
async function currentDist() {
  if (buildState() === 'current') return;
  const meta = await bundle(ROOT, DIST);
  writeStamp(Object.keys(meta.inputs).map((p) => path.relative(ROOT, path.resolve(ROOT, p))));
}
const bin = path.join(ROOT, 'packages/cli/bin/citadel.mjs');
const bare = [];
const built = [];
const launched = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(timed(process.execPath, ['-e', '0']));
  built.push(timed(process.execPath, [cli, '--list-engines']));
  await currentDist();
  launched.push(timed(process.execPath, [bin, '--list-engines']));
}
const source = [];
for (let i = 0; i < Math.min(RUNS, 3); i++) source.push(timed(process.execPath, ['--import', 'tsx', path.join(ROOT, 'packages/cli/src/main.ts'), '--list-engines']));
const b = summary(bare);
const c = summary(built);
const s = summary(source);
const l = summary(launched);
console.log(`cli start: node -e 0 ${fmt(b.ms)}${cpu(b)}`);
console.log(`  dist/citadel.js --list-engines ${fmt(c.ms)}${cpu(c)}: ${(c.ms / b.ms).toFixed(1)}× node -e 0${cpuRatio(c, b)} (target ≤ 8×; peak ${c.rssMb?.toFixed(0) ?? '?'} MB)`);
console.log(`  citadel (bin launcher: build-stamp check, then dist/) ${fmt(l.ms)}${cpu(l)}: ${(l.ms / b.ms).toFixed(1)}×${cpuRatio(l, b)}`);
console.log(`  from the sources through tsx ${fmt(s.ms)}${cpu(s)}: ${(s.ms / b.ms).toFixed(1)}×${cpuRatio(s, b)}`);
t = process.hrtime.bigint();
const state = buildState();
console.log(`launcher: build-stamp check of dist/ (${state}) ${fmt(Number(process.hrtime.bigint() - t) / 1e6)}`);

// 3. Offline APK scans.
const apks = existsSync(corpus) ? readdirSync(corpus).filter((f) => f.endsWith('.apk')).sort() : [];
if (apks.length === 0) console.log(`apk scan: skipped, no corpus at ${corpus}`);
const apktool = spawnSync('sh', ['-c', 'command -v apktool'], { encoding: 'utf8' }).stdout.trim();
if (!apktool) console.log('apk scan: apktool is not installed (Debian: apt-get install apktool); scans are timed alone');
for (const apk of apks) {
  const file = path.join(corpus, apk);
  const size = (readFileSync(file).length / 1e6).toFixed(1);
  const scans = [];
  const decodes = [];
  for (let i = 0; i < Math.min(RUNS, 5); i++) {
    scans.push(timed(process.execPath, [cli, 'scan', file, '--quiet', '--format', 'json'], [0, 1]));
    if (apktool) {
      const dest = path.join(work, 'apktool-out');
      decodes.push(timed(apktool, ['d', '-f', '-o', dest, file]));
      rmSync(dest, { recursive: true, force: true });
    }
  }
  const sc = summary(scans);
  const line = `apk scan ${apk} (${size} MB): citadel scan ${fmt(sc.ms)}${cpu(sc)} (peak ${sc.rssMb?.toFixed(0) ?? '?'} MB)`;
  if (apktool) {
    const d = summary(decodes);
    console.log(`${line}; apktool d ${fmt(d.ms)}${cpu(d)} (peak ${d.rssMb?.toFixed(0) ?? '?'} MB); citadel is ${(d.ms / sc.ms).toFixed(1)}× faster end to end${cpuRatio(d, sc)} (target ≥ 10×)`);
  } else console.log(line);
}
console.log(`load average at the end ${load()}`);
rmSync(work, { recursive: true, force: true });
