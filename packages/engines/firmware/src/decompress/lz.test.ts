import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSquashfs } from '../testing/index.ts';
import { lz4Compress, lzo1xCompress } from '../testing/lz-writers.ts';
import { unpackImage } from '../unpack/scan.ts';
import { lz4BlockDecompress } from './lz4.ts';
import { lzo1xDecompress } from './lzo.ts';

let seed = 11;
const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
const enc = new TextEncoder();
const samples: [string, Uint8Array][] = [
  ['empty', new Uint8Array(0)],
  ['short', enc.encode('abc')],
  ['text', enc.encode('root:x:0:0:root:/root:/bin/sh\ndaemon:x:1:1::/:/bin/false\n'.repeat(200))],
  ['random', Uint8Array.from({ length: 5000 }, () => rnd(256))],
  ['a long run', new Uint8Array(70_000).fill(7)],
  // Repeats 20–40 KiB apart, so LZO needs its far (M4) matches.
  ['far repeats', (() => {
    const block = Uint8Array.from({ length: 20_000 }, () => rnd(256));
    const out = new Uint8Array(60_000);
    out.set(block, 0);
    out.set(block, 20_000 + 17);
    return out;
  })()],
];
const codecs = [
  ['lz4', lz4Compress, lz4BlockDecompress],
  ['lzo1x', lzo1xCompress, lzo1xDecompress],
] as const;

describe.each(codecs)('%s', (_name, pack, unpack) => {
  it.each(samples)('round trip: %s', (_s, data) => {
    const z = pack(data);
    expect(unpack(z, data.length)).toEqual(data);
  });

  it('output over the cap, truncated and damaged input end with an error, never a crash or a hang', () => {
    const data = samples[2]![1];
    const z = pack(data);
    expect(() => unpack(z, data.length - 1)).toThrow(/limit/);
    for (const cut of [1, 2, 5, z.length >> 1, z.length - 1]) expect(() => unpack(z.subarray(0, cut), 1 << 20)).toThrow();
    for (let round = 0; round < 300; round++) {
      const bad = z.slice();
      for (let k = 0; k < 3; k++) bad[rnd(bad.length)] = rnd(256);
      try {
        expect(unpack(bad, 1 << 16).length).toBeLessThanOrEqual(1 << 16);
      } catch (e) {
        expect((e as Error).message).toMatch(/^(lz4|lzo): /);
      }
    }
  });
});

it('LZ4: decodes the blocks of frames made by Debian lz4', { skip: !existsSync('/usr/bin/lz4') }, () => {
  const data = samples[2]![1];
  const frame = new Uint8Array(execFileSync('/usr/bin/lz4', ['-q', '-c', '-B4', '--no-frame-crc'], { input: data }));
  // Frame: magic, FLG, BD, (no content size), HC, then blocks (LE32 size, high bit = stored) up to a zero end mark.
  let p = 7;
  const parts: Uint8Array[] = [];
  for (;;) {
    const size = new DataView(frame.buffer, frame.byteOffset + p, 4).getUint32(0, true);
    p += 4;
    if (size === 0) break;
    const body = frame.subarray(p, p + (size & 0x7fffffff));
    parts.push(size & 0x80000000 ? body : lz4BlockDecompress(body, 64 << 10));
    p += size & 0x7fffffff;
  }
  expect(Buffer.concat(parts)).toEqual(Buffer.from(data));
});

describe('squashfs 4.0 with LZO and LZ4 blocks', () => {
  const tree = {
    type: 'dir' as const,
    children: {
      etc: { type: 'dir' as const, children: { passwd: { type: 'file' as const, data: 'root:x:0:0:root:/root:/bin/sh\n'.repeat(300) }, link: { type: 'symlink' as const, target: '../../x' } } },
      dev: { type: 'dir' as const, children: { console: { type: 'chardev' as const, rdev: (5 << 8) | 1 } } },
    },
  };
  it.each(['lzo', 'lz4'] as const)('%s (test writer)', (compressor) => {
    const img = buildSquashfs(tree, { compressor });
    const fs = unpackImage(img).filesystems[0]!;
    expect(fs.variant).toBe(`4.0 le ${compressor}`);
    expect(fs.errors).toEqual([]);
    const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
    expect(new TextDecoder().decode(nodes.get('/etc/passwd')!.data)).toBe('root:x:0:0:root:/root:/bin/sh\n'.repeat(300));
    expect(nodes.get('/etc/link')).toMatchObject({ type: 'symlink', target: '../../x' });
    expect(nodes.get('/dev/console')).toMatchObject({ type: 'chardev', rdev: (5 << 8) | 1 });
  });

  it.skipIf(!existsSync('/usr/bin/mksquashfs'))('reads what Debian mksquashfs writes with -comp lzo and -comp lz4 (-Xhc)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sqfs-'));
    try {
      const root = path.join(dir, 'root');
      mkdirSync(path.join(root, 'etc', 'init.d'), { recursive: true });
      mkdirSync(path.join(root, 'dev'));
      const big = Buffer.from(Array.from({ length: 300_000 }, (_, i) => `line ${i % 977} ${i % 13}\n`).join('').slice(0, 300_000));
      writeFileSync(path.join(root, 'etc', 'big.txt'), big);
      writeFileSync(path.join(root, 'etc', 'init.d', 'rcS'), '#!/bin/sh\ntelnetd -l /bin/sh\n');
      symlinkSync('/tmp/resolv.conf', path.join(root, 'etc', 'resolv.conf'));
      for (const comp of [['lzo'], ['lz4'], ['lz4', '-Xhc']]) {
        const out = path.join(dir, `${comp.join('')}.sqfs`);
        // The device node is a pseudo file: nothing is created on this machine's disk.
        execFileSync('/usr/bin/mksquashfs', [root, out, '-noappend', '-quiet', '-no-progress', '-comp', ...comp, '-p', 'dev/console c 600 0 0 5 1'], { stdio: 'ignore' });
        const fs = unpackImage(new Uint8Array(readFileSync(out))).filesystems[0]!;
        expect(fs.variant).toBe(`4.0 le ${comp[0]}`);
        expect(fs.errors).toEqual([]);
        expect(fs.nodes.length).toBe(fs.declaredInodes);
        const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
        expect(Buffer.from(nodes.get('/etc/big.txt')!.data!).equals(big)).toBe(true);
        expect(new TextDecoder().decode(nodes.get('/etc/init.d/rcS')!.data)).toContain('telnetd');
        expect(nodes.get('/etc/resolv.conf')).toMatchObject({ type: 'symlink', target: '/tmp/resolv.conf' });
        expect(nodes.get('/dev/console')).toMatchObject({ type: 'chardev', rdev: (5 << 8) | 1 });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
