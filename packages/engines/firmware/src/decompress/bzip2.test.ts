import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCpio } from '../testing/index.ts';
import { DEFAULT_LIMITS } from '../unpack/model.ts';
import { unpackImage } from '../unpack/scan.ts';
import { bzip2Decompress } from './bzip2.ts';

// Streams made by Debian's bzip2 (1.0.8); the test is skipped without it (CI installs it).
const hasBzip2 = existsSync('/usr/bin/bzip2') || existsSync('/bin/bzip2');
const bz = (data: Uint8Array, level = 9): Uint8Array => new Uint8Array(execFileSync('bzip2', [`-${level}`, '-c'], { input: data }));
const tree = { type: 'dir' as const, children: { etc: { type: 'dir' as const, children: { passwd: { type: 'file' as const, data: 'root:x:0:0:root:/root:/bin/sh\n'.repeat(300) } } } } };

describe.skipIf(!hasBzip2)('bzip2 streams', () => {
  it('decode byte-exact over several blocks, with the stream length as consumed', () => {
    const data = new Uint8Array(250_000).map((_, i) => (i * 7919) % 251);
    const s = bz(data, 1);
    const withTail = new Uint8Array(s.length + 50).fill(0xff);
    withTail.set(s);
    const r = bzip2Decompress(withTail, 0, 1 << 20);
    expect(Buffer.from(r.data).equals(Buffer.from(data))).toBe(true);
    expect(r.length).toBe(s.length);
  });

  it('are found inside an image and scanned again (a cpio inside), the bytes around accounted for', () => {
    const s = bz(buildCpio(tree));
    const img = new Uint8Array(4096 + s.length + 300).fill(0xff);
    img.set(s, 4096);
    const u = unpackImage(img);
    const r = u.regions.find((x) => x.handler === 'bzip2')!;
    expect(r).toMatchObject({ offset: 4096, length: s.length, kind: 'compressed' });
    expect(r.children?.[0]?.handler).toBe('cpio');
    expect(u.filesystems[0]!.nodes.some((n) => n.path === '/etc/passwd')).toBe(true);
  });

  it('a bomb stops at the ratio limit, a truncated or damaged stream is an error, never a hang', () => {
    const bomb = bz(new Uint8Array(8 << 20));
    expect(bomb.length).toBeLessThan(100);
    expect(() => bzip2Decompress(bomb, 0, 1 << 30, 200)).toThrow(/expands more than 200/);
    expect(() => bzip2Decompress(bomb, 0, 1 << 20)).toThrow(/over the limit/);
    const s = bz(buildCpio(tree));
    expect(() => bzip2Decompress(s.subarray(0, s.length - 20), 0, 1 << 20)).toThrow(/truncated|data error/);
    const bad = new Uint8Array(s);
    bad[40] = bad[40]! ^ 0xff;
    expect(() => bzip2Decompress(bad, 0, 1 << 20)).toThrow();
    const u = unpackImage(Buffer.concat([new Uint8Array(64), bad]), { ...DEFAULT_LIMITS });
    expect(u.errors.some((e) => e.startsWith('bzip2 at 0x40'))).toBe(true);
  });
});
