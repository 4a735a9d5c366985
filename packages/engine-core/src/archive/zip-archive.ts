/**
 * A ZIP archive opened for random access: APK, AAB, XAPK, AAR/JAR, IPA, HAP,
 * APP and mini-program packages. The central directory is read once; entry
 * data is read on demand through positioned reads, so a 200 MB APK is never
 * held in memory. `readAt` exposes raw bytes for the structures that live
 * between the entries and the central directory (APK Signing Block v2/v3,
 * HAP signing block).
 */
import { Readable } from 'node:stream';
import { FormatError } from '../binary/byte-reader.ts';
import { resolveLimits, type ArchiveLimits } from './limits.ts';
import { BufferSource, FileSource, type RandomAccessSource } from './source.ts';
import { entryChunks, readEntryData, type ReadEntryOptions } from './zip-data.ts';
import { resolveEntries, type ZipAnomaly, type ZipEntry } from './zip-entries.ts';
import {
  EOCD_SEARCH_SPAN,
  EOCD_SIZE,
  ZIP64_EOCD_MIN_SIZE,
  ZIP64_LOCATOR_SIZE,
  applyZip64Eocd,
  findEocd,
  parseCentralDirectory,
  parseZip64Locator,
  type EndOfCentralDirectory,
} from './zip-format.ts';

export interface ZipOpenOptions {
  limits?: Partial<ArchiveLimits>;
}

export class ZipArchive {
  /** Entries in central directory order (duplicates included). */
  readonly entries: readonly ZipEntry[];
  readonly anomalies: readonly ZipAnomaly[];
  readonly limits: ArchiveLimits;
  readonly size: number;
  readonly eocdOffset: number;
  /** Offset of the ZIP64 EOCD record, when the archive is ZIP64. */
  readonly zip64EocdOffset: number | undefined;
  readonly centralDirectoryOffset: number;
  readonly centralDirectorySize: number;
  readonly comment: Buffer;
  private readonly byName = new Map<string, ZipEntry[]>();

  private constructor(
    private readonly source: RandomAccessSource,
    eocd: EndOfCentralDirectory,
    entries: ZipEntry[],
    anomalies: ZipAnomaly[],
    limits: ArchiveLimits,
  ) {
    this.size = source.size;
    this.eocdOffset = eocd.eocdOffset;
    this.zip64EocdOffset = eocd.zip64EocdOffset;
    this.centralDirectoryOffset = eocd.centralDirectoryOffset;
    this.centralDirectorySize = eocd.centralDirectorySize;
    this.comment = eocd.comment;
    this.entries = entries;
    this.anomalies = anomalies;
    this.limits = limits;
    for (const e of entries) {
      const list = this.byName.get(e.name);
      if (list) list.push(e);
      else this.byName.set(e.name, [e]);
    }
  }

  /** Opens a file path (positioned reads, one handle) or an in-memory buffer (nested archives). */
  static async open(input: string | Uint8Array, options: ZipOpenOptions = {}): Promise<ZipArchive> {
    const source = typeof input === 'string' ? await FileSource.open(input, 'zip') : new BufferSource(input, 'zip');
    try {
      return await ZipArchive.fromSource(source, options);
    } catch (err) {
      await source.close();
      throw err;
    }
  }

  static async fromSource(source: RandomAccessSource, options: ZipOpenOptions = {}): Promise<ZipArchive> {
    const limits = resolveLimits(options.limits);
    if (source.size < EOCD_SIZE) throw new FormatError(`file of ${source.size} bytes is too small to be a ZIP`, 'zip');
    const tailLength = Math.min(source.size, EOCD_SEARCH_SPAN);
    const tailStart = source.size - tailLength;
    let eocd = findEocd(await source.readAt(tailStart, tailLength), tailStart, source.size);
    const anomalies: ZipAnomaly[] = [];
    if (eocd.trailingBytes > 0) anomalies.push({ kind: 'trailing-bytes', detail: `${eocd.trailingBytes} bytes after the end of central directory`, offset: eocd.eocdOffset });

    let directoryEnd = eocd.eocdOffset;
    if (eocd.eocdOffset >= ZIP64_LOCATOR_SIZE) {
      const locatorAt = eocd.eocdOffset - ZIP64_LOCATOR_SIZE;
      const recordAt = parseZip64Locator(await source.readAt(locatorAt, ZIP64_LOCATOR_SIZE), locatorAt);
      if (recordAt !== undefined) {
        if (recordAt + ZIP64_EOCD_MIN_SIZE > locatorAt) throw new FormatError('ZIP64 end of central directory record past its locator', 'zip', locatorAt);
        eocd = applyZip64Eocd(eocd, await source.readAt(recordAt, ZIP64_EOCD_MIN_SIZE), recordAt);
        directoryEnd = recordAt;
      }
    }
    if (eocd.diskNumber !== 0) throw new FormatError('multi-disk archives are not supported', 'zip', eocd.eocdOffset);
    const { centralDirectoryOffset: cdOffset, centralDirectorySize: cdSize } = eocd;
    if (cdOffset + cdSize > directoryEnd) {
      throw new FormatError(`central directory (offset ${cdOffset}, size ${cdSize}) runs past its end record (truncated or prefixed archive)`, 'zip', eocd.eocdOffset);
    }
    const records = parseCentralDirectory(await source.readAt(cdOffset, cdSize), eocd.entryCount, cdOffset, limits);
    const resolved = await resolveEntries(source, records, cdOffset, limits);
    return new ZipArchive(source, eocd, resolved.entries, [...anomalies, ...resolved.anomalies], limits);
  }

  /** The first entry with this name, in central directory order. */
  getEntry(name: string): ZipEntry | undefined {
    return this.byName.get(name)?.[0];
  }

  /** Every entry with this name (more than one means a duplicate-name anomaly). */
  getEntries(name: string): ZipEntry[] {
    return this.byName.get(name) ?? [];
  }

  /** Raw bytes of the archive, e.g. the 24 bytes before the central directory (APK Signing Block footer). */
  readAt(offset: number, length: number): Promise<Buffer> {
    return this.source.readAt(offset, length);
  }

  /** The entry's content, inflated and checked (size bound while inflating, declared size, CRC-32). */
  read(entry: ZipEntry | string, options?: ReadEntryOptions): Promise<Buffer> {
    return readEntryData(this.source, this.resolve(entry), this.limits, options);
  }

  /** The entry's content as a stream, with the same checks; errors are emitted as FormatError. */
  stream(entry: ZipEntry | string, options?: ReadEntryOptions): Readable {
    return Readable.from(entryChunks(this.source, this.resolve(entry), this.limits, options), { objectMode: false });
  }

  close(): Promise<void> {
    return this.source.close();
  }

  private resolve(entry: ZipEntry | string): ZipEntry {
    if (typeof entry !== 'string') return entry;
    const found = this.getEntry(entry);
    if (!found) throw new FormatError(`no entry named ${entry}`, 'zip');
    return found;
  }
}

export function openZip(input: string | Uint8Array, options?: ZipOpenOptions): Promise<ZipArchive> {
  return ZipArchive.open(input, options);
}

/** Opens, runs `fn`, and always closes the file handle. */
export async function withZip<T>(input: string | Uint8Array, fn: (zip: ZipArchive) => Promise<T>, options?: ZipOpenOptions): Promise<T> {
  const zip = await ZipArchive.open(input, options);
  try {
    return await fn(zip);
  } finally {
    await zip.close();
  }
}
