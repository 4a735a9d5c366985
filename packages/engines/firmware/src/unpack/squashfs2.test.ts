import { describe, expect, it } from 'vitest';
import { buildSquashfs2, type TestNode } from '../testing/index.ts';
import { carveLocated } from '../carve/carve.ts';
import { DEFAULT_LIMITS } from './model.ts';
import { unpackImage } from './scan.ts';

// No packaged tool writes squashfs 2.x (Debian's mksquashfs writes 4.0 only): the images come from
// testing/squashfs2-writer.ts, written from squashfs-tools' description of layout 2.x.
const big = new Uint8Array(10_000).map((_, i) => (i * 31) % 256);
const tree: TestNode & { type: 'dir' } = {
  type: 'dir',
  children: {
    bin: { type: 'dir', children: { busybox: { type: 'file', data: big, mode: 0o4755 }, sh: { type: 'symlink', target: 'busybox' } } },
    etc: { type: 'dir', children: { passwd: { type: 'file', data: 'root:x:0:0::/root:/bin/sh\n' }, empty: { type: 'file', data: '' } } },
    dev: { type: 'dir', children: { console: { type: 'chardev', rdev: 0x0501 } } },
    www: { type: 'dir', children: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`page${String(i).padStart(3, '0')}.html`, { type: 'file' as const, data: `<p>${i}</p>\n` }])) },
  },
};

describe.each([true, false])('squashfs 2.0 (little-endian: %s)', (le) => {
  const image = new Uint8Array(4096 + buildSquashfs2(tree, { le }).length);
  image.set(buildSquashfs2(tree, { le }), 4096);

  it('lists every inode with owners, modes, links and devices, and reads files from blocks and the fragment', () => {
    const u = unpackImage(image);
    const fs = u.filesystems[0]!;
    expect(fs.variant).toBe(`2.0 ${le ? 'le' : 'be'} (magic ${le ? 'hsqs' : 'sqsh'})`);
    expect(fs.errors).toEqual([]);
    expect(fs.nodes.length).toBe(fs.declaredInodes);
    const at = (p: string) => fs.nodes.find((n) => n.path === p)!;
    expect(Buffer.from(at('/bin/busybox').data!).equals(Buffer.from(big))).toBe(true);
    expect(at('/bin/busybox')).toMatchObject({ mode: 0o4755, uid: 1000, gid: 100, mtime: 1_100_000_000 });
    expect(Buffer.from(at('/etc/passwd').data!).toString()).toBe('root:x:0:0::/root:/bin/sh\n');
    expect(at('/etc/empty').data!.length).toBe(0);
    expect(at('/bin/sh')).toMatchObject({ type: 'symlink', target: 'busybox', uid: 0, gid: 0 });
    expect(at('/dev/console')).toMatchObject({ type: 'chardev', rdev: 0x0501 });
    // 300 entries: more than one directory header, and a listing over a metadata block boundary.
    expect(fs.nodes.filter((n) => n.path.startsWith('/www/')).length).toBe(300);
    expect(Buffer.from(at('/www/page299.html').data!).toString()).toBe('<p>299</p>\n');
  });

  it('is located and read one file at a time by the viewer', () => {
    const locators = unpackImage(image, DEFAULT_LIMITS, { readContents: false }).filesystems.map((f) => f.locator);
    const r = carveLocated(image, locators, { maxFileBytes: 1 << 20, budgetBytes: 1 << 20, want: ['/etc/passwd'] });
    const e = r.first.entries.get('/etc/passwd');
    expect(e?.kind === 'file' && Buffer.from(e.data).toString()).toBe('root:x:0:0::/root:/bin/sh\n');
  });

  it('a truncated or damaged image gives partial results and errors, never a throw', () => {
    const whole = buildSquashfs2(tree, { le });
    const cut = unpackImage(whole.subarray(0, whole.length - 200));
    expect(cut.filesystems[0]?.errors.length ?? cut.errors.length).toBeGreaterThan(0);
    const bad = new Uint8Array(whole);
    bad.fill(0xa5, whole.length - 1500, whole.length - 1000);
    expect(() => unpackImage(bad)).not.toThrow();
  });
});
