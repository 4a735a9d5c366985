/**
 * ZIP structures (APPNOTE.TXT 6.3): end of central directory, the ZIP64
 * locator and record, and central directory file headers. Pure functions over
 * bounds-checked buffers; the archive class decides what to read.
 */
import { crc32 as zlibCrc } from 'node:zlib';
import { ByteReader, FormatError, boundedCount } from '../binary/byte-reader.ts';
import { decodeCp437 } from './cp437.ts';
import { ArchiveLimitError, type ArchiveLimits } from './limits.ts';

export const SIG_LOCAL = 0x04034b50;
export const SIG_CENTRAL = 0x02014b50;
export const SIG_EOCD = 0x06054b50;
export const SIG_ZIP64_LOCATOR = 0x07064b50;
export const SIG_ZIP64_EOCD = 0x06064b50;
export const EOCD_SIZE = 22;
export const ZIP64_LOCATOR_SIZE = 20;
export const ZIP64_EOCD_MIN_SIZE = 56;
export const CENTRAL_HEADER_SIZE = 46;
export const LOCAL_HEADER_SIZE = 30;
/** The EOCD comment is at most 65535 bytes, so the record starts in the last 64 KiB + 22 bytes. */
export const EOCD_SEARCH_SPAN = 0xffff + EOCD_SIZE;

export const METHOD_STORED = 0;
export const METHOD_DEFLATED = 8;
export const FLAG_ENCRYPTED = 0x0001;
export const FLAG_DATA_DESCRIPTOR = 0x0008;
export const FLAG_UTF8 = 0x0800;

const EXTRA_ZIP64 = 0x0001;
const EXTRA_UNICODE_PATH = 0x7075;

export interface EndOfCentralDirectory {
  eocdOffset: number;
  diskNumber: number;
  entryCount: number;
  centralDirectorySize: number;
  centralDirectoryOffset: number;
  comment: Buffer;
  /** Offset of the ZIP64 end-of-central-directory record, when there is one. */
  zip64EocdOffset?: number;
  /** Bytes after the EOCD comment (Android rejects them; we only note them). */
  trailingBytes: number;
}

/** One central directory record, as declared (sizes are claims until the data is read). */
export interface CentralRecord {
  index: number;
  rawName: Buffer;
  name: string;
  nameEncoding: 'utf8' | 'cp437';
  versionMadeBy: number;
  versionNeeded: number;
  flags: number;
  method: number;
  dosTime: number;
  dosDate: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  diskStart: number;
  internalAttributes: number;
  externalAttributes: number;
  localHeaderOffset: number;
  extra: Buffer;
  comment: Buffer;
}

/** Finds the EOCD in the tail of the archive; `tail` holds the last bytes, starting at file offset `tailStart`. */
export function findEocd(tail: Buffer, tailStart: number, fileSize: number): EndOfCentralDirectory {
  const r = new ByteReader(tail, 'zip');
  let fallback: number | undefined;
  // Search backwards: the last signature whose comment fits is the real record
  // (an earlier one may sit inside a comment or inside stored data).
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail[i] !== 0x50 || r.u32(i) !== SIG_EOCD) continue;
    const commentLength = r.u16(i + 20);
    const end = i + EOCD_SIZE + commentLength;
    if (end === tail.length) return parseEocd(r, i, tailStart, 0);
    if (end < tail.length && fallback === undefined) fallback = i;
  }
  if (fallback !== undefined) {
    return parseEocd(r, fallback, tailStart, tail.length - (fallback + EOCD_SIZE + r.u16(fallback + 20)));
  }
  throw new FormatError(`no end of central directory record in the last ${tail.length} bytes (not a ZIP, or truncated)`, 'zip', Math.max(0, fileSize - 1));
}

function parseEocd(r: ByteReader, at: number, tailStart: number, trailingBytes: number): EndOfCentralDirectory {
  return {
    eocdOffset: tailStart + at,
    diskNumber: r.u16(at + 4),
    entryCount: r.u16(at + 10),
    centralDirectorySize: r.u32(at + 12),
    centralDirectoryOffset: r.u32(at + 16),
    comment: Buffer.from(r.bytes(at + EOCD_SIZE, r.u16(at + 20))),
    trailingBytes,
  };
}

/** Reads the ZIP64 locator (the 20 bytes before the EOCD) when present; returns the record's offset. */
export function parseZip64Locator(locator: Buffer, at: number): number | undefined {
  const r = new ByteReader(locator, 'zip');
  if (locator.length < ZIP64_LOCATOR_SIZE || r.u32(0) !== SIG_ZIP64_LOCATOR) return undefined;
  const offset = r.u64(8);
  if (r.u32(16) > 1) throw new FormatError('multi-disk ZIP64 archives are not supported', 'zip', at);
  return offset;
}

/** Applies the ZIP64 EOCD record over the 32-bit values of the classic EOCD. */
export function applyZip64Eocd(eocd: EndOfCentralDirectory, record: Buffer, at: number): EndOfCentralDirectory {
  const r = new ByteReader(record, 'zip');
  if (r.u32(0) !== SIG_ZIP64_EOCD) throw new FormatError('bad ZIP64 end of central directory signature', 'zip', at);
  return {
    ...eocd,
    zip64EocdOffset: at,
    diskNumber: r.u32(16),
    entryCount: r.u64(32),
    centralDirectorySize: r.u64(40),
    centralDirectoryOffset: r.u64(48),
  };
}

