/**
 * WebSocket /socket/ (SPEC §7): pushes task status and progress changes, the
 * caller's download-record changes (issue 9) and, later, platform notices to
 * signed-in browsers. Browsers cannot set headers on a WebSocket, and a token in
 * the URL ends up in access logs (issue 18 item 3), so the client authenticates
 * with its first message, `{"type":"auth","user":…,"token":…}`, within
 * AUTH_WAIT_MS of opening. The older `?user=…&token=…` form is still accepted
 * (the request logger redacts the token). A session that ends, or no
 * authentication in time, closes the socket with code 4401.
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
import { type NoticeChange, isTargeted, noticesOf } from '../../domain/notices/index.ts';

/** Close code for "your session is over" (4000–4999 are for applications). */
export const SESSION_CLOSE_CODE = 4401;
const RECHECK_MS = 30_000;
/** How long an opened socket may stay unauthenticated. */
export const AUTH_WAIT_MS = 10_000;

/** The first message's credentials, or null when it is not an auth message. */
function credentialsOf(data: unknown): { user: string; token: string } | null {
  if (!Buffer.isBuffer(data) || data.length > 1024) return null;
  try {
    const v = JSON.parse(data.toString('utf8')) as { type?: unknown; user?: unknown; token?: unknown };
    if (v.type !== 'auth' || typeof v.user !== 'string' || typeof v.token !== 'string') return null;
    return { user: v.user.slice(0, 100), token: v.token.slice(0, 200) };
  } catch {
    return null;
  }
}

export async function socketRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { auth, tasks, taskEvents } = services;
  const noticeEvents = noticesOf(services).events;
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
      let who: Identity | undefined;
      let creds = { user: req.query.user ?? '', token: req.query.token ?? '' };
      let closed = false;
      const onTask = (t: TaskRecord) => {
        if (!who || socket.readyState !== socket.OPEN || !tasks.canSee(who, t)) return;
        const row = toTaskRow({ ...t, created_by_name: '', client_key: '' }, null);
        const msg: SocketMessage = {
          type: 'task',
          task: { task_uid: row.task_uid, status: row.status, $status: row.$status, finish_item: row.finish_item, total_item: row.total_item, queue_number: row.queue_number, fail_msg: row.fail_msg, fail_kind: row.fail_kind, score: row.score, risk_level: row.risk_level,
            // What the engine found out about the target: a list open while the task finishes shows it at once.
            app_name: row.app_name, package_name: row.package_name, version: row.version, counts: row.counts, finished_at: row.finished_at },
        };
        socket.send(JSON.stringify(msg));
      };
      // Only the record's owner hears of it; the panel then refetches its list (queue positions included).
      const onDownload = (c: DownloadChange) => {
        if (!who || socket.readyState !== socket.OPEN || c.user_id !== who.user.id) return;
        socket.send(JSON.stringify({ type: 'download', download: { id: c.id, status: c.status, percentage: c.percentage } } satisfies SocketMessage));
      };
      // A notice shown or withdrawn: only the users it targets hear of it; a withdrawal is an empty non-float
      // notice (SPEC §8: that clears the banner). The browser then refetches getClientUserNotice.
      const onNotice = (c: NoticeChange) => {
        if (!who || socket.readyState !== socket.OPEN || !isTargeted(c.notice, who)) return;
        const n = c.notice;
        const notice = c.kind === 'shown' ? { title: n.title, content: n.content, is_float: n.is_float === 1, ...(n.attachment_key ? { attachment: `/notice/attachment?id=${n.id}`, attachment_name: n.attachment_name ?? '' } : {}) } : { title: '', content: '', is_float: false };
        socket.send(JSON.stringify({ type: 'notice', notice } satisfies SocketMessage));
      };
      // A revoked, expired or disabled session must not keep receiving pushes.
      let recheck: ReturnType<typeof setInterval> | undefined;
      const authenticate = async (): Promise<void> => {
        try {
          const identity = await auth.identify(creds.token, creds.user);
          if (identity.user.must_change_password === 1) return end('change_default_password');
          who = identity;
        } catch (err) {
          return end(err instanceof AppError ? err.code : 'authentication_needed');
        }
        if (closed) return;
        taskEvents.on('task', onTask);
        taskEvents.on('download', onDownload);
        noticeEvents.on('change', onNotice);
        recheck = setInterval(() => {
          auth.identify(creds.token, creds.user).then(
            (fresh) => {
              who = fresh;
            },
            (err: unknown) => end(err instanceof AppError ? err.code : 'invalid_session'),
          );
        }, RECHECK_MS);
      };
      const waiting = setTimeout(() => {
        if (!who) end('authentication_needed');
      }, AUTH_WAIT_MS);
      socket.on('close', () => {
        closed = true;
        clearTimeout(waiting);
        if (recheck) clearInterval(recheck);
        taskEvents.off('task', onTask);
        taskEvents.off('download', onDownload);
        noticeEvents.off('change', onNotice);
      });
      if (creds.token) {
        clearTimeout(waiting);
        await authenticate();
      }
      // The first message authenticates (when the URL did not); keep-alive pings and anything else are ignored.
      socket.on('message', (data: unknown) => {
        if (who || creds.token) return;
        const given = credentialsOf(data);
        if (!given) return end('authentication_needed');
        clearTimeout(waiting);
        creds = given;
        void authenticate();
      });
      return;
    },
  );
}

/** Registered on the root instance so its decorators (injectWS for tests) are visible everywhere. */
export async function registerWebSocket(app: FastifyInstance): Promise<void> {
  const websocket = (await import('@fastify/websocket')).default;
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
}
