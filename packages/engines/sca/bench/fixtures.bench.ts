/**
 * OSV-Scanner's lockfile fixtures (pkg/lockfile/fixtures before they moved to
 * osv-scalibr; never committed here): every fixture of the formats this engine
 * reads is parsed and counted as read (with its package count), refused with
 * a ManifestError, or crashed (any other exception — a defect). Where
 * OSV-Scanner's own test (pkg/lockfile/*_test.go) states the packages it
 * expects from a fixture (`expectPackages`), the name@version set read here is
 * compared with it: equal, or different (listed with --verbose).
 * Run:
 *   OSV_SCANNER_GIT_DIR=/path/to/osv-scanner/.git npx tsx packages/engines/sca/bench/fixtures.bench.ts [--verbose]
 */
import { execFileSync } from 'node:child_process';
import { posix } from 'node:path';
import { ManifestError } from '../src/model.ts';
import {
  parseApkInstalled, parseBinary, parseCargoLock, parseComposerLock, parseConanLock, parseDpkgStatus, parseGemfileLock, parseGoMod, parseGradleLockfile, parseGradleVerificationMetadata,
  parseMixLock, parseNpmLock, parseNugetLock, parsePdmLock, parsePipfileLock, parsePnpmLock, parsePoetryLock, parsePom, parsePubspecLock, parseRenvLock, parseRequirements, parseYarnLock,
} from '../src/formats/index.ts';
import { pep503 } from '../src/formats/python.ts';

const git = process.env.OSV_SCANNER_GIT_DIR;
if (!git) throw new Error('set OSV_SCANNER_GIT_DIR');
const run = (...a: string[]): Buffer => execFileSync('git', ['--git-dir', git, ...a], { maxBuffer: 1 << 28 });
const commit = run('log', '--format=%H', '-1', '--', 'pkg/lockfile/fixtures').toString().trim();
const at = `${commit}^`;
const files = run('ls-tree', '-r', '--name-only', at, '--', 'pkg/lockfile').toString().split('\n').filter(Boolean);

/** Fixture path → expected "name@version" list, from the first test function that checks it with expectPackages. */
const expected = new Map<string, string[]>();
/** Fixtures OSV-Scanner's tests expect an error from. */
const refusedBy = new Set<string>();
for (const f of files.filter((x) => /^pkg\/lockfile\/[^/]+_test\.go$/.test(x))) {
  for (const fn of run('show', `${at}:${f}`).toString().split(/\nfunc Test/).slice(1)) {
    const fixture = /"fixtures\/([^"]+)"/.exec(fn)?.[1];
    if (!fixture || !fn.includes('expectPackages(') || expected.has(fixture) || refusedBy.has(fixture)) continue;
    if (/expectErr/.test(fn)) {
      refusedBy.add(fixture);
      continue;
    }
    const want = [...fn.matchAll(/Name:\s*"([^"]*)",\s*Version:\s*"([^"]*)"/g)].map((m) => `${m[1]}@${m[2]}`);
    expected.set(fixture, want.sort());
  }
}

