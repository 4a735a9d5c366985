/**
 * Fetching a dump from the configured mirror (an internal copy of OSV's bucket
 * or of NVD JSON files): off by default, never needed. The body is streamed to
 * a temporary file under a size cap, then imported like an upload.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const MIRROR_MAX_BYTES = 2 * 1024 ** 3;

export async function downloadTo(url: string, file: string, signal?: AbortSignal, maxBytes = MIRROR_MAX_BYTES): Promise<void> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('the mirror URL must be http(s)');
  const res = await fetch(u, { signal: signal ?? AbortSignal.timeout(30 * 60_000), redirect: 'error' });
  if (!res.ok || !res.body) throw new Error(`mirror answered HTTP ${res.status}`);
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > maxBytes) cb(new Error(`mirror file larger than ${maxBytes} bytes`));
      else cb(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(res.body as never), cap, createWriteStream(file));
  } catch (e) {
    await rm(file, { force: true });
    throw e;
  }
}
