/**
 * Vulnerability data benchmark on the shared datasets (../shared/datasets):
 * - import of every file into a fresh SQLite database (median of N runs) and the
 *   incremental re-import (nothing newer: nothing written);
 * - 10,000 package look-ups (names and versions drawn from the data: range
 *   bounds, so many match) against the database and against the folder read
 *   into memory (median of N runs);
 * - CPE look-ups of the firmware components;
 * - peak RSS of the whole process.
 * Wall and CPU times are both printed: on a shared, loaded machine the CPU time is the steadier figure.
 *
 *   npm run bench -- vulndb [--runs N] [--datasets PATH]
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPONENT_CPES, createVulnTables, importIntoDatabase, loadFolder, openDatabaseHandle, type PackageQuery, SqlStore, vulnerabilityDataFromStore } from '../src/index.ts';

const args = process.argv.slice(2);
const opt = (name: string) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(opt('--runs') ?? 3);
const datasets = opt('--datasets') ?? fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));
if (!existsSync(datasets)) {
  console.log(`vulndb.bench: ${datasets} not found, skipped`);
  process.exit(0);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (x: number) => Number(x.toFixed(1));

const tmp = await mkdtemp(path.join(os.tmpdir(), 'vulndb-bench-'));
try {
  // Import: a fresh database each run.
  const importMs: number[] = [];
  const importCpu: number[] = [];
  let stored = 0;
  let bad = 0;
  let dbFile = '';
  for (let i = 0; i < runs; i++) {
    dbFile = path.join(tmp, `run${i}.sqlite`);
    const { db } = openDatabaseHandle({ kind: 'database', sqlitePath: dbFile }, false);
    await createVulnTables(db);
    const t = performance.now();
    const c = process.cpuUsage();
    const r = await importIntoDatabase(db, datasets);
    importMs.push(performance.now() - t);
    const used = process.cpuUsage(c);
    importCpu.push((used.user + used.system) / 1000);
    stored = r.added;
    bad = r.bad;
    await db.destroy();
  }
  // Incremental re-import of the same files into the last database.
  const reimportMs: number[] = [];
  let written = 0;
  for (let i = 0; i < runs; i++) {
    const { db } = openDatabaseHandle({ kind: 'database', sqlitePath: dbFile }, false);
    const t = performance.now();
    const r = await importIntoDatabase(db, datasets);
    reimportMs.push(performance.now() - t);
    written = r.added + r.updated;
    await db.destroy();
  }

  // Queries drawn from the data: every (ecosystem, name) with its range bounds as versions.
  const t0 = performance.now();
  const memory = await loadFolder(datasets);
  const folderLoadMs = performance.now() - t0;
  const pool: PackageQuery[] = [];
  const seen = new Set<string>();
  // MemoryStore has no iterator; read the folder's records once more through the package index keys.
  const { readSource } = await import('../src/source/read.ts');
  for await (const item of readSource(datasets)) {
    if (item.kind !== 'record') continue;
    for (const a of item.record.affected ?? []) {
      for (const range of a.ranges) for (const e of range.events) {
        const v = 'introduced' in e ? e.introduced : 'fixed' in e ? e.fixed : 'last_affected' in e ? e.last_affected : undefined;
        if (!v || v === '0') continue;
        const k = `${a.ecosystem}|${a.name}|${v}`;
        if (seen.has(k)) continue;
        seen.add(k);
        pool.push({ ecosystem: a.ecosystem, name: a.name, version: v });
      }
      for (const v of a.versions.slice(0, 2)) pool.push({ ecosystem: a.ecosystem, name: a.name, version: v });
    }
  }
  // Worst case: every query a known package at one of its range bounds (most are vulnerable, many to dozens of advisories).
  const worst = Array.from({ length: 10_000 }, (_, i) => pool[(i * 7919) % pool.length]!);
  // Lockfile-like: 10,000 packages of which 10 % are known packages at a vulnerable bound, 40 % known packages at a
  // version past every bound (clean) and 50 % names the data does not know (most of a real dependency tree).
  const names = [...new Map(pool.map((q) => [`${q.ecosystem}|${q.name}`, q])).values()];
  const lockfile: PackageQuery[] = Array.from({ length: 10_000 }, (_, i) => {
    if (i % 10 === 0) return pool[(i * 7919) % pool.length]!;
    const q = names[(i * 104729) % names.length]!;
    if (i % 2 === 0) return { ...q, version: '9999.0.0' };
    return { ecosystem: q.ecosystem, name: `${q.name}-unknown-${i}`, version: '1.0.0' };
  });

  const sqlHandle = openDatabaseHandle({ kind: 'database', sqlitePath: dbFile });
  const fromDb = vulnerabilityDataFromStore(new SqlStore(sqlHandle.db));
  const fromFolder = vulnerabilityDataFromStore(memory);
  const measure = async (d: typeof fromDb, queries: PackageQuery[]) => {
    const times: number[] = [];
    const cpu: number[] = [];
    let matched = 0;
    let vulns = 0;
    for (let i = 0; i < runs + 1; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      let res: Awaited<ReturnType<typeof d.matchPackages>> | undefined = await d.matchPackages(queries);
      const used = process.cpuUsage(c);
      // The first run warms the caches and the JIT.
      if (i > 0) {
        times.push(performance.now() - t);
        cpu.push((used.user + used.system) / 1000);
      }
      matched = res.filter((r) => r.vulnerabilities.length > 0).length;
      vulns = res.reduce((n, r) => n + r.vulnerabilities.length, 0);
      res = undefined;
    }
    return { medianMs: round(median(times)), medianCpuMs: round(median(cpu)), packagesWithVulns: matched, vulnerabilities: vulns };
  };
  const lockDb = await measure(fromDb, lockfile);
  const lockFolder = await measure(fromFolder, lockfile);
  // Peak RSS is process-wide; this is the peak before the worst case's 280k results exist.
  const peakBeforeWorstMb = round(process.resourceUsage().maxRSS / 1024);
  const worstDb = await measure(fromDb, worst);
  const worstFolder = await measure(fromFolder, worst);

  const cpeTimes: number[] = [];
  let cpeHits = 0;
  const versions = ['1.01', '1.20.0', '1.0.2k', '2019.78', '2.78', '4.4.0', '1.4.35', '0.9.33'];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    cpeHits = 0;
    for (const c of COMPONENT_CPES) for (const v of versions) for (const q of fromDb.cpesForComponent(c.names[0]!, v)) cpeHits += (await fromDb.matchCpe(q)).length;
    cpeTimes.push(performance.now() - t);
  }
  await fromDb.close();

  console.log(
    JSON.stringify(
      {
        bench: 'vulndb',
        datasets,
        runs,
        import: { recordsStored: stored, badRecords: bad, medianMs: round(median(importMs)), medianCpuMs: round(median(importCpu)), reimportMedianMs: round(median(reimportMs)), reimportWritten: written },
        folderLoadMs: round(folderLoadMs),
        match10kPackages: {
          lockfileLike: { database: lockDb, folder: lockFolder },
          worstCase: { distinctQueryPool: pool.length, database: worstDb, folder: worstFolder },
        },
        cpe: { queries: COMPONENT_CPES.length * versions.length, hits: cpeHits, medianMs: round(median(cpeTimes)) },
        peakRssBeforeWorstCaseMb: peakBeforeWorstMb,
        peakRssMb: round(process.resourceUsage().maxRSS / 1024),
      },
      null,
      2,
    ),
  );
} finally {
  await rm(tmp, { recursive: true, force: true });
}
