/**
 * OSV-Scanner's lockfile fixtures (pkg/lockfile/fixtures before they moved to
 * osv-scalibr; never committed here): every fixture of the formats this engine
 * reads is parsed and counted as read (with its package count), refused with
 * a ManifestError, or crashed (any other exception — a defect). Run:
 *   OSV_SCANNER_GIT_DIR=/path/to/osv-scanner/.git npx tsx packages/engines/sca/bench/fixtures.bench.ts [--verbose]
 */
import { execFileSync } from 'node:child_process';
import { ManifestError } from '../src/model.ts';
import { parseCargoLock, parseComposerLock, parseGemfileLock, parseGoMod, parseNpmLock, parsePipfileLock, parsePnpmLock, parsePoetryLock, parsePom, parseRequirements, parseYarnLock } from '../src/formats/index.ts';

const git = process.env.OSV_SCANNER_GIT_DIR;
if (!git) throw new Error('set OSV_SCANNER_GIT_DIR');
const run = (...a: string[]): Buffer => execFileSync('git', ['--git-dir', git, ...a], { maxBuffer: 1 << 28 });
const commit = run('log', '--format=%H', '-1', '--', 'pkg/lockfile/fixtures').toString().trim();
const at = `${commit}^`;
const files = run('ls-tree', '-r', '--name-only', at, '--', 'pkg/lockfile/fixtures').toString().split('\n').filter(Boolean);

type P = (f: string, b: Uint8Array) => { packages: unknown[] };
const BY_DIR: Record<string, P> = {
  npm: parseNpmLock, yarn: parseYarnLock, pnpm: parsePnpmLock, pip: (f, b) => parseRequirements(f, b), pipenv: parsePipfileLock, poetry: parsePoetryLock,
  go: parseGoMod, cargo: parseCargoLock, composer: parseComposerLock, bundler: parseGemfileLock, maven: (f, b) => parsePom(f, b),
};
const verbose = process.argv.includes('--verbose');
const rows = new Map<string, { read: number; refused: number; crashed: number; packages: number }>();
for (const f of files) {
  const dir = f.split('/')[3]!;
  const parse = BY_DIR[dir];
  if (!parse) continue;
  const r = rows.get(dir) ?? { read: 0, refused: 0, crashed: 0, packages: 0 };
  rows.set(dir, r);
  const bytes = new Uint8Array(run('show', `${at}:${f}`));
  try {
    const m = parse(f.split('/').pop()!, bytes);
    r.read++;
    r.packages += m.packages.length;
    if (verbose) console.log(`read    ${f}: ${m.packages.length}`);
  } catch (e) {
    if (e instanceof ManifestError) r.refused++;
    else r.crashed++;
    console.log(`${e instanceof ManifestError ? 'refused' : 'CRASHED'} ${f}: ${(e as Error).message.slice(0, 160)}`);
  }
}
console.log(`fixtures of osv-scanner ${commit.slice(0, 10)}^`);
for (const [dir, r] of rows) console.log(`${dir.padEnd(9)} read ${r.read}, refused ${r.refused}, crashed ${r.crashed}; ${r.packages} packages`);
