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
import { FsBuilder } from '../archive/fs-builder.ts';
import type { NodeType } from '../model.ts';
import type { Handler } from './types.ts';

const GEOMETRIES = [
  { page: 2048, spare: 64 },
  { page: 4096, spare: 128 },
];
const TAG_OFFSETS = [0, 2];
const LOWEST_SEQ = 0x1000;
const ROOT = 1;
const GONE = new Set([3, 4]); // unlinked, deleted
const EXTRA_HEADER = 0x80000000;
const HEADER_TYPES: Record<number, NodeType | 'hardlink'> = { 1: 'file', 2: 'symlink', 3: 'dir', 4: 'hardlink', 5: 'fifo' };

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

    const fs = new FsBuilder(ctx.budget, ctx.readContents);
    const children = new Map<number, number[]>();
    for (const [id, h] of headers) {
      const parent = u32(h.at + 4);
      if (GONE.has(parent)) continue;
      const list = children.get(parent) ?? [];
      list.push(id);
      children.set(parent, list);
    }
    const name = (at: number): string => {
      let e = at + 10;
      while (e < at + 266 && buf[e] !== 0 && buf[e] !== 0xff) e++;
      return Buffer.from(buf.subarray(at + 10, e)).toString('utf8');
    };
    const sizeOf = (at: number): number => {
      const high = u32(at + 496);
      return u32(at + 292) + (high !== 0xffffffff ? high * 2 ** 32 : 0);
    };
    const readData = (id: number, size: number): Uint8Array => {
      if (size > ctx.budget.maxOut(end - off)) throw new Error(`declares ${size} bytes, over the ratio limit for this file system`);
      const out = new Uint8Array(size);
      let have = 0;
      for (const [n, c] of data.get(id) ?? []) {
        const pos = (n - 1) * geo.page;
        if (pos >= size) continue; // left over from before a truncation
        const len = Math.min(c.n, size - pos);
        out.set(buf.subarray(c.at, c.at + len), pos);
        have += len;
      }
      if (have < size) throw new Error(`${size - have} of ${size} bytes have no data chunk (truncated or damaged)`);
      return out;
    };
    const walked = new Set<number>();
    const walk = (dir: number, prefix: string, depth: number): boolean => {
      if (walked.has(dir)) {
        fs.errors.push(`${prefix || '/'}: directory reached twice (loop); not walked again`);
        return true;
      }
      walked.add(dir);
      for (const id of (children.get(dir) ?? []).sort((a, b) => a - b)) {
        const h = headers.get(id)!.at;
        const path = `${prefix}/${name(h)}`;
        let kind = HEADER_TYPES[u32(h)];
        const mode = u32(h + 268);
        const common = { mode, uid: u32(h + 272), gid: u32(h + 276), mtime: u32(h + 284) };
        let target = id;
        if (kind === 'hardlink') {
          // A hard link: listed with its target's type and contents.
          target = u32(h + 296);
          const th = headers.get(target);
          kind = th ? HEADER_TYPES[u32(th.at)] : undefined;
          if (!th || kind === 'hardlink' || kind === 'dir') {
            fs.errors.push(`${path}: hard link to object ${target}, which is missing or not a file`);
            continue;
          }
        }
        if (kind === 'fifo') {
          const t = { 0o020000: 'chardev', 0o060000: 'blockdev', 0o010000: 'fifo', 0o140000: 'socket' }[mode & 0o170000] as NodeType | undefined;
          kind = t ?? 'fifo';
        }
        let ok = true;
        if (!kind) fs.errors.push(`${path}: unknown object type ${u32(h)}`);
        else if (kind === 'dir') {
          ok = fs.add({ path, type: 'dir', ...common });
          if (ok && depth < ctx.budget.limits.maxPathDepth) ok = walk(id, path, depth + 1);
        } else if (kind === 'symlink') {
          let e = h + 300;
          while (e < h + 460 && buf[e] !== 0 && buf[e] !== 0xff) e++;
          ok = fs.add({ path, type: 'symlink', ...common, target: Buffer.from(buf.subarray(h + 300, e)).toString('utf8') });
        } else if (kind === 'file') {
          const th = headers.get(target)!.at;
          const size = sizeOf(th);
          ok = fs.add({ path, type: 'file', ...common, size, read: () => readData(target, size) });
        } else ok = fs.add({ path, type: kind, ...common, size: 0, ...(kind === 'chardev' || kind === 'blockdev' ? { rdev: u32(h + 460) } : {}) });
        if (!ok) return false;
      }
      return true;
    };
    fs.add({ path: '/', type: 'dir', mode: 0o755 });
    walk(ROOT, '', 1);
    const objects = [...headers.keys()].filter((id) => !GONE.has(u32(headers.get(id)!.at + 4))).length;
    const orphans = objects - (fs.nodes.length - 1);
    if (orphans > 0) fs.errors.push(`${orphans} objects not reachable from the root (parent missing)`);
    const variant = `${le ? 'le' : 'be'}, ${geo.page}+${geo.spare}, tags at OOB ${geo.tags}`;
    const filesystem = fs.fileSystem('yaffs2', variant, off, end - off, objects + 1);
    return { length: end - off, kind: 'filesystem', detail: `YAFFS2 ${variant}, ${chunks} chunks, ${objects} objects`, filesystem, ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}) };
  },
};
