import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { xz } from '@napi-rs/lzma';
import { describe, expect, it } from 'vitest';
import { buildCpio, buildSquashfs } from '../testing/index.ts';
import { DEFAULT_LIMITS } from '../unpack/model.ts';
import { unpackImage } from '../unpack/scan.ts';
import { locateXz, xzDecompress } from './xz.ts';
import { zstdDecompress, zstdFrameLength } from './zstd.ts';

const tree = {
  type: 'dir' as const,
  children: { etc: { type: 'dir' as const, children: { passwd: { type: 'file' as const, data: 'root:x:0:0:root:/root:/bin/sh\n'.repeat(300) } } } },
};
const hasZstd = existsSync('/usr/bin/zstd');

describe('xz streams', () => {
  it('are sized from their index, decoded, and found inside an image with the bytes around them accounted for', () => {
    const payload = buildCpio(tree);
    const stream = xz.compressSync(Buffer.from(payload));
    expect(locateXz(stream, 0)).toMatchObject({ length: stream.length, uncompressed: payload.length });
    const img = new Uint8Array(4096 + stream.length + 100).fill(0xff);
    img.set(stream, 4096);
    const u = unpackImage(img);
    const r = u.regions.find((x) => x.handler === 'xz')!;
    expect(r).toMatchObject({ offset: 4096, length: stream.length });
    expect(r.children?.[0]?.handler).toBe('cpio');
    expect(u.filesystems[0]!.nodes.some((n) => n.path === '/etc/passwd')).toBe(true);
  });

  it('a stream that declares more than the budget is refused before decoding; a truncated one is not taken', () => {
    const stream = xz.compressSync(Buffer.alloc(4 << 20));
    expect(() => xzDecompress(stream, 1 << 20)).toThrow(/over the limit/);
    const u = unpackImage(stream, { ...DEFAULT_LIMITS, maxRatio: 1, maxTotalBytes: 1 << 20 });
    expect(u.regions[0]!.error).toMatch(/over the limit/);
    expect(locateXz(stream.subarray(0, stream.length - 3), 0)).toBeUndefined();
  });

  it('reads a squashfs 4.0 with xz blocks', () => {
    const fs = unpackImage(buildSquashfs(tree, { compressor: 'xz' })).filesystems[0]!;
    expect(fs.variant).toMatch(/xz/);
    expect(fs.errors).toEqual([]);
    expect(new TextDecoder().decode(fs.nodes.find((n) => n.path === '/etc/passwd')!.data).startsWith('root:x:0:0')).toBe(true);
  });
});

describe.skipIf(!hasZstd)('zstd frames (made by Debian zstd)', () => {
  const zstd = (data: Uint8Array, args: string[] = []): Uint8Array => new Uint8Array(execFileSync('/usr/bin/zstd', ['-q', '-c', ...args], { input: data }));

  it('are sized by their block headers and decoded with and without a declared size', () => {
    const payload = buildCpio(tree);
    for (const frame of [zstd(payload), zstd(payload, ['--no-content-size'])]) {
      expect(zstdFrameLength(frame, 0)).toBe(frame.length);
      expect(zstdDecompress(frame, 1 << 20)).toEqual(payload);
      expect(() => zstdDecompress(frame, 100)).toThrow(/limit/);
    }
    const img = new Uint8Array(1000 + payload.length);
    const frame = zstd(payload);
    img.set(frame, 1000);
    const u = unpackImage(img.subarray(0, 1000 + frame.length));
    expect(u.regions.find((r) => r.handler === 'zstd')?.children?.[0]?.handler).toBe('cpio');
  });
});
