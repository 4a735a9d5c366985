import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCramfs } from '../testing/index.ts';
import { DEFAULT_LIMITS } from './model.ts';
import { unpackImage } from './scan.ts';

const big = 'BusyBox v1.19.4 multi-call binary\n'.repeat(400);
const tree = {
  type: 'dir' as const,
  children: {
    bin: { type: 'dir' as const, children: { busybox: { type: 'file' as const, data: big, mode: 0o755 }, sh: { type: 'symlink' as const, target: 'busybox' } } },
    dev: { type: 'dir' as const, children: { console: { type: 'chardev' as const, rdev: (5 << 8) | 1 } } },
    etc: { type: 'dir' as const, children: { shadow: { type: 'file' as const, data: 'root:$1$abc$xyz:15502:0:99999:7:::\n' }, escape: { type: 'symlink' as const, target: '../../../../etc/passwd' }, empty: { type: 'file' as const, data: '' } } },
  },
};
const text = (d?: Uint8Array): string => new TextDecoder().decode(d);

describe.each([
  ['little-endian', true],
  ['big-endian', false],
])('cramfs %s', (_n, le) => {
  it('lists files with contents, symlinks as text, device nodes as entries; every byte in one region', () => {
    const fsImg = buildCramfs(tree, { le });
    const img = new Uint8Array(fsImg.length + 8192).fill(0xff);
    img.set(fsImg, 4096);
    const u = unpackImage(img);
    const fs = u.filesystems[0]!;
    expect(fs.kind).toBe('cramfs');
    expect(fs.variant).toBe(`${le ? 'le' : 'be'} "test"`);
    expect(fs.errors).toEqual([]);
    expect(fs.nodes.length).toBe(fs.declaredInodes);
    const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
    expect(text(nodes.get('/bin/busybox')!.data)).toBe(big);
    expect(nodes.get('/bin/busybox')!.mode).toBe(0o755);
    expect(text(nodes.get('/etc/shadow')!.data)).toContain('root:$1$');
    expect(nodes.get('/etc/empty')!.data!.length).toBe(0);
    expect(nodes.get('/bin/sh')).toMatchObject({ type: 'symlink', target: 'busybox' });
    expect(nodes.get('/etc/escape')).toMatchObject({ type: 'symlink', target: '../../../../etc/passwd' });
    expect(nodes.get('/dev/console')).toMatchObject({ type: 'chardev', rdev: (5 << 8) | 1 });
    expect(u.regions.find((r) => r.handler === 'cramfs')).toMatchObject({ offset: 4096, length: fsImg.length });
    expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(img.length);
  });

  it('damage, truncation and a directory that lists itself end with errors and partial results', () => {
    const img = buildCramfs(tree, { le });
    let seed = 5;
    const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
    for (let round = 0; round < 100; round++) {
      const bad = img.slice();
      for (let k = 0; k < 6; k++) bad[64 + rnd(bad.length - 64)] = rnd(256);
      expect(() => unpackImage(bad)).not.toThrow();
    }
    const cut = unpackImage(img.subarray(0, 300)).filesystems[0]!;
    expect(cut.errors[0]).toMatch(/truncated/);
    // Point /bin's listing at the root listing: the walk must stop, not recurse forever.
    const loop = img.slice();
    const dv = new DataView(loop.buffer);
    const binWord2 = dv.getUint32(76 + 8, le);
    dv.setUint32(76 + 8, le ? (binWord2 & 63) | ((76 / 4) << 6) : (binWord2 & 0xfc000000) | (76 / 4), le);
    const fs = unpackImage(loop).filesystems[0]!;
    expect(fs.errors.join('\n')).toMatch(/loop|CRC/);
    expect(fs.nodes.length).toBeLessThan(DEFAULT_LIMITS.maxNodes);
  });
});

it.skipIf(!existsSync('/usr/sbin/mkfs.cramfs'))('reads what util-linux mkfs.cramfs writes, in both byte orders, with and without the boot-code pad', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cramfs-'));
  try {
    const root = path.join(dir, 'root');
    mkdirSync(path.join(root, 'etc', 'init.d'), { recursive: true });
    writeFileSync(path.join(root, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/sh\n'.repeat(500));
    writeFileSync(path.join(root, 'etc', 'init.d', 'rcS'), '#!/bin/sh\ntelnetd -l /bin/sh\n');
    writeFileSync(path.join(root, 'zeros'), Buffer.alloc(20000));
    symlinkSync('/tmp/resolv.conf', path.join(root, 'etc', 'resolv.conf'));
    // -p: 512 bytes left for boot code before the superblock, offsets counted from the padding.
    for (const [endian, pad] of [['big', false], ['little', false], ['little', true], ['big', true]] as const) {
      const out = path.join(dir, `${endian}${pad}.cramfs`);
      execFileSync('/usr/sbin/mkfs.cramfs', ['-N', endian, '-n', 'rootfs', ...(pad ? ['-p'] : []), root, out], { stdio: 'ignore' });
      const fs = unpackImage(new Uint8Array(readFileSync(out))).filesystems[0]!;
      expect(fs.kind).toBe('cramfs');
      expect(fs.errors).toEqual([]);
      expect(fs.nodes.length).toBe(fs.declaredInodes);
      const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
      expect(text(nodes.get('/etc/passwd')!.data)).toBe('root:x:0:0:root:/root:/bin/sh\n'.repeat(500));
      expect(text(nodes.get('/etc/init.d/rcS')!.data)).toContain('telnetd');
      expect(nodes.get('/zeros')!.data).toEqual(new Uint8Array(20000));
      expect(nodes.get('/etc/resolv.conf')).toMatchObject({ type: 'symlink', target: '/tmp/resolv.conf' });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
