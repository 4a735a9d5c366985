import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rtimeDecompress } from '../../decompress/rtime.ts';
import { buildJffs2 } from '../../testing/index.ts';
import { unpackImage } from '../scan.ts';

const tree = {
  type: 'dir' as const,
  children: {
    bin: { type: 'dir' as const, children: { busybox: { type: 'file' as const, data: 'BusyBox v1.12.1 multi-call binary '.repeat(400), mode: 0o755 }, sh: { type: 'symlink' as const, target: 'busybox' } } },
    dev: { type: 'dir' as const, children: { ttyS0: { type: 'chardev' as const, rdev: (4 << 8) | 64 } } },
    etc: { type: 'dir' as const, children: { shadow: { type: 'file' as const, data: 'root:$1$old$hash:0:0:99999:7:::\n' }, 'old.conf': { type: 'file' as const, data: 'gone' } } },
  },
};
const text = (d?: Uint8Array): string => new TextDecoder().decode(d);

describe('JFFS2', () => {
  it.each([
    ['little-endian, zlib', { le: true, zlib: true }],
    ['big-endian, uncompressed', { le: false, zlib: false }],
  ])('%s: the newest node wins, deleted names are gone, links and devices kept as entries', (_n, o) => {
    const img = buildJffs2(tree, { ...o, rewrite: { path: '/etc/shadow', data: 'root:$1$new$hash:0:0:99999:7:::\n' }, unlink: '/etc/old.conf' });
    const padded = new Uint8Array(img.length + 65536).fill(0xff);
    padded.set(img);
    const u = unpackImage(padded);
    const fs = u.filesystems[0]!;
    expect(fs.kind).toBe('jffs2');
    expect(fs.errors).toEqual([]);
    const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
    expect(text(nodes.get('/bin/busybox')!.data)).toBe('BusyBox v1.12.1 multi-call binary '.repeat(400));
    expect(text(nodes.get('/etc/shadow')!.data)).toContain('$1$new$');
    expect(nodes.has('/etc/old.conf')).toBe(false);
    expect(nodes.get('/bin/sh')).toMatchObject({ type: 'symlink', target: 'busybox' });
    expect(nodes.get('/dev/ttyS0')).toMatchObject({ type: 'chardev', rdev: (4 << 8) | 64 });
    expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(padded.length);
  });

  it('damaged nodes are skipped, the rest is read', () => {
    const img = buildJffs2(tree, { zlib: true });
    let seed = 3;
    for (let round = 0; round < 60; round++) {
      const bad = img.slice();
      for (let k = 0; k < 6; k++) {
        const at = (seed = (seed * 1103515245 + 12345) >>> 0) % bad.length;
        bad[at] = bad[at]! ^ 0x5a;
      }
      expect(() => unpackImage(bad)).not.toThrow();
    }
  });

  it('rtime: repeats copy from the last position of the same byte', () => {
    // 'a', 'b', then 'a' with repeat 3: copies the 3 bytes that followed the first 'a' ("bab").
    expect(text(rtimeDecompress(Uint8Array.from([97, 0, 98, 0, 97, 3]), 6))).toBe('ababab');
    expect(() => rtimeDecompress(Uint8Array.from([97, 9]), 4)).toThrow();
  });

  it.skipIf(!existsSync('/usr/sbin/mkfs.jffs2'))('reads what Debian mkfs.jffs2 (mtd-utils) writes, in both byte orders', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jffs2-'));
    try {
      const root = path.join(dir, 'root');
      mkdirSync(path.join(root, 'etc', 'init.d'), { recursive: true });
      writeFileSync(path.join(root, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/sh\n'.repeat(500));
      writeFileSync(path.join(root, 'etc', 'init.d', 'rcS'), '#!/bin/sh\ntelnetd -l /bin/sh\n');
      symlinkSync('/tmp/resolv.conf', path.join(root, 'etc', 'resolv.conf'));
      for (const endian of ['-l', '-b']) {
        const out = path.join(dir, `fs${endian}.jffs2`);
        execFileSync('/usr/sbin/mkfs.jffs2', ['-r', root, '-o', out, endian, '-e', '64KiB', '-p'], { stdio: 'ignore' });
        const fs = unpackImage(new Uint8Array(readFileSync(out))).filesystems[0]!;
        expect(fs.kind).toBe('jffs2');
        const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
        expect(text(nodes.get('/etc/passwd')!.data)).toBe('root:x:0:0:root:/root:/bin/sh\n'.repeat(500));
        expect(text(nodes.get('/etc/init.d/rcS')!.data)).toContain('telnetd');
        expect(nodes.get('/etc/resolv.conf')).toMatchObject({ type: 'symlink', target: '/tmp/resolv.conf' });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
