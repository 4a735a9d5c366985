import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRMWARE_CORPUS, buildImage, buildSquashfs, hasImage } from '../testing/index.ts';
import { DEFAULT_LIMITS } from './model.ts';
import { unpackImage } from './scan.ts';

const tree = {
  type: 'dir' as const,
  children: {
    bin: { type: 'dir' as const, children: { busybox: { type: 'file' as const, data: 'BusyBox v1.01 (2015.03.10-07:04+0000) multi-call binary'.padEnd(10_000, 'x'), mode: 0o755 }, sh: { type: 'symlink' as const, target: 'busybox' } } },
    dev: { type: 'dir' as const, children: { console: { type: 'chardev' as const, rdev: (5 << 8) | 1 } } },
    etc: { type: 'dir' as const, children: { shadow: { type: 'file' as const, data: 'root:$1$GTN.gpri$DlSyKvZKMR9A9Uj9e9wR3/:15502:0:99999:7:::\n' }, escape: { type: 'symlink' as const, target: '../../../../etc/passwd' } } },
  },
};

describe('unpacking', () => {
  it('reads a built squashfs 4.0 image: files, symlinks kept as text, device nodes as entries', () => {
    const u = unpackImage(buildSquashfs(tree));
    const fs = u.filesystems[0]!;
    expect(fs.errors).toEqual([]);
    expect(fs.nodes.length).toBe(fs.declaredInodes);
    const byPath = new Map(fs.nodes.map((n) => [n.path, n]));
    expect(new TextDecoder().decode(byPath.get('/bin/busybox')!.data!).startsWith('BusyBox v1.01')).toBe(true);
    expect(byPath.get('/bin/busybox')!.data!.length).toBe(10_000);
    expect(byPath.get('/etc/escape')).toMatchObject({ type: 'symlink', target: '../../../../etc/passwd' });
    expect(byPath.get('/etc/escape')!.data).toBeUndefined();
    expect(byPath.get('/dev/console')).toMatchObject({ type: 'chardev', rdev: (5 << 8) | 1 });
  });

  it('accounts for every byte of an image: header, compressed kernel, padding, file system', () => {
    const img = buildImage(tree);
    const u = unpackImage(img);
    expect(u.regions.map((r) => r.handler)).toEqual(['tplink', 'gzip', 'padding', 'squashfs']);
    expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(img.length);
    expect(u.facts.model).toBe('TL-WR841N v10');
    expect(u.facts.firmwareVersion).toBe('3.16.9');
  });

  it('truncated file system: partial results and the reason, no exception', () => {
    const img = buildImage(tree);
    const cut = img.subarray(0, img.length - 200);
    const u = unpackImage(cut);
    expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(cut.length);
    const fs = u.filesystems[0];
    if (fs) expect(fs.errors.join(' ')).toMatch(/truncated|past the image|outside/);
  });

  it('survives random corruption of a built image (fuzz)', () => {
    const base = buildImage(tree);
    let seed = 7;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0), seed / 2 ** 32);
    for (let i = 0; i < 200; i++) {
      const img = new Uint8Array(base);
      for (let k = 0; k < 8; k++) img[Math.floor(rnd() * img.length)] = Math.floor(rnd() * 256);
      const u = unpackImage(img);
      expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(img.length);
    }
  });

  it('a decompression bomb stops at the size limit', () => {
    const img = buildImage({ type: 'dir', children: { big: { type: 'file', data: new Uint8Array(4 << 20) } } });
    const u = unpackImage(img, { ...DEFAULT_LIMITS, maxTotalBytes: 1 << 20 });
    expect(u.filesystems[0]!.nodes.find((n) => n.path === '/big')!.error).toMatch(/limit/);
  });
});

describe.skipIf(!hasImage(FIRMWARE_CORPUS.tplink))('TP-Link TL-WR841N v10 3.16.9 (real image)', () => {
  it('unpacks the LZMA kernel and the whole TP-Link LZMA squashfs 4.0: 560 of 560 inodes', () => {
    const img = readFileSync(FIRMWARE_CORPUS.tplink);
    const u = unpackImage(img);
    expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(img.length);
    const fs = u.filesystems[0]!;
    expect(fs.variant).toBe('4.0 le lzma');
    expect(fs.errors).toEqual([]);
    expect(fs.declaredInodes).toBe(560);
    expect(fs.nodes.length).toBe(560);
    const shadow = fs.nodes.find((n) => n.path === '/etc/shadow')!;
    expect(new TextDecoder().decode(shadow.data)).toMatch(/^root:\$1\$/);
    expect(fs.nodes.filter((n) => n.type === 'file').every((n) => n.data?.length === n.size)).toBe(true);
    const kernel = u.blobs.find((b) => b.name === 'lzma@0x20400')!;
    expect(Buffer.from(kernel.data).includes('Linux version 2.6.31')).toBe(true);
    expect(u.facts.model).toBe('TL-WR841N v10');
  });
});

describe.skipIf(!hasImage(FIRMWARE_CORPUS.huawei))('Huawei HG532e V100R001C01B020 (real image)', () => {
  it('unpacks the big-endian squashfs 3.0 with the vendor magic and LZMA blocks: 193 of 193 inodes', () => {
    const img = readFileSync(FIRMWARE_CORPUS.huawei);
    const u = unpackImage(img);
    expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(img.length);
    const fs = u.filesystems[0]!;
    expect(fs.variant).toBe('3.0 be (magic qshs)');
    expect(fs.errors).toEqual([]);
    expect(fs.nodes.length).toBe(193);
    expect(fs.declaredInodes).toBe(193);
    expect(fs.nodes.filter((n) => n.type === 'file').every((n) => n.data?.length === n.size)).toBe(true);
    expect(fs.nodes.find((n) => n.path === '/bin/upnp')?.type).toBe('file');
  });
});
