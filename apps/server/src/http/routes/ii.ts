/**
 * /ii/download (SPEC §7 download endpoints): the industrial-internet screen's
 * download — a finished industrial task's hosts, services, device identities
 * (Modbus, EtherNet/IP) and failed items as CSV or JSON, the same export the
 * network screen downloads (domain/network/network-export.ts), for ics tasks
 * only, under the task's visibility and the industrial screen's download grant.
 */
import type { FastifyInstance } from 'fastify';
import { networkCsv, networkRows } from '../../domain/network/network-export.ts';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { fail } from '../app-error.ts';
import { body, str } from '../schemas.ts';
import { contentDisposition } from './send-object.ts';

export async function iiRoutes(app: FastifyInstance, { tasks, taskRuntime }: Services): Promise<void> {
  app.post<{ Body: { task_uid: string; format?: 'csv' | 'json' } }>(
    '/ii/download',
    {
      config: { access: { resource: 'IndustrialInternet', operation: 'download' } },
      schema: {
        tags: ['ii'],
        summary: "A finished industrial task's hosts, services, device identities and failed items as CSV or JSON",
        body: body({ task_uid: str(40, 1), format: { type: 'string', enum: ['csv', 'json'] } }, ['task_uid']),
      },
    },
    async (req, reply) => {
      const task = await tasks.viewable(identityOf(req), req.body.task_uid);
      if (task.platform !== 'ics') fail('illegal_parameter', 'task_uid');
      const json = task.status === 'FINISHED' ? await taskRuntime.repo.result(task.id) : undefined;
      if (!json) return fail('file_not_found');
      const assessment = JSON.parse(json);
      const base = `ics-${task.task_uid}`;
      if (req.body.format === 'json') {
        return reply
          // Not application/json: a JSON body is how download clients recognise an error answer (SPEC §8).
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition(`${base}.json`))
          .send(JSON.stringify({ task_uid: task.task_uid, platform: task.platform, targets: task.url, hosts: networkRows(assessment) }, null, 2));
      }
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', contentDisposition(`${base}.csv`)).send(networkCsv(assessment));
    },
  );
}
