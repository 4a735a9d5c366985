/**
 * Vulnerability data (issue 22): OSV and NVD records, their package and CPE
 * indexes, per-source counts and the mirror settings. The tables are defined
 * once in @citadel/vulndb (the CLI creates them too when it imports into a data
 * folder the portal has not opened yet); a later change needs a new migration.
 */
import type { Kysely } from 'kysely';
import { createVulnTables } from '@citadel/vulndb';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createVulnTables(db);
}
