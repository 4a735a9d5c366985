/**
 * The push channel (issue 4, SPEC §7 WebSocket /socket/): one shared connection
 * while anything listens, authenticated by its first message (user and token stay
 * out of the URL, so out of access logs: issue 18), reconnecting with exponential
 * backoff. A close with code 4401 (session revoked or expired) or a
 * `session_end` message stops reconnecting and lets the request layer end the
 * session (a checkLogin round trip answers with the session error, which the
 * request layer turns into logout + message + reload).
 */
import type { SocketAuthMessage, SocketMessage } from '@citadel/contracts';
import { storage } from './storage.ts';
import { loadSession } from '../app/session.ts';

export type TaskPush = Extract<SocketMessage, { type: 'task' }>['task'];
type Listener = (message: SocketMessage) => void;

/** Close code the server uses for a revoked or expired session. */
export const SESSION_CLOSE_CODE = 4401;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let retryTimer: number | null = null;
let attempt = 0;
let sessionEnded = false;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/socket/`;
}

function parse(data: unknown): SocketMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const v: unknown = JSON.parse(data);
    if (v && typeof v === 'object' && 'type' in v && typeof (v as { type: unknown }).type === 'string') return v as SocketMessage;
  } catch {
    // SPEC §8: socket failures are only logged.
    console.warn('socket: unreadable message');
  }
  return null;
}

function endSession(): void {
  sessionEnded = true;
  disconnect();
  // The server refuses the stored token: confirming it runs the request layer's session-error handling.
  loadSession().catch(() => undefined);
}

function scheduleReconnect(): void {
  if (retryTimer !== null || listeners.size === 0 || sessionEnded) return;
  const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 30000;
  attempt++;
  retryTimer = window.setTimeout(() => {
    retryTimer = null;
    connect();
  }, delay);
}

function connect(): void {
  if (socket || sessionEnded || listeners.size === 0) return;
  const user = storage.getUser();
  const token = storage.getToken();
  if (!user || !token) return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl());
  } catch (err) {
    console.warn('socket: cannot connect', err);
    scheduleReconnect();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    ws.send(JSON.stringify({ type: 'auth', user, token } satisfies SocketAuthMessage));
  };
  ws.onmessage = (event: MessageEvent) => {
    const message = parse(event.data);
    if (!message) return;
    if (message.type === 'session_end') {
      endSession();
      return;
    }
    for (const l of [...listeners]) l(message);
  };
  ws.onerror = () => console.warn('socket: connection error');
  ws.onclose = (event: CloseEvent) => {
    if (socket === ws) socket = null;
    if (event.code === SESSION_CLOSE_CODE) endSession();
    else scheduleReconnect();
  };
}

function disconnect(): void {
  if (retryTimer !== null) window.clearTimeout(retryTimer);
  retryTimer = null;
  const ws = socket;
  socket = null;
  if (ws) {
    ws.onclose = null;
    ws.close(1000);
  }
}

/** Listen to every pushed message; the connection opens with the first listener and closes after the last. */
export function subscribeSocket(listener: Listener): () => void {
  listeners.add(listener);
  // A new session (sign-in after a revoked one) may connect again.
  if (sessionEnded && storage.hasSession()) sessionEnded = false;
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      disconnect();
      attempt = 0;
    }
  };
}

/** Listen to task status/progress pushes only. */
export function subscribeTaskPushes(listener: (task: TaskPush) => void): () => void {
  return subscribeSocket((m) => {
    if (m.type === 'task') listener(m.task);
  });
}
