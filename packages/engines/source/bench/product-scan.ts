/**
 * Benchmarks measure the product as a user runs it: `npm run scan -- <folder> --format sarif`
 * with its defaults (no option a user would not pass), in its own process; this helper runs
 * that command and reads the SARIF back. Wall time and the child's peak RSS come from
 * /usr/bin/time when it is installed (Debian `time`), else only the wall time is given.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface SarifHit {
  ruleId: string;
  uri: string;
  line: number;
  /** Every location of the result's code flows (source → steps → sink), uri and line. */
  flow: { uri: string; line: number }[];
}

export interface ProductScan {
  hits: SarifHit[];
  ms: number;
  peakRssMb?: number;
  sarifBytes: number;
  totalLines: number;
}

interface RawLocation {
  physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number } };
}
interface RawResult {
  ruleId: string;
  locations?: RawLocation[];
  codeFlows?: { threadFlows?: { locations?: { location?: RawLocation }[] }[] }[];
}

const where = (l: RawLocation | undefined) => ({ uri: decodeURIComponent(l?.physicalLocation?.artifactLocation?.uri ?? ''), line: l?.physicalLocation?.region?.startLine ?? 0 });

/** Runs `npm run scan -- <folder> --format sarif` and returns its results. */
export function productScan(folder: string): ProductScan {
  const dir = mkdtempSync(path.join(tmpdir(), 'citadel-bench-'));
  const out = path.join(dir, 'scan.sarif');
  const timeFile = path.join(dir, 'time.txt');
  const cmd = ['npm', 'run', 'scan', '--silent', '--', folder, '--format', 'sarif', '--out', out];
  const timed = existsSync('/usr/bin/time');
  const started = Date.now();
  const r = spawnSync(timed ? '/usr/bin/time' : cmd[0]!, timed ? ['-f', '%M', '-o', timeFile, ...cmd] : cmd.slice(1), { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const ms = Date.now() - started;
  try {
    if (r.status !== 0 && r.status !== 1) throw new Error(`scan of ${folder} exited ${r.status}`);
    const text = readFileSync(out, 'utf8');
    const log = JSON.parse(text) as { runs: { results: RawResult[]; properties?: { target?: { totalLines?: number } } }[] };
    const hits: SarifHit[] = [];
    let totalLines = 0;
    for (const run of log.runs) {
      totalLines += Number(run.properties?.target?.totalLines ?? 0);
      for (const res of run.results) {
        const flow = (res.codeFlows ?? []).flatMap((c) => (c.threadFlows ?? []).flatMap((t) => (t.locations ?? []).map((l) => where(l.location))));
        hits.push({ ruleId: res.ruleId, ...where(res.locations?.[0]), flow });
      }
    }
    const kb = timed && existsSync(timeFile) ? Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) : NaN;
    return { hits, ms, ...(Number.isFinite(kb) ? { peakRssMb: kb / 1024 } : {}), sarifBytes: Buffer.byteLength(text), totalLines };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
