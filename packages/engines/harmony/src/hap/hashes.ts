/** MD5, SHA-1 and SHA-256 of the uploaded file, streamed through one read (the file is never held whole). */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export async function hashFile(path: string, signal?: AbortSignal): Promise<{ md5: string; sha1: string; sha256: string }> {
  const hashes = { md5: createHash('md5'), sha1: createHash('sha1'), sha256: createHash('sha256') };
  const stream = createReadStream(path, { highWaterMark: 1 << 20, ...(signal ? { signal } : {}) });
  for await (const chunk of stream) for (const h of Object.values(hashes)) h.update(chunk as Buffer);
  return { md5: hashes.md5.digest('hex'), sha1: hashes.sha1.digest('hex'), sha256: hashes.sha256.digest('hex') };
}
