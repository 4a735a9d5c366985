import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRMWARE_CORPUS, buildImage, hasImage } from '../testing/index.ts';
import { carveImage } from './carve.ts';

const image = buildImage({
  type: 'dir',
  children: {
    etc: { type: 'dir', children: { passwd: { type: 'file', data: 'root:x:0:0::/root:/bin/sh\n' }, big: { type: 'file', data: 'A'.repeat(10_000) } } },
    bin: { type: 'dir', children: { sh: { type: 'symlink', target: 'busybox' }, busybox: { type: 'file', data: '\0BusyBox v1.2\0' } } },
    dev: { type: 'dir', children: { console: { type: 'chardev', rdev: 0x0501 } } },
  },
});

describe('carveImage', () => {
  it('gives file contents byte-exact, symlink targets, and says why there is nothing for the others', () => {
    const r = carveImage(image, { maxFileBytes: 64 << 20, budgetBytes: 64 << 20 });
    const passwd = r.entries.get('/etc/passwd');
    expect(passwd?.kind === 'file' && Buffer.from(passwd.data).toString()).toBe('root:x:0:0::/root:/bin/sh\n');
    expect(r.entries.get('/bin/sh')).toEqual({ kind: 'symlink', target: 'busybox' });
    expect(r.entries.get('/dev/console')).toEqual({ kind: 'not_a_file', type: 'chardev' });
    expect(r.entries.get('/etc')).toEqual({ kind: 'not_a_file', type: 'dir' });
    expect(r.entries.has('/nope')).toBe(false);
  });

  it('caps single files and the answer: wanted paths first, others while the budget lasts', () => {
    const capped = carveImage(image, { maxFileBytes: 5000, budgetBytes: 64 << 20 });
    expect(capped.entries.get('/etc/big')).toEqual({ kind: 'too_large', size: 10_000 });
    const budget = carveImage(image, { maxFileBytes: 64 << 20, budgetBytes: 100, want: ['/etc/big'] });
    expect(budget.entries.get('/etc/big')?.kind).toBe('file');
    expect(budget.entries.get('/etc/passwd')).toEqual({ kind: 'omitted', size: 26 });
  });

  it('a truncated image gives what could be read, never throws', () => {
    const cut = image.subarray(0, image.length - 200);
    const r = carveImage(cut, { maxFileBytes: 1 << 20, budgetBytes: 1 << 20 });
    expect(r.entries).toBeInstanceOf(Map);
  });

  it.skipIf(!hasImage(FIRMWARE_CORPUS.tplink))('carves the TP-Link image: every listed file with contents', () => {
    const r = carveImage(new Uint8Array(readFileSync(FIRMWARE_CORPUS.tplink)), { maxFileBytes: 64 << 20, budgetBytes: 256 << 20 });
    const files = [...r.entries.values()].filter((e) => e.kind === 'file');
    expect(files.length).toBeGreaterThan(300);
    const inittab = r.entries.get('/etc/inittab');
    expect(inittab?.kind === 'file' && Buffer.from(inittab.data).toString()).toContain('rcS');
  });
});
