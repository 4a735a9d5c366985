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
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return sendError(reply, req, err.code, err.detail);
    const code = codeForFrameworkError(err);
    if (code) return sendError(reply, req, code);
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, req, 'system_error');
  });
  app.setNotFoundHandler((req, reply) => sendError(reply, req, 'not_found'));
}
