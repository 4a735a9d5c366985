/** MD5, SHA-1 and SHA-256 of a file in one streaming pass (never the whole file in memory). */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export async function fileHashes(path: string, signal?: AbortSignal): Promise<{ md5: string; sha1: string; sha256: string }> {
  const md5 = createHash('md5');
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20, ...(signal ? { signal } : {}) })) {
    md5.update(chunk as Buffer);
    sha1.update(chunk as Buffer);
    sha256.update(chunk as Buffer);
  }
  return { md5: md5.digest('hex'), sha1: sha1.digest('hex'), sha256: sha256.digest('hex') };
}
