/**
 * Version management payloads (SPEC §2 `*-version` views; issues 5 and 6):
 * the finished assessments of one package over time, and the difference
 * between two of them.
 */
import type { ItemResult, Platform, RiskLevel, SdkCategory } from './assessment.ts';

/** One finished assessment of the package, as the version list shows it. */
export interface VersionEntry {
  task_uid: string;
  platform: Platform;
  app_name: string;
  package_name: string;
  version: string;
  file_name: string;
  created_at: number;
  finished_at: number | null;
  score: number | null;
  risk_level: 'high' | 'medium' | 'low' | null;
  counts: Record<RiskLevel, number> | null;
}

export interface VersionListRequest {
  task_uid: string;
}

export interface VersionListAnswer {
  platform: Platform;
  package_name: string;
  /** Newest first. */
  list: VersionEntry[];
}

export interface VersionDiffRequest {
  base_task_uid: string;
  compare_task_uid: string;
}

/** One rule's row in a diff group, with its evidence counts on both sides (0 where absent). */
export interface FindingChange {
  ruleId: string;
  risk: RiskLevel;
  /** The rule title in the reader's language (the id when the catalogue lacks it). */
  title: string;
  baseResult: ItemResult | null;
  compareResult: ItemResult | null;
  baseEvidence: number;
  compareEvidence: number;
}

export interface SdkRef {
  name: string;
  category: SdkCategory;
  version?: string;
}

export interface VersionDiffAnswer {
  base: VersionEntry;
  compare: VersionEntry;
  score: { base: number; compare: number; delta: number };
  findings: {
    /** Failed in the compared version, not in the base. */
    new: FindingChange[];
    /** Failed in the base, passed or absent in the compared version. */
    fixed: FindingChange[];
    /** Failed in both. */
    unchanged: FindingChange[];
    /** Failed in the base, not executed in the compared version: neither fixed nor confirmed. */
    unchecked: FindingChange[];
  };
  permissions: { added: string[]; removed: string[] };
  sdks: { added: SdkRef[]; removed: SdkRef[]; changed: { name: string; category: SdkCategory; from: string; to: string }[] };
}
