import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildCramfs, buildImage, buildSquashfs, buildUbi, buildUbifs, type TestNode } from '../testing/index.ts';
import { DEFAULT_LIMITS } from '../unpack/model.ts';
import { unpackImage } from '../unpack/scan.ts';
import { carveImage, carveLocated } from './carve.ts';

const tree: TestNode & { type: 'dir' } = {
  type: 'dir',
  children: {
    etc: { type: 'dir', children: { passwd: { type: 'file', data: 'root:x:0:0::/root:/bin/sh\n' }, shadow: { type: 'file', data: 'root:$1$ab$cd:0:0:::::\n' } } },
    bin: { type: 'dir', children: { sh: { type: 'symlink', target: 'busybox' }, busybox: { type: 'file', data: `\0BusyBox v1.2\0${'x'.repeat(200_000)}` } } },
    dev: { type: 'dir', children: { console: { type: 'chardev', rdev: 0x0501 } } },
  },
};
const opts = { maxFileBytes: 64 << 20, budgetBytes: 64 << 20 };
const locatorsOf = (img: Uint8Array) => unpackImage(img, DEFAULT_LIMITS, { readContents: false }).filesystems.map((f) => f.locator);
const plain = (r: { entries: Map<string, unknown> }) => [...r.entries].map(([k, v]) => [k, v && typeof v === 'object' && 'data' in v ? { ...v, data: Buffer.from(v.data as Uint8Array).toString('hex') } : v]).sort();

describe('carveLocated', () => {
  // A squashfs after a kernel, a cramfs inside a gzip stream (blob step) and a UBIFS volume inside UBI (two blob steps).
  const gz = gzipSync(buildCramfs({ type: 'dir', children: { 'ver.txt': { type: 'file', data: 'v2\n' } } }));
  const ubi = buildUbi([{ name: 'rootfs', data: buildUbifs({ type: 'dir', children: { 'cfg.ini': { type: 'file', data: 'a=1\n' } } }) }]);
  const image = Buffer.concat([buildImage(tree), new Uint8Array(4096), gz, new Uint8Array(4096), ubi]);

  it('finds every file system by its locator and gives what a whole carve gives, the wanted files first', () => {
    const locators = locatorsOf(image);
    expect(locators.length).toBe(3);
    expect(locators[1]!.at(-2)).toMatchObject({ handler: 'gzip', blob: 0 });
    const r = carveLocated(image, locators, { ...opts, want: ['/etc/passwd', '/fs1/ver.txt', '/fs2/cfg.ini'] });
    expect([...r.first.entries.keys()].sort()).toEqual(['/etc/passwd', '/fs1/ver.txt', '/fs2/cfg.ini']);
    const got = (p: string) => {
      const e = r.first.entries.get(p);
      return e?.kind === 'file' ? Buffer.from(e.data).toString() : e;
    };
    expect([got('/etc/passwd'), got('/fs1/ver.txt'), got('/fs2/cfg.ini')]).toEqual(['root:x:0:0::/root:/bin/sh\n', 'v2\n', 'a=1\n']);
    expect(plain(r.rest())).toEqual(plain(carveImage(image, opts)));
  });

  it('keeps the caps: a file over the cap is too_large, the budget leaves others out, wanted ones come anyway', () => {
    const locators = locatorsOf(image);
    const r = carveLocated(image, locators, { maxFileBytes: 100_000, budgetBytes: 10, want: ['/etc/shadow', '/bin/busybox'] });
    expect(r.first.entries.get('/bin/busybox')).toMatchObject({ kind: 'too_large' });
    expect(r.first.entries.get('/etc/shadow')?.kind).toBe('file');
    expect(r.rest().entries.get('/etc/passwd')).toMatchObject({ kind: 'omitted' });
  });

  it('a locator that leads nowhere (damaged, edited, other unpacker) falls back to the whole carve, never throws', () => {
    for (const bad of [[{ handler: 'nope', offset: 0 }], [{ handler: 'squashfs', offset: 3 }], [{ handler: 'gzip', offset: 1e12, blob: 0 }, { handler: 'cramfs', offset: 0 }], [{ handler: 'squashfs', offset: 0, blob: 7 }, { handler: 'x', offset: 0 }]]) {
      const r = carveLocated(image, [bad], { ...opts, want: ['/etc/passwd'] });
      expect(r.first.entries.get('/etc/passwd')?.kind).toBe('file');
    }
    // A truncated image: what can be read, no exception.
    const cut = image.subarray(0, 3000);
    expect(() => carveLocated(cut, locatorsOf(image), { ...opts, want: ['/etc/passwd'] }).rest()).not.toThrow();
  });
});
