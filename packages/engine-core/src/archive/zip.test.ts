import { describe, expect, it } from 'vitest';
import { FormatError } from '../binary/byte-reader.ts';
import { ArchiveLimitError } from './limits.ts';
import { ZipArchive } from './zip-archive.ts';
import { buildZip, deflateBomb } from './zip-writer.ts';

const text = 'hello hello hello hello hello, zip reader';

async function streamAll(zip: ZipArchive, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of zip.stream(name)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('ZipArchive: well-formed archives', () => {
  it('lists and reads stored and deflated entries, from memory', async () => {
    const buf = buildZip([
      { name: 'a.txt', data: text, method: 'stored' },
      { name: 'dir/b.txt', data: text.repeat(50), method: 'deflate' },
      { name: 'dir/', data: '' },
    ]);
    const zip = await ZipArchive.open(buf);
    expect(zip.entries.map((e) => e.name)).toEqual(['a.txt', 'dir/b.txt', 'dir/']);
    expect(zip.entries[2]!.isDirectory).toBe(true);
    expect((await zip.read('a.txt')).toString()).toBe(text);
    expect((await zip.read('dir/b.txt')).toString()).toBe(text.repeat(50));
    expect((await streamAll(zip, 'dir/b.txt')).toString()).toBe(text.repeat(50));
    expect(zip.anomalies).toEqual([]);
    expect(zip.eocdOffset).toBe(buf.length - 22);
    expect(zip.centralDirectoryOffset).toBeLessThan(zip.eocdOffset);
  });

  it('reads ZIP64 records and extra fields', async () => {
    const buf = buildZip([{ name: 'x.bin', data: Buffer.alloc(5000, 7) }], { zip64: true });
    const zip = await ZipArchive.open(buf);
    expect(zip.zip64EocdOffset).toBeDefined();
    expect(zip.entries[0]!.uncompressedSize).toBe(5000);
    expect(await zip.read('x.bin')).toEqual(Buffer.alloc(5000, 7));
  });

  it('finds the EOCD behind a comment and exposes the bytes before the central directory', async () => {
    const block = Buffer.from('APK Sig Block 42');
    const zip = await ZipArchive.open(buildZip([{ name: 'a', data: 'x' }], { comment: 'c'.repeat(1000), beforeCentralDirectory: block }));
    expect(zip.comment.length).toBe(1000);
    expect(await zip.readAt(zip.centralDirectoryOffset - 16, 16)).toEqual(block);
  });

  it('decodes CP437 names without the UTF-8 flag and UTF-8 names with it', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: Buffer.from([0x63, 0x61, 0x66, 0x82]), data: '1' }, { name: 'café', data: '2' }]));
    expect(zip.entries[0]!.name).toBe('café');
    expect(zip.entries[0]!.nameEncoding).toBe('cp437');
    expect(zip.entries[1]!.name).toBe('café');
    expect(zip.entries[1]!.nameEncoding).toBe('utf8');
  });

  it('takes the data offset from the local header when its name differs', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'AndroidManifest.xml', localName: 'a-much-longer-local-name.xml', data: text }]));
    expect((await zip.read('AndroidManifest.xml')).toString()).toBe(text);
    expect(zip.anomalies.map((a) => a.kind)).toEqual(['name-mismatch']);
  });

  it('recognises Unix symlinks without following them', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'link', data: '../../etc/passwd', method: 'stored', unixMode: 0o120777 }]));
    expect(zip.entries[0]!.isSymlink).toBe(true);
  });
});

describe('ZipArchive: anomalies Android tolerates', () => {
  it('reads entries with the encryption bit set and records it', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'classes.dex', data: text, flags: 1 }]));
    expect(zip.entries[0]!.encrypted).toBe(true);
    expect((await zip.read('classes.dex')).toString()).toBe(text);
    expect(zip.anomalies.map((a) => a.kind)).toEqual(['encrypted-flag']);
  });

  it('reads unknown compression methods as stored', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'AndroidManifest.xml', data: text, method: 0x1337 }]));
    expect((await zip.read('AndroidManifest.xml')).toString()).toBe(text);
    expect(zip.anomalies.map((a) => a.kind)).toEqual(['unknown-method']);
  });

  it('lists both copies of a duplicate name', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'classes.dex', data: 'one' }, { name: 'classes.dex', data: 'two' }]));
    expect(zip.getEntries('classes.dex')).toHaveLength(2);
    expect((await zip.read(zip.getEntries('classes.dex')[1]!)).toString()).toBe('two');
    expect(zip.anomalies.find((a) => a.kind === 'duplicate-name')?.entries).toEqual(['classes.dex', 'classes.dex']);
  });

  it('flags unsafe names', async () => {
    const names = ['../evil', '/abs', 'C:/win', 'a\\b', 'nul\0x', 'ok/../../up'];
    const zip = await ZipArchive.open(buildZip(names.map((name) => ({ name, data: 'x' }))));
    expect(zip.entries.map((e) => e.nameIssues)).toEqual([['dot-dot'], ['absolute'], ['drive-letter'], ['backslash'], ['nul'], ['dot-dot']]);
    expect(zip.anomalies.filter((a) => a.kind === 'unsafe-name')).toHaveLength(6);
  });

  it('notes bytes after the end record', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'a', data: 'x' }], { trailing: Buffer.from('junk') }));
    expect(zip.anomalies.map((a) => a.kind)).toEqual(['trailing-bytes']);
  });
});

