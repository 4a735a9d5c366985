/** Table types of the white-box tables (migration 013), and the slice of the database this domain uses. */
import type { Generated } from 'kysely';
import type { DB, Flag } from '../../db/schema.ts';

export interface WhiteboxKeysTable {
  id: Generated<number>;
  uid: string;
  kind: 'symmetric' | 'asymmetric';
  name: string;
  algorithm: string;
  bits: number;
  /** input | generated | generated_pair | imported_public */
  source: string;
  public_key: string | null;
  /** envelope: data key sealed with the master key, secret sealed with the data key (AES-256-GCM) */
  wrapped_key: string | null;
  ciphertext: string | null;
  enabled: Flag;
  customer_id: number;
  created_by: number | null;
  created_at: number;
}

export interface WhiteboxLibrariesTable {
  id: Generated<number>;
  uid: string;
  name: string;
  logo: string;
  key_id: number;
  algorithm: string;
  /** comma-separated: android, ios, linux */
  platforms: string;
  directions: string;
  modes: string;
  padding: string;
  preference: string;
  build_type: string;
  android_packages: string;
  ios_bundle_ids: string;
  anti_theft: Flag;
  usage_status: 'enabled' | 'disabled';
  generation_status: 'queued' | 'generating' | 'succeeded' | 'failed';
  progress: number;
  step: string;
  /** JSON {zh, en} */
  fail_msg: string | null;
  table_bytes: number | null;
  /** JSON: verification checks, throughput, DCA */
  report: string | null;
  storage_key: string | null;
  file_size: number | null;
  seed_wrapped: string | null;
  seed_ciphertext: string | null;
  customer_id: number;
  created_by: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface WhiteboxDB extends DB {
  whitebox_keys: WhiteboxKeysTable;
  whitebox_libraries: WhiteboxLibrariesTable;
}
