/**
 * Benchmark of the whole firmware analysis against `binwalk -e` in the same run
 * (`npm run bench -- firmware` or `npx tsx packages/engines/firmware/bench/engine.bench.ts [runs]`):
 * for each shared real image, the median wall time of N full assessments
 * (unpacking, every check, SBOM; no vulnerability data) in a child process of
 * its own with its peak RSS, then the median of N `binwalk -e` runs (which only
 * unpacks) on a copy in a temp folder, with binwalk's peak RSS (GNU time's
 * rusage of the child). binwalk is Debian's binwalk (benchmark only, not a
 * product dependency); without it the comparison is skipped with the reason.
 * The issue's goal: the whole WR841N analysis in less time than binwalk -e.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engine } from '../src/index.ts';
import { FIRMWARE_CORPUS } from '../src/testing/index.ts';

const runs = Number(process.argv[2] ?? 5);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function child(path: string): Promise<void> {
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const a = await engine.run({ files: [{ path, name: path.split('/').pop()! }] }, {}, {});
    times.push(performance.now() - t);
    const fs = (a.target.filesystems as { readNodes: number; declaredInodes: number }[]).map((f) => `${f.readNodes}/${f.declaredInodes} inodes`).join(', ');
    summary = `${fs}, ${(a.target.components as unknown[]).length} components, ${a.findings.filter((f) => f.result === 'fail').length} failed items`;
  }
  console.log(JSON.stringify({ medianMs: median(times), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), summary }));
}

function countFiles(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? countFiles(join(dir, e.name)) : 1;
  return n;
}

function binwalk(path: string): string {
  if (spawnSync('binwalk', ['--help'], { encoding: 'utf8' }).error) return 'binwalk -e: skipped (binwalk is not installed: apt-get install binwalk)';
  const times: number[] = [];
  let rss = 0;
  let files = 0;
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'fw-binwalk-'));
    const copy = join(dir, 'image.bin');
    copyFileSync(path, copy);
    const t = performance.now();
    // /usr/bin/time -f %M gives binwalk's own peak RSS (KiB), when installed.
    const timed = existsSync('/usr/bin/time');
    const r = spawnSync(timed ? '/usr/bin/time' : 'binwalk', timed ? ['-f', '%M', 'binwalk', '-e', '-q', '--run-as=root', '-C', dir, copy] : ['-e', '-q', '--run-as=root', '-C', dir, copy], { encoding: 'utf8', cwd: dir });
    times.push(performance.now() - t);
    if (timed) rss = Math.max(rss, Number(r.stderr.trim().split('\n').pop()) / 1024 || 0);
    files = countFiles(dir) - 1;
    rmSync(dir, { recursive: true, force: true });
  }
  return `binwalk -e: median ${median(times).toFixed(0)} ms of ${runs}${rss ? `, peak RSS ${rss.toFixed(0)} MB` : ''}, ${files} files extracted`;
}

function measure(label: string, path: string): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), String(runs), path], { encoding: 'utf8' });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    const res = JSON.parse(line) as { medianMs: number; peakRssMb: number; summary: string };
    console.log(`${label} (${(statSync(path).size / 1048576).toFixed(1)} MB): whole analysis median ${res.medianMs.toFixed(0)} ms of ${runs}, peak RSS ${res.peakRssMb} MB (${res.summary})`);
  } catch {
    console.log(`${label}: failed\n${r.stderr}`);
  }
  console.log(`${label}: ${binwalk(path)}`);
}

if (process.argv[3]) await child(process.argv[3]);
else {
  for (const [label, path] of Object.entries(FIRMWARE_CORPUS)) {
    if (existsSync(path)) measure(label, path);
    else console.log(`${label}: skipped (${path} absent)`);
  }
}
