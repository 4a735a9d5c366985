/**
 * /task/versions and /task/versionDiff: version management of the result
 * pages (SPEC §2 Android-version / iOS-version). Opened to whoever may preview
 * tasks; the service applies the task's own visibility.
 */
import type { FastifyInstance } from 'fastify';
import { VersionService } from '../../domain/versions/index.ts';
import { extraEngineFiles } from '../../jobs/runtime.ts';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, responses, str } from '../schemas.ts';
import { onAnyEvaluation } from './task.ts';

const uid = str(40, 1);
const access = onAnyEvaluation('view', { resource: 'Tools_TaskLedger', operation: 'view' }, { resource: 'Workbench_MyTasks', operation: 'view' });
const anyObject = { type: 'object', additionalProperties: true } as const;

export async function versionRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const versions = new VersionService(services.database.db, services.tasks, services.taskRuntime.repo, extraEngineFiles(services.config));

  app.post<{ Body: { task_uid: string } }>(
    '/task/versions',
    {
      config: { access },
      schema: {
        tags: ['task'],
        summary: 'Finished assessments of the same package (platform and customer as the given task), newest first',
        body: body({ task_uid: uid }),
        response: responses(envelope({ type: 'object', properties: { platform: { type: 'string' }, package_name: { type: 'string' }, list: { type: 'array', items: anyObject } } })),
      },
    },
    async (req) => ({ data: await versions.list(identityOf(req), req.body.task_uid) }),
  );

  app.post<{ Body: { base_task_uid: string; compare_task_uid: string } }>(
    '/task/versionDiff',
    {
      config: { access },
      schema: {
        tags: ['task'],
        summary: 'New, fixed and unchanged findings, permission and SDK changes and the score delta between two versions',
        body: body({ base_task_uid: uid, compare_task_uid: uid }),
        response: responses(envelope(anyObject)),
      },
    },
    async (req) => ({ data: await versions.diff(identityOf(req), req.body.base_task_uid, req.body.compare_task_uid, requestLang(req) === 'en' ? 'en' : 'zh-CN') }),
  );
}
