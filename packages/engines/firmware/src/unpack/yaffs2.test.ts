import { describe, expect, it } from 'vitest';
import { buildYaffs2 } from '../testing/index.ts';
import { unpackImage } from './scan.ts';

const big = Array.from({ length: 900 }, (_, i) => `line ${i} of the busybox help text\n`).join('');
const tree = {
  type: 'dir' as const,
  children: {
    bin: { type: 'dir' as const, children: { busybox: { type: 'file' as const, data: big, mode: 0o755 }, sh: { type: 'symlink' as const, target: 'busybox' } } },
    dev: { type: 'dir' as const, children: { console: { type: 'chardev' as const, rdev: (5 << 8) | 1 } } },
    etc: { type: 'dir' as const, children: { shadow: { type: 'file' as const, data: 'root:$1$abc$xyz:15502:0:99999:7:::\n' }, escape: { type: 'symlink' as const, target: '../../../../etc/passwd' }, old: { type: 'file' as const, data: 'gone' } } },
  },
};
const text = (d?: Uint8Array): string => new TextDecoder().decode(d);

describe.each([
  ['little-endian, tags at OOB 0', { le: true, tagsAt: 0 }],
  ['big-endian, tags after the bad-block marker', { le: false, tagsAt: 2 }],
])('YAFFS2 %s', (_n, o) => {
  it('objects from headers and tags: files assembled from chunks, deleted objects gone, links and devices as entries', () => {
    const fsImg = buildYaffs2(tree, { ...o, delete: '/etc/old' });
    const img = new Uint8Array(fsImg.length + 3 * 2112).fill(0xff);
    img.set(fsImg, 0);
    const u = unpackImage(img);
    const fs = u.filesystems[0]!;
    expect(fs.kind).toBe('yaffs2');
    expect(fs.variant).toBe(`${o.le ? 'le' : 'be'}, 2048+64, tags at OOB ${o.tagsAt}`);
    expect(fs.errors).toEqual([]);
    const nodes = new Map(fs.nodes.map((n) => [n.path, n]));
    expect(text(nodes.get('/bin/busybox')!.data)).toBe(big);
    expect(nodes.get('/bin/busybox')!.mode).toBe(0o755);
    expect(text(nodes.get('/etc/shadow')!.data)).toContain('root:$1$');
    expect(nodes.has('/etc/old')).toBe(false);
    expect(nodes.get('/bin/sh')).toMatchObject({ type: 'symlink', target: 'busybox' });
    expect(nodes.get('/etc/escape')).toMatchObject({ type: 'symlink', target: '../../../../etc/passwd' });
    expect(nodes.get('/dev/console')).toMatchObject({ type: 'chardev', rdev: (5 << 8) | 1 });
    expect(fs.nodes.length).toBe(fs.declaredInodes);
    expect(u.regions.reduce((s, r) => s + r.length, 0)).toBe(img.length);
  });

  it('damage and truncation: errors and partial results, never an exception', () => {
    const img = buildYaffs2(tree, o);
    let seed = 13;
    const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
    for (let round = 0; round < 60; round++) {
      const bad = img.slice();
      for (let k = 0; k < 8; k++) bad[rnd(bad.length)] = rnd(256);
      expect(() => unpackImage(bad)).not.toThrow();
    }
    // Cut inside busybox's data chunks: the file reports its missing bytes, the rest before it is listed.
    const fs = unpackImage(img.subarray(0, 6 * 2112)).filesystems[0]!;
    expect(fs.nodes.find((n) => n.path === '/bin/busybox')!.error).toMatch(/no data chunk/);
  });
});

it('a file declaring a huge size in a tiny image is refused, not allocated', () => {
  const img = buildYaffs2({ type: 'dir', children: { f: { type: 'file', data: 'x' } } });
  new DataView(img.buffer).setUint32(292, 0xfffffff0, true);
  new DataView(img.buffer).setUint32(496, 0x7ff, true);
  const fs = unpackImage(img).filesystems[0]!;
  expect(fs.nodes.find((n) => n.path === '/f')!.error).toMatch(/limit/);
});
