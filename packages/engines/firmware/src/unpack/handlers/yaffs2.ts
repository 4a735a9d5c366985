/**
 * YAFFS2 (yaffs_guts.h, yaffs_packedtags2.h and the YAFFS2 specification at
 * yaffs.net): NAND pages ("chunks") of data plus a spare (OOB) area. The OOB
 * holds packed tags — sequence number, object id, chunk id, byte count — and
 * an object's first chunk (chunk id 0, or with the "extra header info" flag)
 * is its 512-byte object header: type, parent id, name, mode, owner, times,
 * size, hard-link target, symlink alias, device number. Data chunks n ≥ 1 hold
 * bytes (n − 1) × page size onwards. A newer header (higher sequence number)
 * replaces an older one; objects moved under the "unlinked" or "deleted"
 * pseudo-directories are gone.
 *
 * There is no magic: a region starts at an object header whose parent is the
 * root (id 1) and whose unused checksum field is 0xffff, as mkyaffs2image and
 * the kernel write it; the geometry (2048+64 or 4096+128, tags at OOB byte 0
 * or 2 after the bad-block marker) is the one whose tags check out there.
 */
import { yaffsTree } from '../yaffs/tree.ts';
import type { Handler } from './types.ts';

const GEOMETRIES = [
  { page: 2048, spare: 64 },
  { page: 4096, spare: 128 },
];
const TAG_OFFSETS = [0, 2];
const LOWEST_SEQ = 0x1000;
const ROOT = 1;
const EXTRA_HEADER = 0x80000000;

function magics(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const type of [1, 2, 3, 5]) {
    out.push(Uint8Array.of(type, 0, 0, 0, 1, 0, 0, 0, 0xff, 0xff));
    out.push(Uint8Array.of(0, 0, 0, type, 0, 0, 0, 1, 0xff, 0xff));
  }
  return out;
}

interface Tags {
  seq: number;
  objId: number;
  chunkId: number;
  nBytes: number;
  header: boolean;
}

export const yaffs2Handler: Handler = {
  name: 'yaffs2',
  magics: magics(),
  nested: true,
  carve(buf, off, ctx) {
    const le = buf[off] !== 0;
    const dv = new DataView(buf.buffer, buf.byteOffset);
    const u32 = (at: number): number => dv.getUint32(at, le);
    const tagsAt = (at: number): Tags | undefined => {
      if (at + 16 > buf.length) return undefined;
      const seq = u32(at);
      if (seq < LOWEST_SEQ || seq === 0xffffffff) return undefined;
      const rawChunk = u32(at + 8);
      const header = rawChunk === 0 || (rawChunk & EXTRA_HEADER) !== 0;
      return { seq, objId: u32(at + 4) & 0x0fffffff, chunkId: header ? 0 : rawChunk, nBytes: u32(at + 12), header };
    };
    // Geometry: the first combination whose tags describe this chunk as an object header.
    let geo: { page: number; spare: number; tags: number } | undefined;
    for (const g of GEOMETRIES)
      for (const t of TAG_OFFSETS) {
        const tags = tagsAt(off + g.page + t);
        if (!geo && tags?.header && tags.objId > ROOT) geo = { ...g, tags: t };
      }
    if (!geo) return undefined;
    const chunk = geo.page + geo.spare;

    const headers = new Map<number, { at: number; seq: number }>();
    const data = new Map<number, Map<number, { at: number; n: number; seq: number }>>();
    let end = off;
    let chunks = 0;
    for (let at = off; at + chunk <= buf.length; at += chunk) {
      const t = tagsAt(at + geo.page + geo.tags);
      if (!t) {
        // Erased chunks (all 0xff) belong to the file system; anything else ends it.
        if (buf.subarray(at, at + chunk).every((b) => b === 0xff)) continue;
        break;
      }
      chunks++;
      end = at + chunk;
      if (t.header) {
        const old = headers.get(t.objId);
        if (!old || old.seq <= t.seq) headers.set(t.objId, { at, seq: t.seq });
      } else {
        const m = data.get(t.objId) ?? new Map();
        data.set(t.objId, m);
        const old = m.get(t.chunkId);
        if (!old || old.seq <= t.seq) m.set(t.chunkId, { at, n: Math.min(t.nBytes, geo.page), seq: t.seq });
      }
    }
    if (chunks < 1) return undefined;

    const variant = `${le ? 'le' : 'be'}, ${geo.page}+${geo.spare}, tags at OOB ${geo.tags}`;
    return yaffsTree({ buf, le, off, end, page: geo.page, chunks, headers, data }, ctx, 'yaffs2', variant, 'YAFFS2');
  },
};
