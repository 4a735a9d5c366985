import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildCpio, buildFdt, buildNetgearChk, buildRomfs, buildSeama, buildSquashfs, buildTar, buildTrx } from '../../testing/index.ts';
import { DEFAULT_LIMITS } from '../model.ts';
import { unpackImage } from '../scan.ts';
import { normalisePath } from './fs-builder.ts';

const tree = {
  type: 'dir' as const,
  children: {
    bin: { type: 'dir' as const, children: { busybox: { type: 'file' as const, data: 'BusyBox v1.19.4 multi-call binary'.padEnd(3000, 'x'), mode: 0o755 }, sh: { type: 'symlink' as const, target: 'busybox' } } },
    dev: { type: 'dir' as const, children: { console: { type: 'chardev' as const, rdev: (5 << 8) | 1 } } },
    etc: { type: 'dir' as const, children: { shadow: { type: 'file' as const, data: 'root:$1$abc$xyz:15502:0:99999:7:::\n' }, escape: { type: 'symlink' as const, target: '../../../../etc/passwd' } } },
  },
};

function byPath(img: Uint8Array) {
  const u = unpackImage(img);
  const fs = u.filesystems[0]!;
  return { u, fs, nodes: new Map(fs.nodes.map((n) => [n.path, n])) };
}

const text = (d?: Uint8Array): string => new TextDecoder().decode(d);

describe.each([
  ['cpio newc', () => buildCpio(tree, 'newc')],
  ['cpio odc', () => buildCpio(tree, 'odc')],
  ['tar', () => buildTar(tree)],
  ['romfs', () => buildRomfs(tree)],
])('%s', (_name, build) => {
  it('lists files with contents, symlinks as text, device nodes as entries', () => {
    const img = build();
    const { fs, nodes, u } = byPath(img);
    expect(fs.errors).toEqual([]);
    expect(text(nodes.get('/bin/busybox')!.data).startsWith('BusyBox v1.19.4')).toBe(true);
    expect(nodes.get('/bin/busybox')!.data!.length).toBe(3000);
    expect(text(nodes.get('/etc/shadow')!.data)).toContain('root:$1$');
    expect(nodes.get('/bin/sh')).toMatchObject({ type: 'symlink', target: 'busybox' });
    expect(nodes.get('/etc/escape')).toMatchObject({ type: 'symlink', target: '../../../../etc/passwd' });
    expect(nodes.get('/etc/escape')!.data).toBeUndefined();
    expect(nodes.get('/dev/console')).toMatchObject({ type: 'chardev', rdev: (5 << 8) | 1 });
    expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(img.length);
  });

  it('survives random damage without throwing', () => {
    const img = build();
    let seed = 7;
    const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
    for (let round = 0; round < 100; round++) {
      const bad = img.slice();
      for (let k = 0; k < 8; k++) bad[rnd(bad.length)] = rnd(256);
      expect(() => unpackImage(bad)).not.toThrow();
    }
  });

  it('truncated: what was read before the cut, the reason, no exception', () => {
    const img = build();
    const { fs, nodes } = byPath(img.subarray(0, Math.floor(img.length * 0.6)));
    expect(fs.errors.length).toBeGreaterThan(0);
    expect(nodes.size).toBeGreaterThan(0);
  });
});