/** Parses `count` central records from the central directory bytes. */
export function parseCentralDirectory(cd: Buffer, count: number, cdOffset: number, limits: ArchiveLimits): CentralRecord[] {
  const r = new ByteReader(cd, 'zip');
  if (count > limits.maxEntries) {
    throw new ArchiveLimitError(`${count} entries over the limit of ${limits.maxEntries}`, 'zip', 'maxEntries', cdOffset);
  }
  boundedCount(r, count, 'central directory entries', limits.maxEntries, CENTRAL_HEADER_SIZE, cdOffset);
  const records: CentralRecord[] = [];
  let p = 0;
  for (let index = 0; index < count; index++) {
    const at = cdOffset + p;
    if (!r.has(p, CENTRAL_HEADER_SIZE)) throw new FormatError(`central directory ends after ${index} of ${count} entries`, 'zip', at);
    if (r.u32(p) !== SIG_CENTRAL) throw new FormatError(`bad central directory signature for entry ${index}`, 'zip', at);
    const nameLength = r.u16(p + 28);
    const extraLength = r.u16(p + 30);
    const commentLength = r.u16(p + 32);
    if (nameLength > limits.maxNameLength) {
      throw new ArchiveLimitError(`entry ${index} name of ${nameLength} bytes over the limit of ${limits.maxNameLength}`, 'zip', 'maxNameLength', at);
    }
    const rawName = Buffer.from(r.bytes(p + CENTRAL_HEADER_SIZE, nameLength));
    const extra = Buffer.from(r.bytes(p + CENTRAL_HEADER_SIZE + nameLength, extraLength));
    const comment = Buffer.from(r.bytes(p + CENTRAL_HEADER_SIZE + nameLength + extraLength, commentLength));
    const flags = r.u16(p + 8);
    const decoded = decodeName(rawName, flags, extra);
    const record: CentralRecord = {
      index,
      rawName,
      name: decoded.name,
      nameEncoding: decoded.nameEncoding,
      versionMadeBy: r.u16(p + 4),
      versionNeeded: r.u16(p + 6),
      flags,
      method: r.u16(p + 10),
      dosTime: r.u16(p + 12),
      dosDate: r.u16(p + 14),
      crc32: r.u32(p + 16),
      compressedSize: r.u32(p + 20),
      uncompressedSize: r.u32(p + 24),
      diskStart: r.u16(p + 34),
      internalAttributes: r.u16(p + 36),
      externalAttributes: r.u32(p + 38),
      localHeaderOffset: r.u32(p + 42),
      extra,
      comment,
    };
    applyZip64Extra(record, at);
    records.push(record);
    p += CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
  }
  return records;
}

/** Iterates (id, data) pairs of an extra field; a malformed tail is ignored, as most readers do. */
export function* extraFields(extra: Buffer): Generator<[number, Buffer]> {
  let p = 0;
  while (p + 4 <= extra.length) {
    const id = extra.readUInt16LE(p);
    const size = extra.readUInt16LE(p + 2);
    if (p + 4 + size > extra.length) return;
    yield [id, extra.subarray(p + 4, p + 4 + size)];
    p += 4 + size;
  }
}

/** ZIP64 extended information: 64-bit values for each 32-bit field that holds 0xFFFFFFFF, in this order. */
function applyZip64Extra(rec: CentralRecord, at: number): void {
  const needs = rec.uncompressedSize === 0xffffffff || rec.compressedSize === 0xffffffff || rec.localHeaderOffset === 0xffffffff;
  if (!needs) return;
  for (const [id, data] of extraFields(rec.extra)) {
    if (id !== EXTRA_ZIP64) continue;
    const r = new ByteReader(data, 'zip');
    let p = 0;
    if (rec.uncompressedSize === 0xffffffff) {
      rec.uncompressedSize = r.u64(p);
      p += 8;
    }
    if (rec.compressedSize === 0xffffffff) {
      rec.compressedSize = r.u64(p);
      p += 8;
    }
    if (rec.localHeaderOffset === 0xffffffff) rec.localHeaderOffset = r.u64(p);
    return;
  }
  throw new FormatError(`entry ${rec.index} needs a ZIP64 extra field but has none`, 'zip', at);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * UTF-8 when flag bit 11 says so, or when an Info-ZIP Unicode Path extra field
 * matches the raw name; otherwise UTF-8 if the bytes are valid UTF-8 (Java and
 * Android tools write UTF-8 without the flag), else CP437 as the spec says.
 */
function decodeName(raw: Buffer, flags: number, extra: Buffer): { name: string; nameEncoding: 'utf8' | 'cp437' } {
  if (flags & FLAG_UTF8) return { name: raw.toString('utf8'), nameEncoding: 'utf8' };
  for (const [id, data] of extraFields(extra)) {
    if (id === EXTRA_UNICODE_PATH && data.length > 5 && data[0] === 1 && data.readUInt32LE(1) === zlibCrc(raw)) {
      return { name: data.subarray(5).toString('utf8'), nameEncoding: 'utf8' };
    }
  }
  try {
    return { name: strictUtf8.decode(raw), nameEncoding: 'utf8' };
  } catch {
    return { name: decodeCp437(raw), nameEncoding: 'cp437' };
  }
}
