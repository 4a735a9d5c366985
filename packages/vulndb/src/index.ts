/**
 * @citadel/vulndb — offline vulnerability knowledge (OSV and NVD): import,
 * storage, version ordering per ecosystem and matching. Used by the sca,
 * firmware, network and app engines (through EngineOptions.vulnData), by the
 * server's System → 漏洞库 screen and by `citadel vulndb import`.
 *
 *   const data = await openVulnerabilityData({ kind: 'folder', path: '../shared/datasets' });
 *   const [m] = await data.matchPackages([{ ecosystem: 'npm', name: 'marked', version: '0.3.5' }]);
 *   m.vulnerabilities          // [{ id: 'CVE-…', ids: [...], summary, severity, score, level, fixed, … }]
 *   for (const q of data.cpesForComponent('busybox', '1.01')) await data.matchCpe(q);
 *   await data.close();
 *
 * See README.md for the full API.
 */
import { matchCpe, matchPackages, type PackageMatch, type Vulnerability } from './match/matcher.ts';
import { parsePurl, type PackageQuery } from './match/purl.ts';
import { cpesForComponent, cpesForDevice } from './cpe/map.ts';
import type { CpeQuery } from './cpe/cpe.ts';
import { openStore, type VulnDataSource } from './open.ts';
import { MemoryStore } from './store/memory.ts';
import type { RecordStore, SourceStats } from './store/types.ts';
import type { VulnRecord } from './model.ts';

export type { VulnDataSource } from './open.ts';
export { VulnDataError, openDatabaseHandle, loadFolder } from './open.ts';
export type { PackageMatch, Vulnerability } from './match/matcher.ts';
export type { PackageQuery } from './match/purl.ts';
export type { CpeQuery } from './cpe/cpe.ts';
export type { SourceStats, RecordStore } from './store/types.ts';
export type * from './model.ts';
export { parsePurl } from './match/purl.ts';
export { cpesForComponent, cpesForDevice } from './cpe/map.ts';
export { COMPONENT_CPES, DEVICE_VENDORS } from './cpe/components.ts';
export { parseCpe, cpeMatches } from './cpe/cpe.ts';
export { schemeFor, type VersionScheme } from './versions/index.ts';
export { affectsVersion } from './match/osv-match.ts';
export { parseOsv } from './osv/parse.ts';
export { parseNvd } from './nvd/parse.ts';
export { readSource, listSourceFiles, type SourceItem } from './source/read.ts';
export { MemoryStore } from './store/memory.ts';
export { SqlStore } from './store/sql.ts';
export { createVulnTables, hasVulnTables, type VulnTables } from './store/schema.ts';
export { importIntoDatabase, type ImportOptions, type ImportProgress, type ImportResult } from './store/import.ts';
export { cvss3BaseScore, levelOfScore } from './cvss.ts';

export interface VulnerabilityData {
  /** Known vulnerabilities of each package at its version, in the order asked (withdrawn advisories ignored). */
  matchPackages(packages: readonly PackageQuery[]): Promise<PackageMatch[]>;
  /** Same for package URLs (pkg:npm/marked@0.3.5); an unparsable purl gives an empty result. */
  matchPurls(purls: readonly string[]): Promise<{ purl: string; vulnerabilities: Vulnerability[] }[]>;
  /**
   * NVD CVEs whose configurations cover vendor:product at the version. `context`: other CPEs of the
   * same target (hardware model, OS) to decide AND configurations; unconfirmed ones end up in
   * Vulnerability.conditions.
   */
  matchCpe(query: CpeQuery, context?: readonly CpeQuery[]): Promise<Vulnerability[]>;
  /** CPE queries for a component found in a binary/banner ('busybox', '1.01'); [] when the name is unknown. */
  cpesForComponent(name: string, version: string): CpeQuery[];
  /** CPE queries for a device identity: firmware (o:) first, then hardware (h:). */
  cpesForDevice(vendor: string, model: string, firmwareVersion: string): CpeQuery[];
  /** Per source: record count, bad records, newest modified (data age), last import time. */
  stats(): Promise<SourceStats[]>;
  close(): Promise<void>;
}

export function vulnerabilityDataFromStore(store: RecordStore): VulnerabilityData {
  return {
    matchPackages: (p) => matchPackages(store, p),
    async matchPurls(purls) {
      const parsed = purls.map((p) => parsePurl(p));
      const queries = parsed.filter((q): q is PackageQuery => q !== undefined);
      const matches = await matchPackages(store, queries);
      let j = 0;
      return purls.map((purl, i) => ({ purl, vulnerabilities: parsed[i] ? matches[j++]!.vulnerabilities : [] }));
    },
    matchCpe: (q, ctx) => matchCpe(store, q, ctx),
    cpesForComponent,
    cpesForDevice,
    stats: () => store.stats(),
    close: () => store.close(),
  };
}

/** Opens vulnerability data from a descriptor (serialisable: the worker hands it to engine child processes). */
export async function openVulnerabilityData(source: VulnDataSource, signal?: AbortSignal): Promise<VulnerabilityData> {
  return vulnerabilityDataFromStore(await openStore(source, signal));
}

/** In-memory data from records (tests, and callers that already hold parsed records). */
export function vulnerabilityDataFromRecords(records: readonly VulnRecord[]): VulnerabilityData {
  const store = new MemoryStore();
  for (const r of records) store.add(r);
  return vulnerabilityDataFromStore(store);
}
