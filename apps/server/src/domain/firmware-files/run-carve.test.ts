import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildImage } from '@citadel/engine-firmware/testing';
import { carveInChild } from './run-carve.ts';

describe('carveInChild', () => {
  it('garbage and a diff come back as values, never as a crash of the caller', async () => {
    const limits = { timeoutMs: 60_000, memoryMb: 256 };
    const dir = mkdtempSync(join(tmpdir(), 'fw-carve-'));
    // Random bytes with a squashfs magic in them: no file system, no entries, no crash.
    const junk = new Uint8Array(64 * 1024).map((_, i) => (i * 2654435761) >>> 24);
    junk.set([0x68, 0x73, 0x71, 0x73], 1000);
    writeFileSync(join(dir, 'junk.bin'), junk);
    const carved = await carveInChild({ type: 'carve', imagePath: join(dir, 'junk.bin'), maxFileBytes: 1024, budgetBytes: 1024, want: [] }, limits);
    expect(carved.type).toBe('carved');
    expect(carved.type === 'carved' && carved.entries.size).toBe(0);
    const diff = await carveInChild({ type: 'diff', a: Buffer.from('x\ny\n'), b: Buffer.from('x\nz\n') }, limits);
    expect(diff).toEqual({ type: 'diffed', lines: [' x', '-y', '+z', ' '] });
  }, 60_000);

  it('a located carve answers the clicked file first, then a file asked for while it reads the rest, then the whole tree', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-carve-'));
    const pages = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${String(i).padStart(3, '0')}.html`, { type: 'file' as const, data: `<p>${i}</p>` }]));
    const image = buildImage({ type: 'dir', children: { etc: { type: 'dir', children: { passwd: { type: 'file', data: 'root:x:0:0\n' } } }, www: { type: 'dir', children: pages } } });
    writeFileSync(join(dir, 'img.bin'), image);
    const { unpackImage } = await import('@citadel/engine-firmware');
    const locators = unpackImage(image).filesystems.map((f) => f.locator);
    const early: string[][] = [];
    const out = await carveInChild(
      { type: 'carve', imagePath: join(dir, 'img.bin'), maxFileBytes: 1 << 20, budgetBytes: 1 << 20, want: ['/etc/passwd'], locators },
      { timeoutMs: 60_000, memoryMb: 256 },
      (m) => early.push([...m.entries.keys()]),
      (want) => want(['/www/p199.html']),
    );
    expect(early[0]).toEqual(['/etc/passwd']);
    // Asked for at once: answered between two files of the rest, before the last answer.
    expect(early.some((e) => e.includes('/www/p199.html'))).toBe(true);
    expect(out.type === 'carved' && out.entries.get('/www/p199.html')?.kind).toBe('file');
  }, 60_000);

  it('a child over its time limit is killed and reported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-carve-'));
    writeFileSync(join(dir, 'x.bin'), new Uint8Array(1024));
    const slow = await carveInChild({ type: 'carve', imagePath: join(dir, 'x.bin'), maxFileBytes: 1, budgetBytes: 1, want: [] }, { timeoutMs: 1, memoryMb: 256 });
    expect(slow).toMatchObject({ type: 'failed' });
    expect(slow.type === 'failed' && slow.message).toMatch(/timed out/);
  });
});