describe('archive formats inside images', () => {
  it('an initramfs: cpio inside a gzip stream is unpacked at depth 1', () => {
    const img = gzipSync(buildCpio(tree));
    const u = unpackImage(img);
    expect(u.regions[0]!.handler).toBe('gzip');
    expect(u.regions[0]!.children?.[0]?.handler).toBe('cpio');
    expect(u.filesystems[0]!.nodes.some((n) => n.path === '/etc/shadow')).toBe(true);
  });

  it('a TRX container: header checked by CRC, kernel and root file system found by their magics', () => {
    const kernel = gzipSync(Buffer.from('Linux version 2.6.36 (builder@host)'.padEnd(2048, '\0')));
    const img = buildTrx(kernel, buildSquashfs(tree));
    const u = unpackImage(img);
    expect(u.regions.map((r) => r.handler)).toEqual(['trx', 'gzip', 'padding', 'squashfs'].filter((h) => h !== 'padding' || kernel.length % 4 !== 0));
    expect(u.regions[0]!.error).toBeUndefined();
    expect(u.facts.container).toBe('TRX v1');
    const bad = unpackImage(buildTrx(kernel, buildSquashfs(tree), { corruptCrc: true }));
    expect(bad.regions[0]!.error).toMatch(/CRC/);
  });

  it('vendor containers: Netgear .chk around a TRX, D-Link SEAMA checked by its MD5', () => {
    const kernel = gzipSync(Buffer.from('Linux version 2.6.36 (builder@host)'.padEnd(2048, '\0')));
    const chk = unpackImage(buildNetgearChk(buildTrx(kernel, buildSquashfs(tree))));
    expect(chk.regions.map((r) => r.handler).slice(0, 3)).toEqual(['netgear-chk', 'trx', 'gzip']);
    expect(chk.facts).toMatchObject({ vendor: 'Netgear', boardId: 'U12H139T00_NETGEAR', firmwareVersion: '1.0.2.34' });
    expect(chk.filesystems[0]!.nodes.some((n) => n.path === '/etc/shadow')).toBe(true);
    const seama = unpackImage(buildSeama(buildSquashfs(tree), { dev: '/dev/mtdblock/1', type: 'firmware', signature: 'wrgn23_dlwbr_dir300b' }));
    expect(seama.regions.map((r) => r.handler)).toEqual(['seama', 'squashfs']);
    expect(seama.regions[0]!.error).toBeUndefined();
    expect(seama.facts).toMatchObject({ vendor: 'D-Link', signature: 'wrgn23_dlwbr_dir300b' });
    const bad = unpackImage(buildSeama(buildSquashfs(tree), { signature: 'x' }, { corrupt: true }));
    expect(bad.regions[0]!.error).toMatch(/MD5/);
  });

  it('a device tree names the board: model and compatible from the root node', () => {
    const dtb = buildFdt({ model: ['Xiaomi Mi Router 4A'], compatible: ['xiaomi,mir4a', 'mediatek,mt7628an-soc'], '#address-cells': ['1'] });
    const img = new Uint8Array(512 + dtb.length).fill(0xff);
    img.set(dtb, 512);
    const u = unpackImage(img);
    expect(u.regions.find((r) => r.handler === 'fdt')).toMatchObject({ offset: 512, length: dtb.length });
    expect(u.facts).toMatchObject({ deviceTreeModel: 'Xiaomi Mi Router 4A', deviceTreeCompatible: 'xiaomi,mir4a, mediatek,mt7628an-soc' });
  });

  it('a FIT image: only its header is claimed, so the kernel inside is unpacked by its own format', () => {
    // Incompressible bytes, so the embedded payload is as large as a real kernel's (over 64 KiB).
    const kernel = gzipSync(Buffer.concat([Buffer.from('Linux version 5.10.176 (builder@buildhost)\n'), randomBytes(100_000)]));
    const fit = buildFdt({ description: ['ARM64 OpenWrt FIT (Flattened Image Tree)'], data: new Uint8Array(kernel) });
    const u = unpackImage(fit);
    expect(u.regions[0]).toMatchObject({ handler: 'fdt', length: 40 });
    expect(u.facts.container).toBe('FIT');
    expect(u.regions.some((r) => r.handler === 'gzip')).toBe(true);
  });

  it('refuses entry names that climb out of the tree', () => {
    expect(normalisePath('../../etc/passwd')).toBeUndefined();
    expect(normalisePath('./a//b/./c')).toBe('/a/b/c');
    const evil = buildTar({ type: 'dir', children: { '..': { type: 'dir', children: { x: { type: 'file', data: 'x' } } } } });
    const fs = unpackImage(evil).filesystems[0]!;
    expect(fs.nodes).toEqual([]);
    expect(fs.errors.join(' ')).toMatch(/refused/);
  });

  it('keeps to the node budget', () => {
    const many = { type: 'dir' as const, children: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, { type: 'file' as const, data: 'x' }])) };
    const u = unpackImage(buildCpio(many), { ...DEFAULT_LIMITS, maxNodes: 10 });
    expect(u.filesystems[0]!.nodes.length).toBe(10);
    expect(u.filesystems[0]!.errors.join(' ')).toMatch(/node limit/);
  });
});
