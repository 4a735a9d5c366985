/**
 * Accuracy against OSV-Scanner's published expectations: the table snapshots
 * of its source-scan tests (cmd/osv-scanner/scan/source/__snapshots__/
 * command_test.snap in google/osv-scanner — fetched for reading, never
 * committed) list, per lockfile package (ecosystem, name, version), the
 * advisories OSV-Scanner reports, grouped by alias. For every package we look
 * the same version up in the shared datasets and count, per ecosystem:
 * - expected: advisory groups with at least one id present in our data (the
 *   others cannot be resolved here: the datasets are a subset of OSV);
 * - matched: of those, groups we report (any shared id);
 * - added: vulnerabilities we report for the package that OSV-Scanner does not.
 * A benchmark, not a test: the snapshots follow the live OSV database.
 *
 *   npm run bench -- accuracy [--snapshot FILE] [--datasets PATH]
 *   (default snapshot: `git show` from $OSV_SCANNER_GIT_DIR, e.g. a fetched mirror's repo dir)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadFolder, vulnerabilityDataFromStore, type PackageQuery } from '../src/index.ts';

const args = process.argv.slice(2);
const opt = (name: string) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const datasets = opt('--datasets') ?? fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));
const SNAPSHOT_PATH = 'cmd/osv-scanner/scan/source/__snapshots__/command_test.snap';

function snapshotText(): string | undefined {
  const file = opt('--snapshot');
  if (file) return readFileSync(file, 'utf8');
  const gitDir = process.env.OSV_SCANNER_GIT_DIR ?? '/work/.mirror/google+osv-scanner/repo';
  if (!existsSync(gitDir)) return undefined;
  try {
    return execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${SNAPSHOT_PATH}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}

const text = snapshotText();
if (!text || !existsSync(datasets)) {
  console.log('accuracy.bench: OSV-Scanner snapshot or shared datasets not found, skipped');
  process.exit(0);
}

/** Rows "| https://osv.dev/ID | CVSS | ECOSYSTEM | PACKAGE | VERSION | FIXED | SOURCE |"; a row without a package continues the group above. */
interface Expectation {
  q: PackageQuery;
  groups: Set<string>[];
}
const byPackage = new Map<string, Expectation>();
let current: Set<string> | undefined;
for (const line of text.split('\n')) {
  const m = /^\|\s*https:\/\/osv\.dev\/(\S+)\s*\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|/.exec(line);
  if (!m) {
    if (!line.startsWith('|')) current = undefined;
    continue;
  }
  const [id, , eco, name, version] = [m[1]!, m[2]!.trim(), m[3]!.trim(), m[4]!.trim(), m[5]!.trim()];
  if (!name) {
    current?.add(id);
    continue;
  }
  if (eco === 'GIT' || !version) {
    current = undefined;
    continue;
  }
  const key = `${eco}|${name}|${version}`;
  const e = byPackage.get(key) ?? { q: { ecosystem: eco, name, version }, groups: [] };
  byPackage.set(key, e);
  const existing = e.groups.find((g) => g.has(id));
  current = existing ?? new Set([id]);
  if (!existing) e.groups.push(current);
}

const store = await loadFolder(datasets);
const known = new Set<string>();
for (const r of store.records()) {
  known.add(r.id);
  for (const a of r.aliases) known.add(a);
}
const data = vulnerabilityDataFromStore(store);
const list = [...byPackage.values()];
const results = await data.matchPackages(list.map((e) => e.q));

type Row = { packages: number; expectedAll: number; expected: number; matched: number; added: number; missed: string[]; addedIds: string[] };
const per = new Map<string, Row>();
list.forEach((e, i) => {
  const eco = e.q.ecosystem.split(':')[0]!;
  const row = per.get(eco) ?? { packages: 0, expectedAll: 0, expected: 0, matched: 0, added: 0, missed: [], addedIds: [] };
  per.set(eco, row);
  row.packages++;
  const ours = results[i]!.vulnerabilities;
  for (const g of e.groups) {
    row.expectedAll++;
    if (![...g].some((id) => known.has(id))) continue;
    row.expected++;
    if (ours.some((v) => v.ids.some((id) => g.has(id)))) row.matched++;
    else row.missed.push(`${e.q.name}@${e.q.version}: ${[...g].join('/')}`);
  }
  for (const v of ours) {
    if (!e.groups.some((g) => v.ids.some((id) => g.has(id)))) {
      row.added++;
      row.addedIds.push(`${e.q.name}@${e.q.version}: ${v.ids.join('/')}`);
    }
  }
});

const summary = Object.fromEntries(
  [...per.entries()].sort().map(([eco, r]) => [
    eco,
    { packages: r.packages, expectedByOsvScanner: r.expectedAll, resolvableHere: r.expected, matched: r.matched, recall: r.expected ? Number(((100 * r.matched) / r.expected).toFixed(1)) : null, added: r.added, missed: r.missed.slice(0, 10), addedExamples: r.addedIds.slice(0, 10) },
  ]),
);
console.log(JSON.stringify({ bench: 'vulndb-accuracy', snapshot: SNAPSHOT_PATH, packages: list.length, perEcosystem: summary, peakRssMb: Number((process.resourceUsage().maxRSS / 1024).toFixed(1)) }, null, 2));
