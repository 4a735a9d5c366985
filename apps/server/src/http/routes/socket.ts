/**
 * WebSocket /socket/ (SPEC §7): pushes task status and progress changes, the
 * caller's download-record changes (issue 9) and, later, platform notices to signed-in browsers. Browsers cannot set headers
 * on a WebSocket, so user and token come in the query string and are checked
 * like any session; a session that ends closes the socket with code 4401.
 * The websocket plugin itself is registered at the root (registerWebSocket).
 */
import type { SocketMessage } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Identity } from '../../domain/auth/auth-service.ts';
import { toTaskRow } from '../../domain/tasks/task-service.ts';
import type { TaskRecord } from '../../domain/tasks/task-repository.ts';
import type { DownloadChange } from '../../jobs/task-events.ts';
import type { Services } from '../../services.ts';
import { AppError } from '../app-error.ts';

/** Close code for "your session is over" (4000–4999 are for applications). */
export const SESSION_CLOSE_CODE = 4401;
const RECHECK_MS = 30_000;

export async function socketRoutes(app: FastifyInstance, { auth, tasks, taskEvents }: Services): Promise<void> {
  app.get<{ Querystring: { user?: string; token?: string } }>(
    '/socket/',
    { websocket: true, config: { access: 'public' }, schema: { hide: true, querystring: { type: 'object', properties: { user: { type: 'string', maxLength: 100 }, token: { type: 'string', maxLength: 200 } } } } },
    async (socket, req) => {
      const end = (error: string) => {
        if (socket.readyState === socket.OPEN) {
          socket.send(JSON.stringify({ type: 'session_end', error } satisfies SocketMessage));
          socket.close(SESSION_CLOSE_CODE, error);
        }
      };
      let who: Identity;
      try {
        who = await auth.identify(req.query.token ?? '', req.query.user ?? '');
      } catch (err) {
        return end(err instanceof AppError ? err.code : 'authentication_needed');
      }
      const onTask = (t: TaskRecord) => {
        if (socket.readyState !== socket.OPEN || !tasks.canSee(who, t)) return;
        const row = toTaskRow({ ...t, created_by_name: '', client_key: '' }, null);
        const msg: SocketMessage = {
          type: 'task',
          task: { task_uid: row.task_uid, status: row.status, $status: row.$status, finish_item: row.finish_item, total_item: row.total_item, queue_number: row.queue_number, fail_msg: row.fail_msg, fail_kind: row.fail_kind, score: row.score, risk_level: row.risk_level },
        };
        socket.send(JSON.stringify(msg));
      };
      // Only the record's owner hears of it; the panel then refetches its list (queue positions included).
      const onDownload = (c: DownloadChange) => {
        if (socket.readyState !== socket.OPEN || c.user_id !== who.user.id) return;
        socket.send(JSON.stringify({ type: 'download', download: { id: c.id, status: c.status, percentage: c.percentage } } satisfies SocketMessage));
      };
      taskEvents.on('task', onTask);
      taskEvents.on('download', onDownload);
      // A revoked, expired or disabled session must not keep receiving pushes.
      const recheck = setInterval(() => {
        auth.identify(req.query.token ?? '', req.query.user ?? '').then(
          (fresh) => {
            who = fresh;
          },
          (err: unknown) => end(err instanceof AppError ? err.code : 'invalid_session'),
        );
      }, RECHECK_MS);
      socket.on('close', () => {
        clearInterval(recheck);
        taskEvents.off('task', onTask);
        taskEvents.off('download', onDownload);
      });
      // Browsers' keep-alive pings are answered; anything else a client sends is ignored.
      socket.on('message', () => undefined);
    },
  );
}

/** Registered on the root instance so its decorators (injectWS for tests) are visible everywhere. */
export async function registerWebSocket(app: FastifyInstance): Promise<void> {
  const websocket = (await import('@fastify/websocket')).default;
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
}
