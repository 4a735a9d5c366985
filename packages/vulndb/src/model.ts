/**
 * The stored form of one advisory, the same for OSV and NVD sources: what the
 * matcher needs (affected packages / CPE configurations) and what a report shows
 * (ids, summary, severity, references). Records are kept in this compact form
 * (OSV's long `details` and NVD's metrics other than the best CVSS are dropped).
 */

export type SeverityType = 'CVSS_V2' | 'CVSS_V3' | 'CVSS_V4';
export type SeverityLevel = 'critical' | 'high' | 'medium' | 'low' | 'none';

export interface Severity {
  type: SeverityType;
  /** The CVSS vector string as published. */
  vector?: string;
  /** Base score: as published (NVD) or computed from a v3 vector. */
  score?: number;
}

export type RangeEvent = { introduced: string } | { fixed: string } | { last_affected: string } | { limit: string };

export interface OsvRange {
  type: 'SEMVER' | 'ECOSYSTEM' | 'GIT';
  events: RangeEvent[];
}

export interface OsvAffected {
  ecosystem: string;
  name: string;
  ranges: OsvRange[];
  versions: string[];
  /**
   * The vulnerable functions the advisory names, when it does (reachability hints):
   * Go `ecosystem_specific.imports` (package path and symbols), RustSec
   * `affects.functions`, GHSA `affected_functions` (npm).
   */
  functions?: VulnerableFunctions[];
}

export interface VulnerableFunctions {
  /** Go import path the symbols belong to; absent when the names are full paths. */
  module?: string;
  names: string[];
}

export interface CpeMatch {
  vulnerable: boolean;
  criteria: string;
  versionStartIncluding?: string;
  versionStartExcluding?: string;
  versionEndIncluding?: string;
  versionEndExcluding?: string;
}

export interface CpeNode {
  operator: 'AND' | 'OR';
  negate: boolean;
  cpeMatch: CpeMatch[];
}

export interface CpeConfiguration {
  operator: 'AND' | 'OR';
  negate: boolean;
  nodes: CpeNode[];
}

export interface VulnRecord {
  id: string;
  /** Where it came from: "osv:<Ecosystem>" or "nvd". */
  source: string;
  /** ISO date-time of the record's last change (OSV `modified`, NVD `lastModified`). */
  modified: string;
  published?: string;
  /** Set when the advisory was withdrawn; withdrawn records never match. */
  withdrawn?: string;
  aliases: string[];
  summary: string;
  severity: Severity[];
  /** GHSA/OSV database_specific.severity or NVD baseSeverity, lower-cased. */
  level?: SeverityLevel;
  references: string[];
  /** OSV only. */
  affected?: OsvAffected[];
  /** NVD only. */
  configurations?: CpeConfiguration[];
}
