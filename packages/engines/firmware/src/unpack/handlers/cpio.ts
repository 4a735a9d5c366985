/**
 * cpio archives, as initramfs images and many vendor root file systems are
 * packed: "newc" (070701) and "crc" (070702) with 110-byte ASCII-hex headers
 * and 4-byte alignment, and the old portable format "odc" (070707) with 76-byte
 * octal headers and no alignment (format facts from the cpio(5) manual page and
 * the kernel's Documentation/driver-api/early-userspace/buffer-format.rst).
 * A symlink's target is its data. The archive ends at "TRAILER!!!"; one without
 * it is reported as truncated with what was read.
 */
import { FsBuilder, typeFromMode } from '../archive/fs-builder.ts';
import { type Handler, bytes } from './types.ts';

const TRAILER = 'TRAILER!!!';

interface Header {
  mode: number;
  uid: number;
  gid: number;
  mtime: number;
  rdev: number;
  nameSize: number;
  fileSize: number;
  headerSize: number;
  /** Alignment of name end and data end (4 for newc/crc, 1 for odc). */
  align: number;
}

function field(buf: Uint8Array, at: number, width: number, radix: 8 | 16): number {
  const s = Buffer.from(buf.subarray(at, at + width)).toString('latin1');
  if (s.length !== width || !(radix === 16 ? /^[0-9a-fA-F]+$/ : /^[0-7]+$/).test(s)) throw new Error(`cpio header field at ${at} is not a number`);
  return parseInt(s, radix);
}

function readHeader(buf: Uint8Array, at: number): Header | undefined {
  const magic = Buffer.from(buf.subarray(at, at + 6)).toString('latin1');
  if (magic === '070701' || magic === '070702') {
    if (at + 110 > buf.length) return undefined;
    const f = (i: number): number => field(buf, at + 6 + i * 8, 8, 16);
    return { mode: f(1), uid: f(2), gid: f(3), mtime: f(5), fileSize: f(6), rdev: (f(9) << 8) | f(10), nameSize: f(11), headerSize: 110, align: 4 };
  }
  if (magic === '070707') {
    if (at + 76 > buf.length) return undefined;
    return { mode: field(buf, at + 18, 6, 8), uid: field(buf, at + 24, 6, 8), gid: field(buf, at + 30, 6, 8), rdev: field(buf, at + 42, 6, 8), mtime: field(buf, at + 48, 11, 8), nameSize: field(buf, at + 59, 6, 8), fileSize: field(buf, at + 65, 11, 8), headerSize: 76, align: 1 };
  }
  return undefined;
}

const up = (n: number, a: number): number => Math.ceil(n / a) * a;

export const cpioHandler: Handler = {
  name: 'cpio',
  magics: [bytes('070701'), bytes('070702'), bytes('070707')],
  nested: true,
  carve(buf, off, ctx) {
    let first: Header | undefined;
    try {
      first = readHeader(buf, off);
    } catch {
      return undefined; // the magic text alone, not a header
    }
    if (!first || first.nameSize === 0 || first.nameSize > 4096) return undefined;
    const fs = new FsBuilder(ctx.budget, ctx.readContents);
    let pos = off;
    let ended = false;
    let format = '';
    let count = 0;
    while (pos < buf.length) {
      let h: Header | undefined;
      try {
        h = readHeader(buf, pos);
      } catch (e) {
        fs.errors.push(`entry at ${pos - off}: ${(e as Error).message}`);
        break;
      }
      if (!h) {
        fs.errors.push(`entry at ${pos - off}: no cpio header (archive truncated or damaged)`);
        break;
      }
      format ||= h.headerSize === 110 ? 'newc' : 'odc';
      if (h.nameSize === 0 || h.nameSize > 4096) {
        fs.errors.push(`entry at ${pos - off}: name size ${h.nameSize} is implausible`);
        break;
      }
      const nameAt = pos + h.headerSize;
      const dataAt = off + up(nameAt + h.nameSize - off, h.align);
      const end = off + up(dataAt + h.fileSize - off, h.align);
      if (nameAt + h.nameSize > buf.length) {
        fs.errors.push(`entry at ${pos - off}: name runs past the data (truncated)`);
        break;
      }
      const name = Buffer.from(buf.subarray(nameAt, nameAt + h.nameSize - 1)).toString('utf8');
      if (name === TRAILER) {
        ended = true;
        pos = end;
        break;
      }
      const type = typeFromMode(h.mode);
      const present = Math.max(0, Math.min(h.fileSize, buf.length - dataAt));
      const data = (): Uint8Array => buf.subarray(dataAt, dataAt + present);
      count++;
      if (!type) fs.errors.push(`${name}: unknown file type in mode ${h.mode.toString(8)}`);
      else if (
        !fs.add({
          path: name,
          type,
          mode: h.mode,
          uid: h.uid,
          gid: h.gid,
          mtime: h.mtime,
          size: h.fileSize,
          ...(type === 'symlink' ? { target: Buffer.from(data()).toString('utf8') } : {}),
          ...(type === 'chardev' || type === 'blockdev' ? { rdev: h.rdev } : {}),
          ...(type === 'file' ? { read: data } : {}),
        })
      )
        break;
      if (dataAt + h.fileSize > buf.length) {
        fs.errors.push(`${name}: data runs past the end (archive truncated)`);
        pos = buf.length;
        break;
      }
      pos = end;
    }
    if (!ended && !fs.errors.length) fs.errors.push(`no ${TRAILER} entry: archive truncated`);
    if (count === 0 && !ended) return undefined;
    const length = Math.min(pos, buf.length) - off;
    const filesystem = fs.fileSystem('cpio', format, off, length);
    return { length, kind: 'filesystem', detail: `cpio (${format}), ${count} entries`, filesystem, ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}) };
  },
};
