import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32 } from 'node:zlib';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSquashfs, buildUbi, buildUbifs } from '../testing/index.ts';
import { unpackImage } from './scan.ts';

const big = Array.from({ length: 3000 }, (_, i) => `line ${i} of the busybox help text\n`).join('');
const tree = {
  type: 'dir' as const,
  children: {
    bin: { type: 'dir' as const, children: { busybox: { type: 'file' as const, data: big, mode: 0o755 }, sh: { type: 'symlink' as const, target: 'busybox' } } },
    dev: { type: 'dir' as const, children: { console: { type: 'chardev' as const, rdev: (5 << 8) | 1 } } },
    etc: { type: 'dir' as const, children: { shadow: { type: 'file' as const, data: 'root:$1$abc$xyz:15502:0:99999:7:::\n' }, escape: { type: 'symlink' as const, target: '../../../../etc/passwd' }, empty: { type: 'file' as const, data: '' } } },
  },
};
const text = (d?: Uint8Array): string => new TextDecoder().decode(d);
const LEB = 32768 - 128;

describe('UBI + UBIFS (test writers)', () => {
  it.each(['zlib', 'lzo', 'none'] as const)('UBIFS with %s data nodes in a UBI volume: files listed and read, links and devices as entries', (compressor) => {
    const ubifs = buildUbifs(tree, { compressor, leb: LEB });
    const squash = buildSquashfs({ type: 'dir', children: { 'version.txt': { type: 'file', data: 'fw 1.2.3\n' } } });
    const ubi = buildUbi([
      { name: 'rootfs', data: ubifs },
      { name: 'kernel', data: squash, type: 'static' },
    ]);
    const img = new Uint8Array(ubi.length + 5000).fill(0xff);
    img.set(ubi, 0);
    const u = unpackImage(img);
    const region = u.regions.find((r) => r.handler === 'ubi')!;
    expect(region.detail).toMatch(/"rootfs" \(dynamic.*"kernel" \(static, 1 of 1/);
    expect(region.error).toBeUndefined();
    expect(region.children?.map((c) => c.handler)).toEqual(['ubifs', 'squashfs']);
    const fs = u.filesystems.find((f) => f.kind === 'ubifs')!;
    expect(fs.errors).toEqual([]);
    expect(fs.variant).toContain(compressor);
    const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
    expect(text(nodes.get('/bin/busybox')!.data)).toBe(big);
    expect(nodes.get('/bin/busybox')!.mode).toBe(0o755);
    expect(text(nodes.get('/etc/shadow')!.data)).toContain('root:$1$');
    expect(nodes.get('/etc/empty')!.data!.length).toBe(0);
    expect(nodes.get('/bin/sh')).toMatchObject({ type: 'symlink', target: 'busybox' });
    expect(nodes.get('/etc/escape')).toMatchObject({ type: 'symlink', target: '../../../../etc/passwd' });
    expect(nodes.get('/dev/console')).toMatchObject({ type: 'chardev', rdev: (5 << 8) | 1 });
    expect(fs.nodes.length).toBe(fs.declaredInodes);
    expect(u.filesystems.find((f) => f.kind === 'squashfs')!.nodes.find((n) => n.path === '/version.txt')).toBeDefined();
    expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(img.length);
  });

  it('a logical block written twice: the copy with the higher sequence number wins', () => {
    const v = new Uint8Array(LEB).fill(0x41);
    const ubi = buildUbi([{ name: 'data', data: v }], { extraCopy: { volume: 0, lnum: 0, data: new Uint8Array(LEB).fill(0x42) } });
    const blob = unpackImage(ubi).blobs.find((b) => b.name === 'ubi volume "data"')!;
    expect(blob.data[0]).toBe(0x42);
  });

  it('damaged headers, a looping index and truncation end with errors and partial results', () => {
    const ubifs = buildUbifs(tree, { leb: LEB });
    const ubi = buildUbi([{ name: 'rootfs', data: ubifs }]);
    let seed = 9;
    const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
    for (let round = 0; round < 40; round++) {
      const bad = ubi.slice();
      for (let k = 0; k < 8; k++) bad[rnd(bad.length)] = rnd(256);
      expect(() => unpackImage(bad)).not.toThrow();
    }
    const cut = unpackImage(ubi.subarray(0, ubi.length - 20000));
    expect(cut.regions.some((r) => r.handler === 'ubi')).toBe(true);
    // The root index node's first branch pointed back at the root itself: stopped as a loop.
    const loop = ubifs.slice();
    const dv = new DataView(loop.buffer);
    const rootLnum = dv.getUint32(LEB + 48, true);
    const rootOffs = dv.getUint32(LEB + 52, true);
    const rootAt = rootLnum * LEB + rootOffs;
    dv.setUint32(rootAt + 28, rootLnum, true);
    dv.setUint32(rootAt + 32, rootOffs, true);
    // Re-seal the node's CRC so only the loop is wrong.
    const len = dv.getUint32(rootAt + 16, true);
    dv.setUint32(rootAt + 4, ~crc32(loop.subarray(rootAt + 8, rootAt + len)) >>> 0, true);
    const fs = unpackImage(loop).filesystems[0]!;
    expect(fs.errors.join('\n')).toMatch(/loop/);
    expect(fs.nodes.length).toBeGreaterThan(1);
  });
});

it.skipIf(!existsSync('/usr/sbin/mkfs.ubifs') || !existsSync('/usr/sbin/ubinize'))('reads what mtd-utils mkfs.ubifs + ubinize write (zlib, lzo, zstd)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ubi-'));
  try {
    const root = path.join(dir, 'root');
    mkdirSync(path.join(root, 'etc', 'init.d'), { recursive: true });
    const passwd = 'root:x:0:0:root:/root:/bin/sh\n'.repeat(500);
    writeFileSync(path.join(root, 'etc', 'passwd'), passwd);
    writeFileSync(path.join(root, 'etc', 'init.d', 'rcS'), '#!/bin/sh\ntelnetd -l /bin/sh\n');
    symlinkSync('/tmp/resolv.conf', path.join(root, 'etc', 'resolv.conf'));
    for (const comp of ['zlib', 'lzo', 'zstd']) {
      const fsImg = path.join(dir, `${comp}.ubifs`);
      execFileSync('/usr/sbin/mkfs.ubifs', ['-r', root, '-m', '2048', '-e', '126976', '-c', '64', '-x', comp, '-o', fsImg], { stdio: 'ignore' });
      const ini = path.join(dir, `${comp}.ini`);
      writeFileSync(ini, `[rootfs]\nmode=ubi\nimage=${fsImg}\nvol_id=0\nvol_type=dynamic\nvol_name=rootfs\n`);
      const out = path.join(dir, `${comp}.ubi`);
      execFileSync('/usr/sbin/ubinize', ['-o', out, '-p', '128KiB', '-m', '2048', '-s', '2048', ini], { stdio: 'ignore' });
      const u = unpackImage(new Uint8Array(readFileSync(out)));
      expect(u.regions[0]!.detail).toMatch(/UBI, \d+ erase blocks of 131072 bytes \(data at 4096\), volumes "rootfs"/);
      const fs = u.filesystems[0]!;
      expect(fs.kind).toBe('ubifs');
      expect(fs.errors).toEqual([]);
      expect(fs.nodes.length).toBe(fs.declaredInodes);
      const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
      expect(text(nodes.get('/etc/passwd')!.data)).toBe(passwd);
      expect(text(nodes.get('/etc/init.d/rcS')!.data)).toContain('telnetd');
      expect(nodes.get('/etc/resolv.conf')).toMatchObject({ type: 'symlink', target: '/tmp/resolv.conf' });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
