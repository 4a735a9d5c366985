/**
 * /networkVulnerability/*: the network and industrial-internet screens' own
 * calls. `policy` shows the administrator's scan policy on the submit page
 * (read from configuration; a task can never change it); `download` exports a
 * finished task's host → service inventory (CSV or JSON) under the same
 * visibility as its result page plus the download grant of its platform.
 */
import { type Operation, can, evaluationResource } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import { networkCsv, networkRows } from '../../domain/network/network-export.ts';
import { fail } from '../app-error.ts';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { body, envelope, responses, str } from '../schemas.ts';
import { contentDisposition } from './send-object.ts';

const PLATFORMS = ['network', 'ics'] as const;
const grant = (operation: Operation) => ({ anyOf: [{ resource: 'NetworkVulnerability', operation }, { resource: 'IndustrialInternet', operation }] });

export async function networkRoutes(app: FastifyInstance, { tasks, taskRuntime, config }: Services): Promise<void> {
  app.post(
    '/networkVulnerability/policy',
    {
      config: { access: grant('view') },
      schema: {
        tags: ['network'],
        summary: 'The scan policy every network, industrial and web scan runs under (configuration only)',
        response: responses(
          envelope({
            type: 'object',
            properties: { allowLoopback: { type: 'boolean' }, allowPrivate: { type: 'boolean' }, allowNetworks: { type: 'string' }, denyNetworks: { type: 'string' }, maxRate: { type: 'integer' } },
          }),
        ),
      },
    },
    async () => ({
      data: { allowLoopback: config.scanAllowLoopback, allowPrivate: config.scanAllowPrivate, allowNetworks: config.scanAllowNetworks, denyNetworks: config.scanDenyNetworks, maxRate: config.scanMaxRate },
    }),
  );

  app.post<{ Body: { task_uid: string; format?: 'csv' | 'json' } }>(
    '/networkVulnerability/download',
    {
      config: { access: grant('download') },
      schema: {
        tags: ['network'],
        summary: "A finished network or industrial task's hosts, services, identities and failed items as CSV or JSON",
        body: body({ task_uid: str(40, 1), format: { type: 'string', enum: ['csv', 'json'] } }, ['task_uid']),
      },
    },
    async (req, reply) => {
      const who = identityOf(req);
      const task = await tasks.viewable(who, req.body.task_uid);
      if (!(PLATFORMS as readonly string[]).includes(task.platform)) fail('illegal_parameter', 'task_uid');
      if (!can({ isAdmin: who.isAdmin, permissions: who.permissions }, evaluationResource(task.platform)!, 'download')) fail('no_permission');
      const json = task.status === 'FINISHED' ? await taskRuntime.repo.result(task.id) : undefined;
      if (!json) fail('file_not_found');
      const assessment = JSON.parse(json!);
      const base = `${task.platform}-${task.task_uid}`;
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
