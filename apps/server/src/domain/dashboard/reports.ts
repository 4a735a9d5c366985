/** Workbench → reports: the caller's own finished tasks, newest first, each with a stored result to render a report from. */
import type { TaskRow } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toTaskRow } from '../tasks/task-service.ts';
import { containsPattern } from './like.ts';

export async function myFinishedTasks(db: Kysely<DB>, userId: number, page: number, pageSize: number, keyword?: string): Promise<{ total: number; list: TaskRow[] }> {
  let q = db.selectFrom('tasks').where('tasks.created_by', '=', userId).where('tasks.status', '=', 'FINISHED');
  if (keyword) {
    const like = containsPattern(keyword);
    q = q.where((eb) => eb.or([eb('tasks.file_name', 'like', like), eb('tasks.app_name', 'like', like), eb('tasks.package_name', 'like', like), eb('tasks.url', 'like', like)]));
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .innerJoin('users', 'users.id', 'tasks.created_by')
    .innerJoin('customers', 'customers.id', 'tasks.customer_id')
    .selectAll('tasks')
    .select(['users.real_name as created_by_name', 'customers.client_key as client_key'])
    .orderBy('tasks.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total: Number(total), list: rows.map((r) => toTaskRow(r, null)) };
}
