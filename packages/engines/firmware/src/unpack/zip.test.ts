import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSevenZipShell, buildZip } from '../testing/index.ts';
import { unpackImage } from './scan.ts';

const big = 'BusyBox v1.19.4 multi-call binary\n'.repeat(400);
const tree = {
  type: 'dir' as const,
  children: {
    bin: { type: 'dir' as const, children: { busybox: { type: 'file' as const, data: big, mode: 0o755 }, sh: { type: 'symlink' as const, target: 'busybox' } } },
    etc: { type: 'dir' as const, children: { shadow: { type: 'file' as const, data: 'root:$1$abc$xyz:15502:0:99999:7:::\n' }, escape: { type: 'symlink' as const, target: '../../../../etc/passwd' } } },
    '..': { type: 'dir' as const, children: { evil: { type: 'file' as const, data: 'zip slip' } } },
  },
};
const text = (d?: Uint8Array): string => new TextDecoder().decode(d);

describe('ZIP inside an image', () => {
  it.each([
    ['deflated', false],
    ['stored', true],
  ])('%s: entries with Unix modes, symlinks as text, names that climb out refused, every byte in one region', (_n, store) => {
    const zip = buildZip(tree, { store });
    const img = new Uint8Array(zip.length + 6000).fill(0xff);
    img.set(Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) & 255), 0);
    img.set(zip, 3000);
    const u = unpackImage(img);
    const r = u.regions.find((x) => x.handler === 'zip')!;
    expect(r).toMatchObject({ offset: 3000, length: zip.length });
    const fs = u.filesystems[0]!;
    const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
    expect(text(nodes.get('/bin/busybox')!.data)).toBe(big);
    expect(nodes.get('/bin/busybox')!.mode).toBe(0o755);
    expect(nodes.get('/bin/sh')).toMatchObject({ type: 'symlink', target: 'busybox' });
    expect(nodes.get('/etc/escape')).toMatchObject({ type: 'symlink', target: '../../../../etc/passwd' });
    expect([...nodes.keys()].some((p) => p.includes('evil'))).toBe(false);
    expect(fs.errors.join('\n')).toMatch(/climbs out/);
    expect(u.regions.reduce((s, x) => s + x.length, 0)).toBe(img.length);
  });

  it('truncated, damaged and bomb-like entries end with errors, never an exception', () => {
    const zip = buildZip(tree);
    const cut = unpackImage(zip.subarray(0, zip.length - 200)).filesystems[0]!;
    expect(cut.errors.join('\n')).toMatch(/central directory/);
    let seed = 17;
    const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
    for (let round = 0; round < 100; round++) {
      const bad = zip.slice();
      for (let k = 0; k < 6; k++) bad[rnd(bad.length)] = rnd(256);
      expect(() => unpackImage(bad)).not.toThrow();
    }
    // An 8 MB file of zeros declared from a few KB: refused by the ratio limit before inflating.
    const bomb = buildZip({ type: 'dir', children: { z: { type: 'file', data: new Uint8Array(8 << 20) } } });
    const f = unpackImage(bomb).filesystems[0]!.nodes.find((n) => n.path === '/z')!;
    expect(f.error).toMatch(/ratio limit/);
  });

  it.skipIf(!existsSync('/usr/bin/zip'))('reads what Info-ZIP zip writes (-y keeps symlinks)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    try {
      mkdirSync(path.join(dir, 'www', 'cgi-bin'), { recursive: true });
      writeFileSync(path.join(dir, 'www', 'cgi-bin', 'login.cgi'), '#!/bin/sh\neval "$QUERY_STRING"\n'.repeat(50));
      symlinkSync('/etc/passwd', path.join(dir, 'www', 'pw'));
      execFileSync('/usr/bin/zip', ['-q', '-r', '-y', 'out.zip', 'www'], { cwd: dir });
      const fs = unpackImage(new Uint8Array(readFileSync(path.join(dir, 'out.zip')))).filesystems[0]!;
      expect(fs.errors).toEqual([]);
      const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
      expect(text(nodes.get('/www/cgi-bin/login.cgi')!.data)).toContain('eval "$QUERY_STRING"');
      expect(nodes.get('/www/pw')).toMatchObject({ type: 'symlink', target: '/etc/passwd' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('7z inside an image', () => {
  it('is bounded by its signature header and recorded as not unpacked, with the reason', () => {
    const sz = buildSevenZipShell(Uint8Array.from({ length: 500 }, (_, i) => (i * 31) & 255));
    const img = new Uint8Array(sz.length + 4096);
    img.set(sz, 1024);
    const u = unpackImage(img);
    const r = u.regions.find((x) => x.handler === '7z')!;
    expect(r).toMatchObject({ offset: 1024, length: sz.length });
    // Garbage after a valid signature header: 7-Zip cannot list it (or is absent), said in the region.
    expect(r.detail).toMatch(/not unpacked/);
    expect(r.error).toMatch(/not unpacked/);
    expect(u.regions.reduce((s, x) => s + x.length, 0)).toBe(img.length);
    const cut = unpackImage(sz.subarray(0, 100)).regions[0]!;
    expect(cut.error).toMatch(/truncated/);
  });

  it.skipIf(!existsSync('/usr/bin/7z'))('a 7z made by Debian 7z is sized exactly', () => {
    const dir = mkdtempSync(path.join(tmpdir(), '7z-'));
    try {
      writeFileSync(path.join(dir, 'a.txt'), 'hello firmware\n'.repeat(100));
      execFileSync('/usr/bin/7z', ['a', '-bd', '-y', 'out.7z', 'a.txt'], { cwd: dir, stdio: 'ignore' });
      const sz = new Uint8Array(readFileSync(path.join(dir, 'out.7z')));
      const r = unpackImage(sz).regions[0]!;
      expect(r).toMatchObject({ handler: '7z', offset: 0, length: sz.length });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync('/usr/bin/7z'))('its contents are read through Debian 7-Zip without extracting to disk: files, folders, links kept as links', () => {
    const dir = mkdtempSync(path.join(tmpdir(), '7z-'));
    try {
      mkdirSync(path.join(dir, 'rootfs', 'etc'), { recursive: true });
      writeFileSync(path.join(dir, 'rootfs', 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/sh\n');
      writeFileSync(path.join(dir, 'rootfs', 'etc', 'empty'), '');
      symlinkSync('../../../../etc/shadow', path.join(dir, 'rootfs', 'etc', 'escape'));
      execFileSync('/usr/bin/7z', ['a', '-snl', '-bd', '-y', 'fw.7z', 'rootfs'], { cwd: dir, stdio: 'ignore' });
      const sz = new Uint8Array(readFileSync(path.join(dir, 'fw.7z')));
      const img = new Uint8Array(sz.length + 2048);
      img.set(sz, 512);
      const u = unpackImage(img);
      const r = u.regions.find((x) => x.handler === '7z')!;
      expect(r).toMatchObject({ offset: 512, length: sz.length, kind: 'filesystem' });
      const fs = u.filesystems.find((x) => x.kind === '7z')!;
      const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
      expect(Buffer.from(nodes.get('/rootfs/etc/passwd')!.data!).toString()).toBe('root:x:0:0:root:/root:/bin/sh\n');
      expect(nodes.get('/rootfs/etc/empty')).toMatchObject({ type: 'file', size: 0 });
      expect(nodes.get('/rootfs/etc')).toMatchObject({ type: 'dir' });
      // A link is recorded with its target, never followed (nothing was written to disk to follow).
      expect(nodes.get('/rootfs/etc/escape')).toMatchObject({ type: 'symlink', target: '../../../../etc/shadow' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
