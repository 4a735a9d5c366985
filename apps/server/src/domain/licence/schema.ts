/** Table types of the licence tables (migration 016). */
import type { Generated } from 'kysely';
import type { Flag } from '../../db/schema.ts';

export interface LicencesTable {
  id: Generated<number>;
  licence_id: string;
  customer: string;
  /** The licence file as uploaded (verified again whenever it is loaded). */
  document: string;
  not_before: number;
  not_after: number;
  active: Flag;
  uploaded_by: number | null;
  uploaded_at: number;
}

export interface LicenceUsageTable {
  licence_id: string;
  /** `product:<platform>` or `user:<id>:<platform>` */
  scope: string;
  used: number;
}

export type LicenceDB = { licences: LicencesTable; licence_usage: LicenceUsageTable };
