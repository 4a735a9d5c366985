/** Table types of the testing-rules migration (006). NULL customer_id = shared by every customer. */
import type { Generated } from 'kysely';

export interface WhitelistEntriesTable {
  id: Generated<number>;
  /** so | resource | debuglog | global: the screen the entry belongs to. */
  list: string;
  /** What the pattern is matched against (see whitelist.ts). */
  file_type: string;
  pattern: string;
  remark: string;
  enabled: number;
  customer_id: number | null;
  created_by: number | null;
  created_at: number;
}

export interface SdkLibraryTable {
  id: Generated<number>;
  name: string;
  category: string;
  /** JSON arrays of strings. */
  packages: string;
  ios_frameworks: string;
  ios_class_prefixes: string;
  ohpm: string;
  enabled: number;
  is_default: number;
  customer_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface SensitiveWordsTable {
  id: Generated<number>;
  customer_id: number | null;
  words: string;
  updated_by: number | null;
  updated_at: number;
}

export interface EvaluationSettingsTable {
  key: string;
  value: string;
}
