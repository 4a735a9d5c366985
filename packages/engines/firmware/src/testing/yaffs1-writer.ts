/**
 * Test utility: a YAFFS1 image as mkyaffsimage lays it out (yaffs_guts.h,
 * yaffs_tagscompat.c): 512-byte chunks each followed by a 16-byte spare area
 * holding the tags (with their ECC) around the page and block status bytes;
 * every object a header chunk (0xff-filled object header), then its data chunks
 * numbered from 1. Options replay later history: a renamed copy of a header
 * with the next serial number, a header chunk marked deleted (page status 0).
 * The data ECC bytes are left erased (the reader does not check them).
 */
import { packTags1, SPARE_TAG_BYTES, PAGE_STATUS } from '../unpack/yaffs/tags1.ts';
import type { TestNode } from './squashfs-writer.ts';
import { objectHeader } from './yaffs2-writer.ts';

const PAGE = 512;
const SPARE = 16;
const enc = new TextEncoder();

export function buildYaffs1(root: TestNode & { type: 'dir' }, opts: { rename?: { path: string; to: string }; deleteHeaderOf?: string } = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  const ids = new Map<string, { id: number; parent: number; node: TestNode; chunk: number }>();
  const chunk = (page: Uint8Array, objId: number, chunkId: number, nBytes: number, serial = 0): number => {
    const c = new Uint8Array(PAGE + SPARE).fill(0xff);
    c.set(page.subarray(0, PAGE));
    const tags = packTags1({ chunkId, serial, nBytes, objId });
    SPARE_TAG_BYTES.forEach((at, i) => (c[PAGE + at] = tags[i]!));
    chunks.push(c);
    return chunks.length - 1;
  };
  let next = 256;
  const emit = (dir: TestNode & { type: 'dir' }, parent: number, prefix: string): void => {
    for (const [name, node] of Object.entries(dir.children)) {
      const id = next++;
      const at = chunk(objectHeader(node, parent, name, true, PAGE), id, 0, 0);
      ids.set(`${prefix}/${name}`, { id, parent, node, chunk: at });
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
  if (opts.rename) {
    const o = ids.get(opts.rename.path)!;
    chunk(objectHeader(o.node, o.parent, opts.rename.to, true, PAGE), o.id, 0, 0, 1);
  }
  if (opts.deleteHeaderOf) chunks[ids.get(opts.deleteHeaderOf)!.chunk]![PAGE + PAGE_STATUS] = 0;
  const out = new Uint8Array(chunks.length * (PAGE + SPARE));
  chunks.forEach((c, i) => out.set(c, i * (PAGE + SPARE)));
  return out;
}
