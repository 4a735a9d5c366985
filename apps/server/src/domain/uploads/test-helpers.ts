/**
 * Test helpers for uploads: target files built in code (a minimal APK is a ZIP
 * with a manifest and a DEX), a multipart body writer for inject(), and a
 * client of the chunked protocol with control over order and chunk contents.
 */
import { randomBytes } from 'node:crypto';
import { buildZip } from '@citadel/engine-core';
import type { BuiltApp } from '../../app.ts';

/** A minimal APK: AndroidManifest.xml + classes.dex, with `salt` making each one distinct. */
export function apkBytes(salt = randomBytes(8).toString('hex'), padding = 0): Buffer {
  return buildZip([
    { name: 'AndroidManifest.xml', data: Buffer.from(`manifest-${salt}`) },
    { name: 'classes.dex', data: Buffer.concat([Buffer.from('dex\n035\0'), randomBytes(padding)]), method: 'stored' },
  ]);
}

export interface FormField {
  name: string;
  value: string;
}
export interface FormFile {
  field: string;
  filename: string;
  content: Buffer;
}

/** multipart/form-data with the fields first, then the files (the order clients use). */
export function multipart(fields: FormField[], files: FormFile[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----citadel${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of fields) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"\r\n\r\n${f.value}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`, 'utf8'));
    parts.push(f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type App = BuiltApp['app'];

export async function beginUpload(app: App, headers: Record<string, string>, body: object) {
  const res = await app.inject({ method: 'POST', url: '/file/upload/id', headers, payload: body });
  return { status: res.statusCode, body: res.json() };
}

export async function sendPart(app: App, headers: Record<string, string>, fields: Record<string, string | number>, content: Buffer) {
  const form = multipart(
    Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    [{ field: 'file', filename: 'blob', content }],
  );
  const res = await app.inject({ method: 'POST', url: '/file/upload/part', headers: { ...headers, ...form.headers }, payload: form.payload });
  return { status: res.statusCode, body: res.json() };
}

export function chunksOf(content: Buffer, chunkSize: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < content.length; at += chunkSize) out.push(content.subarray(at, at + chunkSize));
  return out;
}

/** Opens an upload and sends the chunks in `order` (defaults to all, ascending); answers the last part's response. */
export async function uploadChunked(app: App, headers: Record<string, string>, name: string, content: Buffer, opts: { chunkSize?: number; order?: number[]; kind?: string } = {}) {
  const chunkSize = opts.chunkSize ?? 1024;
  const chunks = chunksOf(content, chunkSize);
  const begun = await beginUpload(app, headers, { name, size: content.length, chunks: chunks.length, chunk_size: chunkSize, ...(opts.kind ? { kind: opts.kind } : {}) });
  if (!begun.body.data) return { uid: undefined, last: begun };
  const uid: string = begun.body.data.id;
  let last = begun;
  for (const i of opts.order ?? chunks.map((_, i) => i)) {
    last = await sendPart(app, headers, { chunk: i, uid, name, size: content.length, chunks: chunks.length }, chunks[i]!);
  }
  return { uid, last };
}

export function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomBytes(4).readUInt32LE() % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
