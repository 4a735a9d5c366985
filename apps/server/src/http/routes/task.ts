/** /task: assessment tasks (issue 4; SPEC §7 POST /task/preview). */
import { EVALUATIONS, type Operation, PLATFORMS, SPECIAL_EVALUATIONS, TASK_STATUSES } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { type Access, identityOf } from '../access.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';
import { checkScanTarget } from '../../domain/tasks/scan-target.ts';

/** Any evaluation list with this operation opens the route; the service then checks the task's own platform. */
export const onAnyEvaluation = (operation: Operation, ...more: Access[]): Access => ({
  // Specialised assessments (firmware, network …) have their own screens' grants; their users create and see their tasks too.
  anyOf: [...[...EVALUATIONS, ...SPECIAL_EVALUATIONS].map((e) => ({ resource: e.key, operation })), ...more.flatMap((a) => (typeof a === 'object' && 'resource' in a ? [a] : []))],
});

const uid = str(40, 1);
const taskRow = { type: 'object', additionalProperties: true } as const;
const platform = { type: 'string', enum: [...PLATFORMS] } as const;
const stringMap = { type: 'object', additionalProperties: { type: 'string', maxLength: 2000 }, maxProperties: 30 } as const;
/**
 * Engine parameters: short values, except documents sent as text — an SCA task's VEX (its JSON; engine-sca
 * params.ts bounds and reads it) and a compliance task's privacy policy (text or HTML; the engine reads it).
 */
const paramMap = { ...stringMap, properties: { vex: { type: 'string', maxLength: 512 * 1024 }, privacyPolicy: { type: 'string', maxLength: 512 * 1024 } } } as const;

export async function taskRoutes(app: FastifyInstance, { tasks, config }: Services): Promise<void> {
  // Read-only: whether the scan policy lets a web task reach this URL's address (the create form warns before submitting).
  app.post<{ Body: { url: string } }>(
    '/task/scanTargetCheck',
    {
      config: { access: onAnyEvaluation('add') },
      schema: {
        tags: ['task'],
        summary: "Whether the administrator's scan policy allows the address of a URL (address literals and localhost; names are checked when scanned)",
        body: body({ url: str(2000, 1) }),
        response: responses(envelope({ type: 'object', properties: { allowed: { type: 'boolean' }, kind: { type: 'string' }, setting: { type: 'string' } } })),
      },
    },
    async (req) => ({ data: checkScanTarget(req.body.url, config) }),
  );

  app.post<{ Body: { platform: (typeof PLATFORMS)[number]; sample_id?: number; url?: string; template_id?: number; fields?: Record<string, string>; params?: Record<string, string> } }>(
    '/task/create',
    {
      config: { access: onAnyEvaluation('add') },
      schema: {
        tags: ['task'],
        summary: 'Queue an assessment of an uploaded sample or a URL',
        body: body({ platform, sample_id: { type: 'integer', minimum: 1 }, url: str(2000), template_id: { type: 'integer', minimum: 1 }, fields: stringMap, params: paramMap }, ['platform']),
        response: responses(envelope({ type: 'object', properties: { task_uid: { type: 'string' } } })),
      },
    },
    async (req) => ({ data: { task_uid: (await tasks.create(identityOf(req), req.body)).task_uid } }),
  );

  app.post<{ Body: { platform?: (typeof PLATFORMS)[number]; status?: (typeof TASK_STATUSES)[number]; keyword?: string; mine?: boolean; page: number; page_size: number } }>(
    '/task/list',
    {
      config: { access: onAnyEvaluation('view', { resource: 'Tools_TaskLedger', operation: 'view' }, { resource: 'Workbench_MyTasks', operation: 'view' }) },
      schema: {
        tags: ['task'],
        summary: 'Tasks the caller may see, newest first, with exact queue positions',
        body: body(
          { platform, status: { type: 'string', enum: [...TASK_STATUSES] }, keyword: str(200), mine: { type: 'boolean' }, page: { type: 'integer', minimum: 1, maximum: 1_000_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] } },
          ['page', 'page_size'],
        ),
        response: responses(envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: taskRow } } })),
      },
    },
    async (req) => ({ data: await tasks.list(identityOf(req), req.body) }),
  );

  app.post<{ Body: { task_uid: string } }>(
    '/task/preview',
    {
      config: { access: onAnyEvaluation('view', { resource: 'Tools_TaskLedger', operation: 'view' }, { resource: 'Workbench_MyTasks', operation: 'view' }) },
      schema: {
        tags: ['task'],
        summary: 'A task with its stored assessment and the texts of its rules',
        body: body({ task_uid: uid }),
        response: responses(envelope({ type: 'object', additionalProperties: true })),
      },
    },
    async (req) => ({ data: await tasks.preview(identityOf(req), req.body.task_uid, requestLang(req) === 'en' ? 'en' : 'zh-CN') }),
  );

  for (const [action, operation] of [['cancel', 'add'], ['retry', 'add']] as const) {
    app.post<{ Body: { task_uid: string } }>(
      `/task/${action}`,
      {
        config: { access: onAnyEvaluation(operation) },
        schema: { tags: ['task'], summary: `${action === 'cancel' ? 'Cancel a queued or running' : 'Queue again an exceptional or cancelled'} task`, body: body({ task_uid: uid }), response: responses(okEnvelope) },
      },
      async (req) => {
        await tasks[action](identityOf(req), req.body.task_uid);
        return { data: { ok: true } };
      },
    );
  }

  app.post<{ Body: { task_uids: string[] } }>(
    '/task/delete',
    {
      config: { access: onAnyEvaluation('delete', { resource: 'Workbench_MyTasks', operation: 'delete' }, { resource: 'Tools_TaskLedger', operation: 'delete' }) },
      schema: {
        tags: ['task'],
        summary: 'Delete tasks with their results (admin or owner)',
        body: body({ task_uids: { type: 'array', items: uid, minItems: 1, maxItems: 200, uniqueItems: true } }),
        response: responses(okEnvelope),
      },
    },
    async (req) => {
      await tasks.delete(identityOf(req), req.body.task_uids);
      return { data: { ok: true } };
    },
  );
}
