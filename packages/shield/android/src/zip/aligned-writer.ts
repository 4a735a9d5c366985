/**
 * Writes the protected package: a plain ZIP (no data descriptors, no ZIP64,
 * no archive comment) written sequentially to a file, with the data of every
 * stored entry aligned the way zipalign does it (padding in the local
 * header's extra field): 4 bytes in general, 16 KiB for native libraries
 * (Android 15's 16 KB page-size devices map them straight from the APK).
 * Signing comes afterwards (apksigner keeps the alignment).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

export const SO_ALIGNMENT = 16384;
const ALIGNMENT = 4;
const DOS_DATE_1981 = (1 << 5) | 1; // 1980-01-01 is what zip tools write for reproducible builds; 1981 avoids readers that treat 0 as unset
const MAX_OFFSET = 0xffffffff;

export interface OutEntry {
  name: string;
  /** uncompressed content */
  data: Buffer;
  stored: boolean;
  /** already-deflated bytes of `data` (copied from the input when the entry is unchanged) */
  deflated?: Buffer;
}

export function alignmentOf(name: string): number {
  return name.endsWith('.so') ? SO_ALIGNMENT : ALIGNMENT;
}

/**
 * Writes entries one at a time (a large APK is never held in memory whole):
 * `add` for each entry in order, then `finish` for the central directory.
 */
export class AlignedZipWriter {
  private readonly fd: number;
  private offset = 0;
  private readonly central: Buffer[] = [];
  private count = 0;
  private closed = false;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  private write(b: Buffer): void {
    writeSync(this.fd, b);
    this.offset += b.length;
    if (this.offset > MAX_OFFSET) throw new RangeError('output over 4 GiB (ZIP64 is not written)');
  }

  add(e: OutEntry): void {
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data) >>> 0;
    const body = e.stored ? e.data : (e.deflated ?? deflateRawSync(e.data, { level: 9 }));
    const method = e.stored ? 0 : 8;
    let extraLen = 0;
    if (e.stored) {
      const dataAt = this.offset + 30 + name.length;
      const align = alignmentOf(e.name);
      extraLen = (align - (dataAt % align)) % align;
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(method === 8 ? 20 : 10, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE_1981, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extraLen, 28);
    const headerAt = this.offset;
    this.write(Buffer.concat([local, name, Buffer.alloc(extraLen)]));
    this.write(body);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(0x0314, 4); // made by Unix, spec 2.0
    c.writeUInt16LE(method === 8 ? 20 : 10, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(method, 10);
    c.writeUInt16LE(0, 12);
    c.writeUInt16LE(DOS_DATE_1981, 14);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(body.length, 20);
    c.writeUInt32LE(e.data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    c.writeUInt32LE(headerAt, 42);
    this.central.push(c, name);
    if (++this.count > 0xffff) throw new RangeError('more than 65535 entries (ZIP64 is not written)');
  }

  finish(): void {
    const cdAt = this.offset;
    const cd = Buffer.concat(this.central);
    this.write(cd);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(this.count, 8);
    eocd.writeUInt16LE(this.count, 10);
    eocd.writeUInt32LE(cd.length, 12);
    eocd.writeUInt32LE(cdAt, 16);
    this.write(eocd);
    this.close();
  }

  /** Closes the file (also after a failure; the caller's scratch folder is removed with it). */
  close(): void {
    if (!this.closed) closeSync(this.fd);
    this.closed = true;
  }
}