describe('ZipArchive: what cannot be read', () => {
  const good = buildZip([
    { name: 'a.txt', data: text.repeat(20) },
    { name: 'b.txt', data: text, method: 'stored' },
  ]);

  it('refuses bad magic and tiny files', async () => {
    await expect(ZipArchive.open(Buffer.alloc(10))).rejects.toBeInstanceOf(FormatError);
    await expect(ZipArchive.open(Buffer.alloc(5000, 0x41))).rejects.toThrow(/no end of central directory/);
  });

  it('refuses every truncation', async () => {
    for (let n = 0; n < good.length; n++) {
      await expect(ZipArchive.open(good.subarray(0, n))).rejects.toBeInstanceOf(FormatError);
    }
  });

  it('refuses offsets past the end', async () => {
    const bad = Buffer.from(good);
    bad.writeUInt32LE(0x7fff0000, bad.length - 6); // central directory offset
    await expect(ZipArchive.open(bad)).rejects.toBeInstanceOf(FormatError);
  });

  it('refuses entries that share local data (quine / overlap bomb)', async () => {
    const buf = buildZip([{ name: 'a', data: text }, { name: 'b', reuseLocalOf: 0 }]);
    await expect(ZipArchive.open(buf)).rejects.toThrow(/overlap/);
  });

  it('rejects CRC mismatches and lying stored sizes when reading', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'crc', data: text, crc: 1 }, { name: 'st', data: text, method: 'stored', declaredUncompressedSize: 3 }]));
    await expect(zip.read('crc')).rejects.toThrow(/CRC-32/);
    expect((await zip.read('crc', { verifyCrc: false })).toString()).toBe(text);
    await expect(zip.read('st')).rejects.toBeInstanceOf(FormatError);
  });

  it('rejects corrupt deflate data', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'x', data: text, rawData: Buffer.from([0xff, 0xff, 0xff, 0xff]) }]));
    await expect(zip.read('x')).rejects.toBeInstanceOf(FormatError);
    await expect(streamAll(zip, 'x')).rejects.toBeInstanceOf(FormatError);
  });

  it('enforces the entry-count and name-length limits', async () => {
    const buf = buildZip(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, data: 'x' })));
    await expect(ZipArchive.open(buf, { limits: { maxEntries: 10 } })).rejects.toBeInstanceOf(ArchiveLimitError);
    await expect(ZipArchive.open(buf, { limits: { maxNameLength: 1 } })).rejects.toThrow(/maxNameLength|name of/);
  });

  it('enforces the total declared size at open', async () => {
    const buf = buildZip([{ name: 'a', data: 'x', declaredUncompressedSize: 3_000_000_000 }, { name: 'b', data: 'y', declaredUncompressedSize: 3_000_000_000 }]);
    await expect(ZipArchive.open(buf)).rejects.toThrow(/in total/);
  });
});

describe('ZipArchive: deflate bombs', () => {
  const bomb = deflateBomb(3000); // ~3 MB of input, ~3 GB of zeros if fully inflated
  it('stops a bomb that lies low about its size after the declared size', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'bomb', data: Buffer.alloc(1000), rawData: bomb }]));
    await expect(zip.read('bomb')).rejects.toThrow(/past its declared size/);
    await expect(streamAll(zip, 'bomb')).rejects.toThrow(/past its declared size/);
  });

  it('refuses a bomb that declares its true size before inflating', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'bomb', data: Buffer.alloc(0), rawData: bomb, declaredUncompressedSize: 3000 * 1024 * 1024 }]));
    expect(zip.anomalies.map((a) => a.kind)).toContain('oversized-entry');
    await expect(zip.read('bomb')).rejects.toMatchObject({ limit: 'maxEntrySize' });
  });

  it('stops at the ratio limit while streaming, with bounded output', async () => {
    const declared = 400 * 1024 * 1024;
    const zip = await ZipArchive.open(buildZip([{ name: 'bomb', data: Buffer.alloc(0), rawData: bomb, declaredUncompressedSize: declared }]), {
      limits: { maxCompressionRatio: 5, ratioGraceBytes: 1024 * 1024 },
    });
    let seen = 0;
    const err = await (async () => {
      try {
        for await (const c of zip.stream('bomb')) seen += (c as Buffer).length;
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ArchiveLimitError);
    expect((err as ArchiveLimitError).limit).toBe('maxCompressionRatio');
    expect(seen).toBeLessThanOrEqual(bomb.length * 5);
    await expect(zip.read('bomb')).rejects.toMatchObject({ limit: 'maxCompressionRatio' });
  });

  it('honours a caller cap', async () => {
    const zip = await ZipArchive.open(buildZip([{ name: 'big', data: Buffer.alloc(100_000) }]));
    await expect(zip.read('big', { maxBytes: 1000 })).rejects.toMatchObject({ limit: 'maxBytes' });
    expect((await zip.read('big', { maxBytes: 100_000 })).length).toBe(100_000);
  });
});
