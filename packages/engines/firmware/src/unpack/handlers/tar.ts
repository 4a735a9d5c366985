/**
 * tar archives inside an image (ustar and GNU flavours, found by the "ustar"
 * magic 257 bytes into a header): headers parsed by engine-core's checksummed
 * block parser; pax 'path'/'linkpath' records and GNU long names applied; hard
 * links listed as errors at their name (their target is listed where it is);
 * device numbers kept, devices never created. Ends at the zero blocks, or at
 * the first damaged header with what was read before it.
 */
import { TAR_BLOCK, parseTarHeader, parseTarLongName, parseTarPax, tarNumeric } from '@citadel/engine-core';
import { FsBuilder } from '../archive/fs-builder.ts';
import type { NodeType } from '../model.ts';
import { type Handler, bytes } from './types.ts';

const TYPES: Record<string, NodeType> = { '0': 'file', '\0': 'file', '7': 'file', '5': 'dir', '2': 'symlink', '3': 'chardev', '4': 'blockdev', '6': 'fifo' };

export const tarHandler: Handler = {
  name: 'tar',
  magics: [bytes('ustar')],
  magicOffset: -257,
  nested: true,
  carve(buf, off, ctx) {
    const block = (at: number): Buffer => Buffer.from(buf.buffer, buf.byteOffset + at, TAR_BLOCK);
    if (off + TAR_BLOCK > buf.length) return undefined;
    try {
      parseTarHeader(block(off), 0);
    } catch {
      return undefined; // "ustar" text without a valid header around it
    }
    const fs = new FsBuilder(ctx.budget, ctx.readContents);
    let pos = off;
    let count = 0;
    let longName: string | undefined;
    let longLink: string | undefined;
    let pax = new Map<string, string>();
    let ended = false;
    while (pos + TAR_BLOCK <= buf.length) {
      const b = block(pos);
      if (b.every((x) => x === 0)) {
        ended = true;
        pos += TAR_BLOCK;
        if (pos + TAR_BLOCK <= buf.length && block(pos).every((x) => x === 0)) pos += TAR_BLOCK;
        break;
      }
      let h;
      try {
        h = parseTarHeader(b, pos - off);
      } catch (e) {
        fs.errors.push(`header at ${pos - off}: ${(e as Error).message}`);
        break;
      }
      const dataAt = pos + TAR_BLOCK;
      const present = Math.max(0, Math.min(h.size, buf.length - dataAt));
      const body = (): Uint8Array => buf.subarray(dataAt, dataAt + present);
      const next = dataAt + Math.ceil(h.size / TAR_BLOCK) * TAR_BLOCK;
      if (h.typeFlag === 'L' || h.typeFlag === 'K' || h.typeFlag === 'x') {
        if (h.size > 1 << 20) {
          fs.errors.push(`meta header at ${pos - off} declares ${h.size} bytes; refused`);
          break;
        }
        const meta = Buffer.from(body());
        if (h.typeFlag === 'L') longName = parseTarLongName(meta);
        else if (h.typeFlag === 'K') longLink = parseTarLongName(meta);
        else {
          try {
            pax = parseTarPax(meta, dataAt - off);
          } catch (e) {
            fs.errors.push(`pax header at ${pos - off}: ${(e as Error).message}`);
          }
        }
        pos = next;
        continue;
      }
      const name = pax.get('path') ?? longName ?? h.name;
      const link = pax.get('linkpath') ?? longLink ?? h.linkName;
      longName = longLink = undefined;
      pax = new Map();
      count++;
      const type = TYPES[h.typeFlag];
      if (h.typeFlag === '1') fs.errors.push(`${name}: hard link to ${link}; listed once at its target`);
      else if (!type) {
        if (h.typeFlag !== 'g') fs.errors.push(`${name}: tar entry type ${JSON.stringify(h.typeFlag)} not read`);
      } else {
        const dev = type === 'chardev' || type === 'blockdev' ? (tarNumeric(b, 329, 8, 'devmajor', 0) << 8) | tarNumeric(b, 337, 8, 'devminor', 0) : undefined;
        const added = fs.add({
          path: name,
          type,
          mode: h.mode,
          uid: tarNumeric(b, 108, 8, 'uid', 0),
          gid: tarNumeric(b, 116, 8, 'gid', 0),
          mtime: h.mtime,
          size: type === 'file' ? h.size : type === 'symlink' ? link.length : 0,
          ...(type === 'symlink' ? { target: link } : {}),
          ...(dev !== undefined ? { rdev: dev } : {}),
          ...(type === 'file' ? { read: body } : {}),
        });
        if (!added) break;
      }
      if (dataAt + h.size > buf.length) {
        fs.errors.push(`${name}: data runs past the end (archive truncated)`);
        pos = buf.length;
        break;
      }
      pos = next;
    }
    if (!ended && !fs.errors.length) fs.errors.push('no end-of-archive blocks: archive truncated');
    if (count === 0) return undefined;
    const length = Math.min(pos, buf.length) - off;
    const filesystem = fs.fileSystem('tar', 'ustar', off, length);
    return { length, kind: 'filesystem', detail: `tar, ${count} entries`, filesystem, ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}) };
  },
};
