/**
 * Where records come from at match time. The matcher asks only for the records
 * of the packages and CPE products it is looking at, so a database-backed store
 * never loads everything; the in-memory store (a folder given to the CLI) does.
 */
import type { VulnRecord } from '../model.ts';

export interface SourceStats {
  /** "osv:PyPI", "nvd", … */
  source: string;
  records: number;
  /** Records skipped because they did not parse (last import). */
  bad: number;
  /** Newest `modified` among the records (ISO), the data's age. */
  newestModified?: string;
  /** When the last import finished (epoch ms); absent for a folder read directly. */
  lastImportAt?: number;
}

export interface RecordStore {
  /** Records affecting any of these packages, keyed by packageKey(ecosystem, name). */
  packageRecords(keys: readonly string[]): Promise<Map<string, VulnRecord[]>>;
  /** Records with a CPE criteria of these vendor:product keys (lower-case). */
  cpeRecords(keys: readonly string[]): Promise<Map<string, VulnRecord[]>>;
  /** Records by their own id (used to borrow NVD scores for an OSV record's CVE alias). */
  recordsById(ids: readonly string[]): Promise<VulnRecord[]>;
  stats(): Promise<SourceStats[]>;
  close(): Promise<void>;
}
