/**
 * Streams a stored sample to the browser: Content-Type from the extension,
 * Content-Disposition with an ASCII fallback and the RFC 5987 UTF-8 name
 * (Chinese file names survive), and single byte ranges (206 / 416).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SampleRow } from '../../domain/samples/samples-repository.ts';
import type { ByteRange, ObjectStorage } from '../../storage/index.ts';
import { sendError } from '../errors.ts';

const CONTENT_TYPES: Record<string, string> = {
  apk: 'application/vnd.android.package-archive',
  ipa: 'application/octet-stream',
  zip: 'application/zip',
  jar: 'application/java-archive',
  'tar.gz': 'application/gzip',
  tgz: 'application/gzip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** Only images may be shown inline (preview); everything else is an attachment. */
const PREVIEWABLE = new Set(['png', 'jpg', 'jpeg']);

/** RFC 6266 / 5987: `attachment; filename="ascii"; filename*=UTF-8''percent-encoded`. */
export function contentDisposition(name: string, inline = false): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; undefined = whole file; 'invalid' = 416. Multiple ranges get the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined | 'invalid' {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.includes(',') ? undefined : 'invalid';
  const [, a, b] = m;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) return 'invalid';
  return { start, end };
}

export async function sendSample(req: FastifyRequest, reply: FastifyReply, storage: ObjectStorage, sample: SampleRow, preview = false): Promise<FastifyReply> {
  const range = parseRange(req.headers.range, sample.size);
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${sample.size}`);
    return sendError(reply, req, 'range_not_satisfiable');
  }
  const inline = preview && PREVIEWABLE.has(sample.extension);
  const body = await storage.get(sample.storage_key, range);
  reply
    .header('content-type', CONTENT_TYPES[sample.extension] ?? 'application/octet-stream')
    .header('content-disposition', contentDisposition(sample.name, inline))
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${sample.size}`).header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', sample.size);
  }
  return reply.send(body);
}
