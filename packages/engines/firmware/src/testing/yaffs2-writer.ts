/**
 * Test utility: a YAFFS2 image as mkyaffs2image lays it out (yaffs_guts.h,
 * yaffs_packedtags2.h): 2048-byte chunks each followed by a 64-byte spare
 * area whose first bytes (or bytes after the 2-byte bad-block marker) hold the
 * packed tags (sequence number, object id, chunk id, byte count). Every object
 * gets a header chunk (0xff-filled 512-byte object header, as mkyaffs2image
 * does), then its data chunks numbered from 1. Tag ECC is not written.
 * Options replay later history: a newer header for a path (rename/re-write)
 * or a path moved to the "deleted" pseudo-directory.
 */
import type { TestNode } from './squashfs-writer.ts';

const enc = new TextEncoder();
const PAGE = 2048;
const SPARE = 64;
const TYPES = { file: 1, symlink: 2, dir: 3, chardev: 5 } as const;
const MODE_TYPE = { file: 0o100000, dir: 0o040000, symlink: 0o120000, chardev: 0o020000 } as const;

/** The object header (struct yaffs_obj_hdr, shared by YAFFS1 and YAFFS2) of a node, 0xff-filled to a page as the image tools write it. */
export function objectHeader(node: TestNode, parent: number, name: string, le: boolean, page: number): Uint8Array {
  const h = new Uint8Array(page).fill(0xff);
  const dv = new DataView(h.buffer);
  dv.setUint32(0, TYPES[node.type], le);
  dv.setUint32(4, parent, le);
  const nm = new Uint8Array(256);
  nm.set(enc.encode(name));
  h.set(nm, 10);
  dv.setUint32(268, MODE_TYPE[node.type] | ('mode' in node && node.mode !== undefined ? node.mode : node.type === 'dir' ? 0o755 : 0o644), le);
  for (const at of [272, 276]) dv.setUint32(at, 0, le);
  for (const at of [280, 284, 288]) dv.setUint32(at, 1_700_000_000, le);
  const bytes = node.type === 'file' ? (typeof node.data === 'string' ? enc.encode(node.data) : node.data) : undefined;
  dv.setUint32(292, bytes?.length ?? 0, le);
  if (node.type === 'symlink') {
    const alias = new Uint8Array(160);
    alias.set(enc.encode(node.target));
    h.set(alias, 300);
  }
  if (node.type === 'chardev') dv.setUint32(460, node.rdev, le);
  dv.setUint32(496, 0, le);
  return h;
}

export function buildYaffs2(root: TestNode & { type: 'dir' }, opts: { le?: boolean; tagsAt?: number; delete?: string } = {}): Uint8Array {
  const le = opts.le ?? true;
  const tagsAt = opts.tagsAt ?? 0;
  const chunks: Uint8Array[] = [];
  const seq = 0x1000;
  const ids = new Map<string, { id: number; parent: number; name: string; node: TestNode }>();
  const chunk = (page: Uint8Array, objId: number, chunkId: number, nBytes: number, s = seq): void => {
    const c = new Uint8Array(PAGE + SPARE).fill(0xff);
    c.set(page.subarray(0, PAGE));
    const dv = new DataView(c.buffer);
    dv.setUint32(PAGE + tagsAt, s, le);
    dv.setUint32(PAGE + tagsAt + 4, objId, le);
    dv.setUint32(PAGE + tagsAt + 8, chunkId, le);
    dv.setUint32(PAGE + tagsAt + 12, nBytes, le);
    chunks.push(c);
  };
  const header = (id: number, parent: number, name: string, node: TestNode, s = seq): void => chunk(objectHeader(node, parent, name, le, PAGE), id, 0, 0xffff, s);
  let next = 256;
  const emit = (dir: TestNode & { type: 'dir' }, parent: number, prefix: string): void => {
    for (const [name, node] of Object.entries(dir.children)) {
      const id = next++;
      ids.set(`${prefix}/${name}`, { id, parent, name, node });
      header(id, parent, name, node);
      if (node.type === 'file') {
        const bytes = typeof node.data === 'string' ? enc.encode(node.data) : node.data;
        for (let i = 0; i * PAGE < bytes.length; i++) {
          const part = bytes.subarray(i * PAGE, (i + 1) * PAGE);
          chunk(part, id, i + 1, part.length);
        }
      }
      if (node.type === 'dir') emit(node, id, `${prefix}/${name}`);
    }
  };
  emit(root, 1, '');
  if (opts.delete) {
    const o = ids.get(opts.delete)!;
    header(o.id, 4, o.name, o.node, seq + 1);
  }
  const out = new Uint8Array(chunks.length * (PAGE + SPARE));
  chunks.forEach((c, i) => out.set(c, i * (PAGE + SPARE)));
  return out;
}
