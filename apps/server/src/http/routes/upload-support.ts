/**
 * What the file and mb plugins share: multipart parsing with hard limits,
 * messages with parameters in the caller's language, and the caller as an
 * uploader (user, customer, admin flag).
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import { ERROR_CATALOGUE } from '@citadel/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Uploader } from '../../domain/samples/sample-service.ts';
import { TemplatedError, fillMessage } from '../../domain/uploads/index.ts';
import { identityOf } from '../access.ts';
import { fail } from '../app-error.ts';
import { requestLang, sendError } from '../errors.ts';

export async function registerUploadSupport(app: FastifyInstance, maxFileBytes: number): Promise<void> {
  await app.register(multipart, {
    // Our own streaming guards enforce the per-kind limits; these bound the parser itself.
    limits: { fieldNameSize: 100, fieldSize: 4096, fields: 20, fileSize: maxFileBytes, files: 10, parts: 40, headerPairs: 50 },
  });
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof TemplatedError) return sendError(reply, req, err.code, fillMessage(ERROR_CATALOGUE[err.code][requestLang(req)], err.params));
    // Everything else goes to the application's handler.
    throw err;
  });
}

export function uploaderOf(req: FastifyRequest): Uploader {
  const { user, isAdmin } = identityOf(req);
  return { userId: user.id, userName: user.name, customerId: user.customer_id, isAdmin };
}

/**
 * Walks a multipart body: fields are collected, each file part is handed to
 * `onFile` with the fields seen before it (clients send fields first).
 */
export async function eachFilePart(req: FastifyRequest, onFile: (file: MultipartFile, fields: Record<string, string>) => Promise<void>): Promise<Record<string, string>> {
  if (!req.isMultipart()) fail('bad_request_parameters', 'multipart/form-data expected');
  const fields: Record<string, string> = {};
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    await onFile(part, fields);
  }
  return fields;
}

/** A decimal integer field, or undefined when absent. */
export function intField(fields: Record<string, string>, name: string): number | undefined {
  const raw = fields[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,15}$/.test(raw)) fail('illegal_parameter', name);
  return Number(raw);
}
