import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../binary/byte-reader.ts';
import { ArchiveLimitError } from './limits.ts';
import { readTar, type TarEntry, type TarOptions, type TarReader } from './tar.ts';
import { seededRandom } from '../test-support/corpus.ts';
import { buildTar } from './test-utils/tar-writer.ts';

async function collect(input: Parameters<typeof readTar>[0], options?: TarOptions, readBodies = true) {
  const reader: TarReader = readTar(input, options);
  const out: Array<{ entry: TarEntry; data?: string }> = [];
  for await (const entry of reader) out.push({ entry, data: readBodies && entry.type === 'file' ? (await entry.read()).toString() : undefined });
  return { reader, out };
}

describe('readTar', () => {
  const files = [
    { name: 'src/main.js', data: 'console.log(1)\n' },
    { name: 'src/', type: '5' },
    { name: 'big.txt', data: 'x'.repeat(1500) },
  ];

  it('reads plain and gzip archives, from a buffer or a stream in small chunks', async () => {
    for (const gzip of [false, true]) {
      const buf = buildTar(files, { gzip });
      const chunked = Readable.from(Array.from({ length: Math.ceil(buf.length / 7) }, (_, i) => buf.subarray(i * 7, i * 7 + 7)));
      for (const input of [buf, chunked]) {
        const { reader, out } = await collect(input);
        expect(out.map((o) => [o.entry.name, o.entry.type, o.entry.size])).toEqual([
          ['src/main.js', 'file', 15],
          ['src/', 'directory', 0],
          ['big.txt', 'file', 1500],
        ]);
        expect(out[2]!.data).toBe('x'.repeat(1500));
        expect(reader.anomalies).toEqual([]);
      }
    }
  });

  it('skips bodies that are not read', async () => {
    const { out } = await collect(buildTar(files), undefined, false);
    expect(out).toHaveLength(3);
  });

  it('reads pax and GNU long names and long link targets', async () => {
    const long = 'd/'.repeat(80) + 'file.txt';
    const { out } = await collect(buildTar([
      { name: long, data: 'pax', longName: 'pax' },
      { name: long + '2', data: 'gnu', longName: 'gnu' },
      { name: 'ln', type: '2', linkName: '/'.concat('t/'.repeat(60)), longName: 'pax' },
    ]));
    expect(out.map((o) => o.entry.name)).toEqual([long, long + '2', 'ln']);
    expect(out.map((o) => o.data)).toEqual(['pax', 'gnu', undefined]);
    expect(out[2]!.entry.linkName).toBe('/' + 't/'.repeat(60));
  });

  it('reports links and unsafe names without following them', async () => {
    const { reader, out } = await collect(buildTar([
      { name: '../evil.sh', data: 'rm -rf' },
      { name: 'link', type: '2', linkName: '../../etc/passwd' },
      { name: 'hard', type: '1', linkName: '/etc/shadow' },
    ]));
    expect(out[0]!.entry.nameIssues).toEqual(['dot-dot']);
    expect(out[1]!.entry.linkIssues).toEqual(['dot-dot']);
    expect(out[2]!.entry.linkIssues).toEqual(['absolute']);
    expect(reader.anomalies.map((a) => a.kind)).toEqual(['unsafe-name', 'link', 'link']);
  });

  it('refuses to read a body after the iteration moved on', async () => {
    const entries: TarEntry[] = [];
    for await (const e of readTar(buildTar(files))) entries.push(e);
    await expect(entries[0]!.read()).rejects.toThrow(/no longer readable/);
  });

  it('fails with FormatError on bad checksums, truncation and garbage', async () => {
    await expect(collect(buildTar([{ name: 'a', data: 'x', badChecksum: true }]))).rejects.toThrow(/checksum/);
    await expect(collect(buildTar([{ name: 'a', data: 'x', declaredSize: 5000 }]))).rejects.toBeInstanceOf(FormatError);
    const good = buildTar(files);
    for (const cut of [100, 512, 700, 1600]) await expect(collect(good.subarray(0, cut))).rejects.toBeInstanceOf(FormatError);
    await expect(collect(Buffer.from('not a tar at all'.repeat(40)))).rejects.toBeInstanceOf(FormatError);
    await expect(collect(gzipSync(good).subarray(0, 60))).rejects.toBeInstanceOf(FormatError);
  });

  it('notes a missing end marker', async () => {
    const { reader } = await collect(buildTar(files, { endMarker: false }));
    expect(reader.anomalies.map((a) => a.kind)).toEqual(['missing-end-marker']);
  });

  it('enforces entry, size and name limits', async () => {
    const many = buildTar(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, data: 'x' })));
    await expect(collect(many, { limits: { maxEntries: 10 } })).rejects.toBeInstanceOf(ArchiveLimitError);
    await expect(collect(many, { limits: { maxTotalUncompressed: 4096 } })).rejects.toMatchObject({ limit: 'maxTotalUncompressed' });
    await expect(collect(buildTar([{ name: 'a', data: 'x'.repeat(5000) }]), { limits: { maxEntrySize: 1000 } })).rejects.toMatchObject({ limit: 'maxEntrySize' });
    await expect(collect(buildTar([{ name: 'n'.repeat(300), data: 'x', longName: 'gnu' }]), { limits: { maxNameLength: 100 } })).rejects.toBeInstanceOf(ArchiveLimitError);
  });

  it('stops a gzip bomb at the total limit', async () => {
    // 16 MiB of zeros compress to ~16 KiB; the limits stop it before the bytes are pulled through gunzip.
    const bomb = buildTar([{ name: 'zeros', data: Buffer.alloc(16 * 1024 * 1024) }, { name: 'more', data: 'x' }], { gzip: true });
    await expect(collect(bomb, { limits: { maxEntrySize: 1024 * 1024 } }, false)).rejects.toMatchObject({ limit: 'maxEntrySize' });
    await expect(collect(bomb, { limits: { maxTotalUncompressed: 1024 * 1024 } }, false)).rejects.toMatchObject({ limit: 'maxTotalUncompressed' });
  });

  it('fuzz: mutated archives read or fail with FormatError', async () => {
    const rand = seededRandom(7);
    const plain = buildTar([...files, { name: 'p'.repeat(150), data: 'long', longName: 'pax' }, { name: 'l', type: '2', linkName: 'x' }]);
    for (let i = 0; i < 200; i++) {
      const gz = i % 2 === 1;
      const buf = Buffer.from(gz ? gzipSync(plain) : plain);
      const flips = 1 + Math.floor(rand() * 6);
      for (let f = 0; f < flips; f++) buf[Math.floor(rand() * buf.length)] = Math.floor(rand() * 256);
      const cut = rand() < 0.2 ? Math.floor(rand() * buf.length) : buf.length;
      try {
        await collect(buf.subarray(0, cut));
      } catch (err) {
        expect(err).toBeInstanceOf(FormatError);
      }
    }
  });
});
