import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkHashes, fileHashes } from './content-hashes.ts';

describe('content hashes', () => {
  it('gives the MD5, SHA-1 and SHA-256 of a streamed file and of chunks, the same as hashing the whole', async () => {
    const data = Buffer.alloc(3 << 20, 7);
    data.write('citadel', 1 << 20);
    const path = join(mkdtempSync(join(tmpdir(), 'hashes-')), 'f.bin');
    writeFileSync(path, data);
    const expected = { md5: createHash('md5').update(data).digest('hex'), sha1: createHash('sha1').update(data).digest('hex'), sha256: createHash('sha256').update(data).digest('hex') };
    expect(await fileHashes(path)).toEqual(expected);
    expect(chunkHashes([data.subarray(0, 5), data.subarray(5)])).toEqual(expected);
  });

  it('stops when aborted', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'hashes-')), 'f.bin');
    writeFileSync(path, Buffer.alloc(1024));
    await expect(fileHashes(path, AbortSignal.abort())).rejects.toThrow();
  });
});
