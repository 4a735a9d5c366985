/**
 * A tiny ZIP writer for building test inputs in code (APKs, HAPs, IPAs,
 * mini-program packages), including the hostile shapes the readers must
 * survive: lying sizes, wrong CRCs, duplicate and mismatched names, bogus
 * methods, encryption bits, ZIP64 records, entries sharing one local header.
 * Not meant for production output (no streaming, everything in memory).
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipWriterEntry {
  name: string | Buffer;
  data?: Buffer | string;
  /** 'stored' (default for empty data), 'deflate' (default otherwise, and with rawData), or a raw method number written as-is (data stored). */
  method?: 'stored' | 'deflate' | number;
  /** Already-compressed bytes written instead of compressing `data` (e.g. a deflate bomb). */
  rawData?: Buffer;
  /** Lies: override what the headers declare. */
  declaredUncompressedSize?: number;
  declaredCompressedSize?: number;
  crc?: number;
  flags?: number;
  /** A different name in the local header than in the central directory. */
  localName?: string;
  /** Unix mode (e.g. 0o120777 for a symlink); written in the external attributes with host Unix. */
  unixMode?: number;
  /** Write no local header or data: the central record points at entry N's local header (overlap / quine shape). */
  reuseLocalOf?: number;
}

export interface ZipWriterOptions {
  /** Write ZIP64 records (EOCD record, locator, extra fields) even for small archives. */
  zip64?: boolean;
  comment?: string;
  /** Bytes written between the last entry and the central directory (an APK Signing Block, for instance). */
  beforeCentralDirectory?: Buffer;
  /** Bytes appended after the EOCD. */
  trailing?: Buffer;
}

interface Written {
  name: Buffer;
  method: number;
  flags: number;
  crc: number;
  csize: number;
  usize: number;
  offset: number;
  mode: number;
}

const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v & 0xffff);
  return b;
};
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
};
const u64 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(v));
  return b;
};

function methodNumber(e: ZipWriterEntry, data: Buffer): number {
  if (typeof e.method === 'number') return e.method;
  if (e.method === 'stored') return 0;
  if (e.method === 'deflate' || e.rawData) return 8;
  return data.length === 0 ? 0 : 8;
}

export function buildZip(entries: ZipWriterEntry[], options: ZipWriterOptions = {}): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  const push = (b: Buffer) => {
    parts.push(b);
    offset += b.length;
  };
  const written: Written[] = [];
  const zip64 = options.zip64 === true;

  for (const e of entries) {
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name, 'utf8');
    if (e.reuseLocalOf !== undefined) {
      const target = written[e.reuseLocalOf];
      if (!target) throw new Error(`reuseLocalOf ${e.reuseLocalOf} refers to a later or missing entry`);
      written.push({ ...target, name });
      continue;
    }
    const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : (e.data ?? Buffer.alloc(0));
    const method = methodNumber(e, data);
    const body = e.rawData ?? (method === 8 ? deflateRawSync(data) : data);
    const flags = (e.flags ?? 0) | (Buffer.isBuffer(e.name) ? 0 : 0x0800);
    const w: Written = {
      name,
      method,
      flags,
      crc: e.crc ?? crc32(data),
      csize: e.declaredCompressedSize ?? body.length,
      usize: e.declaredUncompressedSize ?? data.length,
      offset,
      mode: e.unixMode ?? 0o100644,
    };
    const localName = e.localName === undefined ? name : Buffer.from(e.localName, 'utf8');
    const extra = zip64 ? Buffer.concat([u16(1), u16(16), u64(w.usize), u64(w.csize)]) : Buffer.alloc(0);
    push(
      Buffer.concat([
        u32(0x04034b50),
        u16(zip64 ? 45 : 20),
        u16(flags),
        u16(method),
        u16(0),
        u16(0x21),
        u32(w.crc),
        u32(zip64 ? 0xffffffff : w.csize),
        u32(zip64 ? 0xffffffff : w.usize),
        u16(localName.length),
        u16(extra.length),
        localName,
        extra,
      ]),
    );
    push(body);
    written.push(w);
  }

  if (options.beforeCentralDirectory) push(options.beforeCentralDirectory);
  const cdOffset = offset;
  for (const w of written) {
    const extra = zip64 ? Buffer.concat([u16(1), u16(24), u64(w.usize), u64(w.csize), u64(w.offset)]) : Buffer.alloc(0);
    push(
      Buffer.concat([
        u32(0x02014b50),
        u16(0x0314), // made by Unix, spec 2.0
        u16(zip64 ? 45 : 20),
        u16(w.flags),
        u16(w.method),
        u16(0),
        u16(0x21),
        u32(w.crc),
        u32(zip64 ? 0xffffffff : w.csize),
        u32(zip64 ? 0xffffffff : w.usize),
        u16(w.name.length),
        u16(extra.length),
        u16(0),
        u16(0),
        u16(0),
        u32(w.mode * 0x10000),
        u32(zip64 ? 0xffffffff : w.offset),
        w.name,
        extra,
      ]),
    );
  }
  const cdSize = offset - cdOffset;
  if (zip64) {
    const recordAt = offset;
    push(Buffer.concat([u32(0x06064b50), u64(44), u16(45), u16(45), u32(0), u32(0), u64(written.length), u64(written.length), u64(cdSize), u64(cdOffset)]));
    push(Buffer.concat([u32(0x07064b50), u32(0), u64(recordAt), u32(1)]));
  }
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const count = zip64 ? 0xffff : written.length;
  push(
    Buffer.concat([
      u32(0x06054b50),
      u16(0),
      u16(0),
      u16(count),
      u16(count),
      u32(zip64 ? 0xffffffff : cdSize),
      u32(zip64 ? 0xffffffff : cdOffset),
      u16(comment.length),
      comment,
    ]),
  );
  if (options.trailing) push(options.trailing);
  return Buffer.concat(parts);
}

/**
 * Raw deflate data that expands to `megabytes` MiB of zeros: one flushed
 * 1 MiB segment repeated (each segment is independent after a full flush),
 * closed by an empty final block. About 1 KiB of input per MiB of output.
 */
export function deflateBomb(megabytes: number): Buffer {
  const segment = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: 3 /* Z_FULL_FLUSH */ });
  return Buffer.concat([...Array.from({ length: megabytes }, () => segment), Buffer.from([0x03, 0x00])]);
}
