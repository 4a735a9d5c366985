/**
 * What the request logger may write (issue 18 item 3, ASVS 7.1.1: no session
 * tokens or other secrets in logs). Query parameters that carry secrets (session
 * tokens, download tickets, passwords, signatures) are replaced by name before a
 * URL reaches a log line, and so are the headers that carry them. Request lines
 * are written at debug level: at the default info level the start-up output (the
 * one-time admin password) stays on screen (issue 19).
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Query parameter names whose values never reach a log line (compared case-insensitively). */
export const SECRET_QUERY_PARAMS: readonly string[] = ['token', 'ticket', 'password', 'passwd', 'pwd', 'secret', 'signature', 'sig', 'key', 'api_key', 'apikey', 'access_token', 'refresh_token', 'id_token', 'auth', 'authorization', 'session', 'sessionid', 'code', 'captcha_code'];
/** Headers that carry credentials (pino redaction paths under req.headers). */
const SECRET_HEADERS = ['token', 'authorization', 'cookie', 'set-cookie', 'x-api-key', 'sec-websocket-protocol'];
export const REDACTED = '[REDACTED]';

const secretParams = new Set(SECRET_QUERY_PARAMS);

/** The URL with the values of secret query parameters replaced; the rest is kept as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hashAt = url.indexOf('#', q);
  const query = url.slice(q + 1, hashAt < 0 ? undefined : hashAt);
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judge the name as written.
    }
    return secretParams.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The Fastify logger options: level from the configuration, redacted URLs and headers, optional stream (tests). */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: SECRET_HEADERS.map((h) => `req.headers["${h}"]`), censor: REDACTED },
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.hostname, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
    },
  };
}

/**
 * Fastify's request lines (incoming, completed) at debug level instead of info; the
 * `req` serializer above redacts them. A response that fails while being written
 * stays an error line.
 */
export class DebugRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Request lines written by a hook, for an app built with disableRequestLogging (DebugRequestLog is the way). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    req.log.debug({ req, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
  });
}
