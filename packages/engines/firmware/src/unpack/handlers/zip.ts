/**
 * ZIP archives inside images (PKWARE APPNOTE.TXT 6.3): the region runs from
 * the first local file header to the end of the End Of Central Directory
 * record whose central directory sits right before it (offsets relative to
 * the region start, so archives embedded at any offset are found). Entries
 * come from the central directory (names, Unix modes in the external
 * attributes — symlinks are stored as their target text —, sizes, ZIP64
 * extra fields), contents from the local headers: stored or deflated, inflated
 * against the declared size and the image's ratio limit. Encrypted entries and
 * other methods are listed with the reason they were not read. Without a
 * central directory (truncated archive) the local headers are walked instead.
 *
 * 7z archives: the 32-byte signature header (magic, version, CRC, offset and
 * size of the next header) bounds the region; the contents are read through
 * Debian's 7-Zip (sevenzip.ts) when it is installed — no well-kept pure-
 * JavaScript 7z reader exists on npm — and otherwise the region is recorded as
 * a 7z archive with the package to install.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { FsBuilder, typeFromMode } from '../archive/fs-builder.ts';
import { readSevenZip } from './sevenzip.ts';
import type { Handler } from './types.ts';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const EOCD = 0x06054b50;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compSize: number;
  size: number;
  local: number;
  mode: number;
  mtime: number;
}

function dosTime(date: number, time: number): number {
  const d = Date.UTC(1980 + (date >> 9), ((date >> 5) & 15) - 1, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2);
  return Number.isFinite(d) ? Math.floor(d / 1000) : 0;
}

/** ZIP64 extended information (tag 0x0001): the 64-bit values of the fields stored as 0xffffffff, in order. */
function zip64(dv: DataView, at: number, len: number, e: Entry): void {
  for (let p = at; p + 4 <= at + len; ) {
    const tag = dv.getUint16(p, true);
    const size = dv.getUint16(p + 2, true);
    if (tag === 1) {
      let q = p + 4;
      const take = (): number => {
        const v = q + 8 <= p + 4 + size ? Number(dv.getBigUint64(q, true)) : 0xffffffff;
        q += 8;
        return v;
      };
      if (e.size === 0xffffffff) e.size = take();
      if (e.compSize === 0xffffffff) e.compSize = take();
      if (e.local === 0xffffffff) e.local = take();
      return;
    }
    p += 4 + size;
  }
}

/** The EOCD that closes an archive starting at `off`: its central directory ends right where the record starts. */
function findEnd(buf: Uint8Array, off: number): { eocd: number; cd: number; count: number; end: number } | undefined {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.length);
  const sig = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
  for (let at = b.indexOf(sig, off); at >= 0 && at + 22 <= buf.length; at = b.indexOf(sig, at + 1)) {
    const dv = new DataView(buf.buffer, buf.byteOffset + at, 22);
    const count = dv.getUint16(10, true);
    const cdSize = dv.getUint32(12, true);
    const cdOff = dv.getUint32(16, true);
    if (cdOff + cdSize === at - off) return { eocd: at, cd: off + cdOff, count, end: Math.min(buf.length, at + 22 + dv.getUint16(20, true)) };
  }
  return undefined;
}

