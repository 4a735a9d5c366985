/**
 * YAFFS1 (512-byte pages + 16-byte spare, as mkyaffsimage and small-page NAND
 * write it; tags in ../yaffs/tags1.ts): chunk 0 of an object is its header
 * (the object header YAFFS2 shares), chunks n ≥ 1 its data. Of two copies of a
 * chunk the one whose 2-bit serial number follows the other's is current
 * (yaffs_guts.c); pages marked deleted in their status byte are skipped.
 * Little-endian tags only (the "munged" big-endian layout of mkyaffsimage -c is
 * not read). No magic: a region starts at an object header of a child of the
 * root whose tags check out (ECC) as chunk 0.
 */
import { PAGE_STATUS, deletedPage, readTags1 } from '../yaffs/tags1.ts';
import { yaffsTree } from '../yaffs/tree.ts';
import type { Handler } from './types.ts';

const PAGE = 512;
const CHUNK = 528;

export const yaffs1Handler: Handler = {
  name: 'yaffs1',
  magics: [1, 2, 3, 5].map((type) => Uint8Array.of(type, 0, 0, 0, 1, 0, 0, 0, 0xff, 0xff)),
  nested: true,
  carve(buf, off, ctx) {
    const first = off + CHUNK <= buf.length ? readTags1(buf, off + PAGE) : undefined;
    if (!first || first.chunkId !== 0 || first.objId <= 1) return undefined;
    const headers = new Map<number, { at: number; serial: number }>();
    const data = new Map<number, Map<number, { at: number; n: number; serial: number }>>();
    // The current one of two copies: the one whose serial follows the other's (mod 4); else the first kept.
    const newer = (old: { serial: number } | undefined, serial: number): boolean => !old || ((old.serial + 1) & 3) === serial;
    let end = off;
    let chunks = 0;
    for (let at = off; at + CHUNK <= buf.length; at += CHUNK) {
      const t = readTags1(buf, at + PAGE);
      if (!t) {
        // Erased chunks belong to the file system; anything else (bad tags) ends it.
        if (buf.subarray(at, at + CHUNK).every((b) => b === 0xff)) continue;
        break;
      }
      chunks++;
      end = at + CHUNK;
      if (deletedPage(buf[at + PAGE + PAGE_STATUS]!)) continue;
      if (t.chunkId === 0) {
        if (newer(headers.get(t.objId), t.serial)) headers.set(t.objId, { at, serial: t.serial });
      } else {
        const m = data.get(t.objId) ?? new Map();
        data.set(t.objId, m);
        if (newer(m.get(t.chunkId), t.serial)) m.set(t.chunkId, { at, n: Math.min(t.nBytes, PAGE), serial: t.serial });
      }
    }
    return yaffsTree({ buf, le: true, off, end, page: PAGE, chunks, headers, data }, ctx, 'yaffs1', 'le, 512+16', 'YAFFS1');
  },
};
