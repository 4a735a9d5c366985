/**
 * One envelope for every failure: `{ error: code, message }` with the code's
 * HTTP status. Validation, malformed JSON and oversized bodies get their
 * catalogue codes; anything unexpected is logged and answered as system_error
 * without a stack trace.
 */
import { ERROR_CATALOGUE, type ErrorCode } from '@citadel/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** Messages follow the browser's language (lang header or Accept-Language), Chinese by default. */
export function requestLang(req: FastifyRequest): 'zh' | 'en' {
  const lang = req.headers.lang ?? req.headers['accept-language'] ?? '';
  return String(lang).toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function sendError(reply: FastifyReply, req: FastifyRequest, code: ErrorCode, detail?: string): FastifyReply {
  const entry = ERROR_CATALOGUE[code];
  return reply.status(entry.status).send({ error: code, message: detail ?? entry[requestLang(req)] });
}

function codeForFrameworkError(err: FastifyError): ErrorCode | undefined {
  if (err.validation) return 'illegal_parameter';
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return 'bad_request_parameters';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large';
  }
  if (err.statusCode === 400 || (err instanceof SyntaxError && err.statusCode)) return 'bad_request_parameters';
  if (err.statusCode === 415) return 'bad_request_parameters';
  if (err.statusCode === 413) return 'payload_too_large';
  // Any other client error a plugin raises (the static files' "403 Forbidden" for a path
  // climbing out of the web folder, a malformed range …) is the caller's fault: a 4xx
  // from the catalogue, never a 500 with an error-level log line (issue 18 item 8).
  const status = err.statusCode ?? (err as { status?: number }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) return CLIENT_ERROR_BY_STATUS[status] ?? 'bad_request_parameters';
  return undefined;
}

const CLIENT_ERROR_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'authentication_needed',
  403: 'illegal_access',
  404: 'not_found',
  405: 'not_found',
  413: 'payload_too_large',
  416: 'range_not_satisfiable',
};

/**
 * Errors Fastify raises before routing (a URL that is not valid percent-encoding,
 * a malformed header …): the same envelope instead of Fastify's own shape.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  req.log.debug({ code: err.code }, 'request refused before routing');
  void sendError(reply, req, codeForFrameworkError(err) ?? 'bad_request_parameters');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return sendError(reply, req, err.code, err.detail);
    const code = codeForFrameworkError(err);
    if (code) {
      req.log.debug({ code: err.code, status: err.statusCode }, 'client error');
      return sendError(reply, req, code);
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, req, 'system_error');
  });
  app.setNotFoundHandler((req, reply) => sendError(reply, req, 'not_found'));
}