export const zipHandler: Handler = {
  name: 'zip',
  generic: true,
  magics: [Uint8Array.of(0x50, 0x4b, 0x03, 0x04)],
  nested: true,
  carve(buf, off, ctx) {
    if (off + 30 > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset, buf.length);
    const version = dv.getUint16(off + 4, true);
    if (version > 100 || dv.getUint16(off + 26, true) === 0) return undefined;
    const entries: Entry[] = [];
    const fs = new FsBuilder(ctx.budget, ctx.readContents);
    const end = findEnd(buf, off);
    let length: number;
    if (end) {
      length = end.end - off;
      for (let p = end.cd, i = 0; i < end.count && p + 46 <= end.eocd; i++) {
        if (dv.getUint32(p, true) !== CENTRAL) {
          fs.errors.push(`central directory entry ${i} is damaged; the rest were not read`);
          break;
        }
        const nameLen = dv.getUint16(p + 28, true);
        const extraLen = dv.getUint16(p + 30, true);
        const e: Entry = {
          name: Buffer.from(buf.subarray(p + 46, p + 46 + nameLen)).toString(dv.getUint16(p + 8, true) & 0x800 ? 'utf8' : 'latin1'),
          flags: dv.getUint16(p + 8, true),
          method: dv.getUint16(p + 10, true),
          mtime: dosTime(dv.getUint16(p + 14, true), dv.getUint16(p + 12, true)),
          compSize: dv.getUint32(p + 20, true),
          size: dv.getUint32(p + 24, true),
          local: dv.getUint32(p + 42, true),
          // Unix modes are in the high 16 bits of the external attributes when the archive was made on Unix.
          mode: buf[p + 5] === 3 ? dv.getUint32(p + 38, true) >>> 16 : 0,
        };
        zip64(dv, p + 46 + nameLen, Math.min(extraLen, buf.length - p - 46 - nameLen), e);
        e.local += off;
        entries.push(e);
        p += 46 + nameLen + extraLen + dv.getUint16(p + 32, true);
      }
    } else {
      // No central directory: walk the local headers while they chain (sizes known only without a data descriptor).
      let p = off;
      while (p + 30 <= buf.length && dv.getUint32(p, true) === LOCAL) {
        const flags = dv.getUint16(p + 6, true);
        const nameLen = dv.getUint16(p + 26, true);
        const e: Entry = { name: Buffer.from(buf.subarray(p + 30, p + 30 + nameLen)).toString('latin1'), flags, method: dv.getUint16(p + 8, true), mtime: dosTime(dv.getUint16(p + 12, true), dv.getUint16(p + 10, true)), compSize: dv.getUint32(p + 18, true), size: dv.getUint32(p + 22, true), local: p, mode: 0 };
        entries.push(e);
        if (flags & 8) break;
        p += 30 + nameLen + dv.getUint16(p + 28, true) + e.compSize;
      }
      length = Math.max(30, Math.min(buf.length, p) - off);
      fs.errors.push('no end of central directory (truncated archive): entries read from the local headers');
    }

    const read = (e: Entry): Uint8Array => {
      if (e.flags & 1) throw new Error('encrypted entry; not read');
      if (e.local + 30 > buf.length || dv.getUint32(e.local, true) !== LOCAL) throw new Error('local header missing');
      const start = e.local + 30 + dv.getUint16(e.local + 26, true) + dv.getUint16(e.local + 28, true);
      const src = buf.subarray(start, Math.min(buf.length, start + e.compSize));
      if (src.length < e.compSize) throw new Error(`${e.compSize - src.length} compressed bytes missing (truncated)`);
      let out: Uint8Array;
      if (e.method === 0) out = src;
      else if (e.method === 8) {
        const max = Math.min(e.size, ctx.budget.maxOut(e.compSize));
        if (e.size > max) throw new Error(`declares ${e.size} bytes from ${e.compSize}, over the ratio limit`);
        out = new Uint8Array(inflateRawSync(src, { maxOutputLength: Math.max(1, max) }));
      } else throw new Error(`compression method ${e.method} is not supported`);
      return out;
    };
    let bad = 0;
    fs.add({ path: '/', type: 'dir', mode: 0o755 });
    for (const e of entries) {
      const dir = e.name.endsWith('/');
      const type = (e.mode && typeFromMode(e.mode)) || (dir ? 'dir' : 'file');
      const common = { path: e.name, mode: e.mode || (dir ? 0o755 : 0o644), mtime: e.mtime };
      let ok: boolean;
      if (type === 'symlink') {
        let target = '';
        try {
          target = Buffer.from(read(e)).toString('utf8');
        } catch (err) {
          fs.errors.push(`${e.name}: ${(err as Error).message}`);
        }
        ok = fs.add({ ...common, type, target });
      } else if (type === 'file') {
        ok = fs.add({
          ...common,
          type,
          size: e.size,
          read: () => {
            const d = read(e);
            // The CRC catches a wrong or tampered entry; contents are kept, flagged.
            if (d.length === e.size && e.local + 18 <= buf.length && !(e.flags & 8) && (crc32(d) >>> 0) !== dv.getUint32(e.local + 14, true)) bad++;
            return d;
          },
        });
      } else ok = fs.add({ ...common, type, size: 0 }); // device entries only as entries
      if (!ok) break;
    }
    if (bad) fs.errors.push(`${bad} entries do not match their CRC-32`);
    const filesystem = fs.fileSystem('zip', end ? `${entries.length} entries` : 'local headers only', off, length, entries.length + 1);
    return { length, kind: 'filesystem', detail: `ZIP archive, ${entries.length} entries`, filesystem, ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}) };
  },
};

export const sevenZipHandler: Handler = {
  name: '7z',
  generic: true,
  magics: [Uint8Array.of(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)],
  nested: true,
  carve(buf, off, ctx) {
    if (off + 32 > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset + off, 32);
    if ((crc32(buf.subarray(off + 12, off + 32)) >>> 0) !== dv.getUint32(8, true)) return undefined;
    const next = Number(dv.getBigUint64(12, true)) + Number(dv.getBigUint64(20, true));
    const declared = 32 + next;
    const length = Math.min(declared, buf.length - off);
    const version = `${buf[off + 6]}.${buf[off + 7]}`;
    if (declared > buf.length - off) return { length, kind: 'compressed', detail: `7z archive ${version}, ${declared} bytes`, error: `7z declares ${declared} bytes, ${buf.length - off} present (truncated)` };
    const read = readSevenZip(buf.subarray(off, off + length), ctx.budget, ctx.readContents);
    if ('missing' in read) return { length, kind: 'compressed', detail: `7z archive ${version}, ${declared} bytes: not unpacked`, error: read.missing };
    const filesystem = read.fs.fileSystem('7z', `7z ${version}`, off, length, read.entries + 1);
    return { length, kind: 'filesystem', detail: `7z archive ${version}, ${read.entries} entries`, filesystem, ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}) };
  },
};

