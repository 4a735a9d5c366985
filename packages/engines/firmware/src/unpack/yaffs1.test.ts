import { describe, expect, it } from 'vitest';
import { buildYaffs1, type TestNode } from '../testing/index.ts';
import { packTags1, readTags1, tagsEcc } from './yaffs/tags1.ts';
import { unpackImage } from './scan.ts';

// mkyaffsimage is not packaged in Debian: the images come from testing/yaffs1-writer.ts (yaffs_guts.h, yaffs_tagscompat.c).
const big = new Uint8Array(1300).map((_, i) => (i * 13) % 256);
const tree: TestNode & { type: 'dir' } = {
  type: 'dir',
  children: {
    bin: { type: 'dir', children: { busybox: { type: 'file', data: big, mode: 0o755 }, sh: { type: 'symlink', target: 'busybox' } } },
    etc: { type: 'dir', children: { passwd: { type: 'file', data: 'root:x:0:0::/root:/bin/sh\n' }, old: { type: 'file', data: 'gone\n' } } },
    dev: { type: 'dir', children: { ttyS0: { type: 'chardev', rdev: 0x0440 } } },
  },
};

describe('YAFFS1 (512+16)', () => {
  it('tags: packed with their ECC, a flipped bit fails the check', () => {
    const t = packTags1({ chunkId: 3, serial: 2, nBytes: 300, objId: 0x2abcd });
    const spare = new Uint8Array(16).fill(0xff);
    [0, 1, 2, 3, 6, 7, 11, 12].forEach((at, i) => (spare[at] = t[i]!));
    expect(readTags1(spare, 0)).toEqual({ chunkId: 3, serial: 2, nBytes: 300, objId: 0x2abcd });
    spare[1] = spare[1]! ^ 0x10;
    expect(readTags1(spare, 0)).toBeUndefined();
    expect(tagsEcc(t)).toBeGreaterThan(0);
  });

  it('unpacks the tree: files over several chunks, symlink, device; a newer header (serial + 1) renames, a deleted header drops the object', () => {
    const fsImage = buildYaffs1(tree, { rename: { path: '/etc/passwd', to: 'passwd.new' }, deleteHeaderOf: '/etc/old' });
    const image = new Uint8Array(8192 + fsImage.length).fill(0xff, 8192 + fsImage.length);
    image.set(fsImage, 8192);
    const u = unpackImage(image);
    const r = u.regions.find((x) => x.handler === 'yaffs1')!;
    expect(r).toMatchObject({ offset: 8192, length: fsImage.length, kind: 'filesystem' });
    const fs = u.filesystems[0]!;
    const at = (p: string) => fs.nodes.find((n) => n.path === p);
    expect(Buffer.from(at('/bin/busybox')!.data!).equals(Buffer.from(big))).toBe(true);
    expect(at('/bin/sh')).toMatchObject({ type: 'symlink', target: 'busybox' });
    expect(at('/dev/ttyS0')).toMatchObject({ type: 'chardev', rdev: 0x0440 });
    expect(at('/etc/passwd')).toBeUndefined();
    expect(Buffer.from(at('/etc/passwd.new')!.data!).toString()).toBe('root:x:0:0::/root:/bin/sh\n');
    expect(at('/etc/old')).toBeUndefined();
    expect(fs.variant).toBe('le, 512+16');
  });

  it('a truncated image keeps what it read and says why, never throws', () => {
    const fsImage = buildYaffs1(tree);
    const cut = fsImage.subarray(0, fsImage.length - 528 * 2 - 100);
    const u = unpackImage(cut);
    expect(u.filesystems[0]?.nodes.some((n) => n.path === '/bin/busybox')).toBe(true);
  });
});
