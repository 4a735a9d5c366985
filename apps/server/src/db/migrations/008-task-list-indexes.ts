/** Task lists across customers (admin, ledgers) filter by platform and status and page by id. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('tasks_platform_status_idx').on('tasks').columns(['platform', 'status', 'id']).execute();
}