type P = (f: string, b: Uint8Array) => { packages: { name: string; version: string }[] };
/** `-r` / `-c` includes of the pip fixtures, read from the same commit (the engine's collector does this for a project). */
const pipInclude = (from: string, ref: string): { file: string; bytes: Uint8Array } | undefined => {
  const path = posix.normalize(posix.join(posix.dirname(from), ref));
  try {
    return { file: path, bytes: new Uint8Array(run('show', `${at}:${path}`)) };
  } catch {
    return undefined;
  }
};
const BY_DIR: Record<string, P> = {
  npm: parseNpmLock, yarn: parseYarnLock, pnpm: parsePnpmLock, pip: (f, b) => parseRequirements(f, b, pipInclude), pipenv: parsePipfileLock, poetry: parsePoetryLock,
  go: (f, b) => (f.includes('/binaries/') ? parseBinary(f, b) : parseGoMod(f, b)), cargo: parseCargoLock, composer: parseComposerLock, bundler: parseGemfileLock, maven: (f, b) => parsePom(f, b),
  pdm: parsePdmLock, gradle: parseGradleLockfile, 'gradle-verification-metadata': parseGradleVerificationMetadata, nuget: parseNugetLock, pub: parsePubspecLock,
  mix: parseMixLock, conan: parseConanLock, renv: parseRenvLock, dpkg: (f, b) => parseDpkgStatus(f, b), apk: (f, b) => parseApkInstalled(f, b),
};
const verbose = process.argv.includes('--verbose');
const rows = new Map<string, { read: number; refused: number; crashed: number; packages: number; same: number; differ: number; bothRefuse: number }>();
for (const f of files.filter((x) => x.startsWith('pkg/lockfile/fixtures/'))) {
  const dir = f.split('/')[3]!;
  const parse = BY_DIR[dir];
  if (!parse) continue;
  const r = rows.get(dir) ?? { read: 0, refused: 0, crashed: 0, packages: 0, same: 0, differ: 0, bothRefuse: 0 };
  rows.set(dir, r);
  const bytes = new Uint8Array(run('show', `${at}:${f}`));
  const rel = f.slice('pkg/lockfile/fixtures/'.length);
  try {
    const m = parse(dir === 'go' && rel.includes('binaries/') ? rel : dir === 'pip' ? f : f.split('/').pop()!, bytes);
    r.read++;
    r.packages += m.packages.length;
    const wanted = expected.get(rel);
    if (wanted) {
      // Go versions: OSV-Scanner drops the "v" of module versions and writes the toolchain as "1.17"; the same version either way.
      // PyPI: names compare as PEP 503 names (the matcher normalises them too), and OSV-Scanner writes "0.0.0" for a requirement without a version where we leave it unpinned.
      const shown = (p: { name: string; version: string }): string =>
        dir === 'go' ? `${p.name}@${p.name === 'stdlib' ? p.version.replace(/\.0$/, '') : p.version.replace(/^v/, '')}` : dir === 'pip' ? `${pep503(p.name)}@${p.version || '0.0.0'}` : `${p.name}@${p.version}`;
      const got = [...new Set(m.packages.map(shown))].sort();
      const want = [...new Set(dir === 'pip' ? wanted.map((w) => { const at = w.lastIndexOf('@'); return `${pep503(w.slice(0, at))}@${w.slice(at + 1)}`; }) : wanted)].sort();
      const same = got.length === want.length && got.every((g, i) => g === want[i]);
      if (same) r.same++;
      else r.differ++;
      if (verbose && !same) console.log(`DIFFER  ${rel}\n  only here: ${got.filter((g) => !want.includes(g)).join(' ')}\n  only OSV-Scanner: ${want.filter((w) => !got.includes(w)).join(' ')}`);
    }
    if (verbose) console.log(`read    ${rel}: ${m.packages.length}`);
  } catch (e) {
    if (e instanceof ManifestError) r.refused++;
    else r.crashed++;
    if (e instanceof ManifestError && refusedBy.has(rel)) r.bothRefuse++;
    console.log(`${e instanceof ManifestError ? 'refused' : 'CRASHED'} ${rel}: ${(e as Error).message.slice(0, 160)}${expected.get(rel)?.length ? ` (OSV-Scanner expects ${expected.get(rel)!.length} packages)` : ''}`);
  }
}
console.log(`fixtures of osv-scanner ${commit.slice(0, 10)}^`);
for (const [dir, r] of rows) console.log(`${dir.padEnd(29)} read ${r.read}, refused ${r.refused}, crashed ${r.crashed}; ${r.packages} packages; package list equal to OSV-Scanner's expectation ${r.same}, different ${r.differ}; refused where OSV-Scanner also errs ${r.bothRefuse} of ${r.refused}`);
