/**
 * The tree of a YAFFS image (YAFFS1 and YAFFS2 share the object header,
 * yaffs_guts.h struct yaffs_obj_hdr): object headers by id (newest copy),
 * data chunks by object and chunk id (chunk n ≥ 1 holds bytes (n − 1) × page
 * onwards), walked from the root object; objects under the "unlinked" or
 * "deleted" pseudo-directories are gone, hard links listed with their target's
 * contents, a directory reached twice not walked again.
 */
import { FsBuilder } from '../archive/fs-builder.ts';
import type { NodeType } from '../model.ts';
import type { Carved, HandlerContext } from '../handlers/types.ts';

const ROOT = 1;
const GONE = new Set([3, 4]); // unlinked, deleted
const HEADER_TYPES: Record<number, NodeType | 'hardlink'> = { 1: 'file', 2: 'symlink', 3: 'dir', 4: 'hardlink', 5: 'fifo' };

export interface YaffsScan {
  buf: Uint8Array;
  le: boolean;
  off: number;
  end: number;
  page: number;
  chunks: number;
  headers: Map<number, { at: number }>;
  data: Map<number, Map<number, { at: number; n: number }>>;
}

export function yaffsTree(scan: YaffsScan, ctx: HandlerContext, kind: string, variant: string, title: string): Carved {
  const { buf, le, off, end, headers, data, chunks } = scan;
  const geo = { page: scan.page };
  const dv = new DataView(buf.buffer, buf.byteOffset);
  const u32 = (at: number): number => dv.getUint32(at, le);
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
  const filesystem = fs.fileSystem(kind, variant, off, end - off, objects + 1);
  return { length: end - off, kind: 'filesystem', detail: `${title} ${variant}, ${chunks} chunks, ${objects} objects`, filesystem, ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}) };
}
