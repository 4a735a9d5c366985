/**
 * Test utility: a squashfs 2.0 image in either byte order, written from the
 * format description (squashfs-tools' squashfs_compat.h "layout 2.x" and
 * unsquash-2.c), because no packaged tool writes 2.x any more: Debian's
 * mksquashfs writes only 4.0. Full blocks zlib-compressed, files' tails packed in
 * fragment blocks (so the fragment table behind its index of u32 pointers is exercised),
 * metadata stored, a uid table and a guid table (guid 255 = "same as uid").
 * Bitfields are packed as the C compiler did on each architecture: from the
 * least significant bit on little-endian, from the most significant on big.
 */
import { deflateSync } from 'node:zlib';
import type { TestNode } from './squashfs-writer.ts';

const BLOCK_LOG = 12;
const BLOCK = 1 << BLOCK_LOG;
const META = 8192;
const INVALID_FRAG = 0xffffffff;

class BitWriter {
  private readonly bytes: number[] = [];
  private bit = 0;
  constructor(private readonly le: boolean) {}
  put(width: number, value: number): this {
    for (let i = 0; i < width; i++) {
      const pos = this.bit + i;
      const byte = pos >>> 3;
      while (this.bytes.length <= byte) this.bytes.push(0);
      const v = this.le ? Math.floor(value / 2 ** i) % 2 : Math.floor(value / 2 ** (width - 1 - i)) % 2;
      if (v) this.bytes[byte]! |= this.le ? 1 << (pos & 7) : 1 << (7 - (pos & 7));
    }
    this.bit += width;
    return this;
  }
  raw(b: Uint8Array): this {
    if (this.bit % 8) throw new Error('raw bytes must be byte-aligned');
    this.bytes.push(...b);
    this.bit += b.length * 8;
    return this;
  }
  out(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export function buildSquashfs2(root: TestNode & { type: 'dir' }, opts: { le?: boolean; mtime?: number; uid?: number; gid?: number } = {}): Uint8Array {
  const le = opts.le ?? true;
  const mtime = opts.mtime ?? 1_100_000_000;
  const w = () => new BitWriter(le);
  const u32 = (v: number) => w().put(32, v).out();
  // uid table [0, uid], guid table [gid]: files get uid index 1 and guid index 0, the rest 0 and 255 (same as uid).
  const uids = [0, opts.uid ?? 1000];
  const guids = [opts.gid ?? 100];

  const data: number[] = [];
  const DATA_AT = 128;
  const dataPos = () => DATA_AT + data.length;
  // Tails packed into fragment blocks of at most one block each.
  const frags: number[][] = [[]];
  const inodeTable: number[] = [];
  const dirTable: number[] = [];
  let inodeCount = 0;
  const ref = (u: number) => ({ block: Math.floor(u / META) * (META + 2), offset: u % META });

  const addInode = (bytes: Uint8Array): { block: number; offset: number } => {
    const at = ref(inodeTable.length);
    inodeTable.push(...bytes);
    inodeCount++;
    return at;
  };
  const base = (t: number, mode: number, uidIndex: number, guidIndex: number) => w().put(4, t).put(12, mode).put(8, uidIndex).put(8, guidIndex);

  const write = (node: TestNode): { ref: { block: number; offset: number }; type: number } => {
    switch (node.type) {
      case 'file': {
        const content = typeof node.data === 'string' ? new TextEncoder().encode(node.data) : node.data;
        const start = dataPos();
        const sizes: number[] = [];
        const full = Math.floor(content.length / BLOCK);
        for (let i = 0; i < full; i++) {
          const z = deflateSync(content.subarray(i * BLOCK, (i + 1) * BLOCK));
          data.push(...z);
          sizes.push(z.length);
        }
        const tail = content.subarray(full * BLOCK);
        if (frags.at(-1)!.length + tail.length > BLOCK) frags.push([]);
        const fragIndex = frags.length - 1;
        const fragOffset = frags.at(-1)!.length;
        if (tail.length) frags.at(-1)!.push(...tail);
        const b = base(2, node.mode ?? 0o644, 1, 0).put(32, mtime).put(32, start).put(32, tail.length ? fragIndex : INVALID_FRAG).put(32, tail.length ? fragOffset : 0).put(32, content.length);
        for (const s of sizes) b.raw(u32(s));
        return { ref: addInode(b.out()), type: 2 };
      }
      case 'symlink': {
        const t = new TextEncoder().encode(node.target);
        return { ref: addInode(base(3, 0o777, 0, 255).put(16, t.length).raw(t).out()), type: 3 };
      }
      case 'chardev':
        return { ref: addInode(base(5, 0o600, 0, 255).put(16, node.rdev).out()), type: 5 };
      case 'dir': {
        const entries = Object.entries(node.children)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([name, child]) => ({ name, ...write(child) }));
        const listing = ref(dirTable.length);
        let size = 0;
        for (let i = 0; i < entries.length; ) {
          const block = entries[i]!.ref.block;
          let n = 0;
          while (i + n < entries.length && n < 256 && entries[i + n]!.ref.block === block) n++;
          const h = w().put(8, n - 1).put(24, block).out();
          dirTable.push(...h);
          size += h.length;
          for (const e of entries.slice(i, i + n)) {
            const name = new TextEncoder().encode(e.name);
            const d = w().put(13, e.ref.offset).put(3, e.type).put(8, name.length - 1).raw(name).out();
            dirTable.push(...d);
            size += d.length;
          }
          i += n;
        }
        const large = size >= 1 << 19;
        const b = base(large ? 8 : 1, node.mode ?? 0o755, 0, 255)
          .put(large ? 27 : 19, size)
          .put(13, listing.offset)
          .put(32, mtime)
          .put(24, listing.block);
        if (large) b.put(16, 0);
        return { ref: addInode(b.out()), type: 1 };
      }
    }
  };

  const rootRef = write(root).ref;
  // The fragment blocks, then the tables: inodes, directories, fragment entries + their index, uids, guids.
  const fragEntries: number[] = [];
  for (const f of frags) {
    if (f.length === 0) continue;
    const z = deflateSync(Uint8Array.from(f));
    fragEntries.push(...u32(dataPos()), ...u32(z.length));
    data.push(...z);
  }
  const fragCount = fragEntries.length / 8;
  const meta = (table: number[]): number[] => {
    const out: number[] = [];
    for (let i = 0; i < table.length; i += META) {
      const chunk = table.slice(i, i + META);
      out.push(...w().put(16, chunk.length | 0x8000).out(), ...chunk);
    }
    return out;
  };
  const tail: number[] = [];
  const at = () => dataPos() + tail.length;
  const inodeStart = at();
  tail.push(...meta(inodeTable));
  const dirStart = at();
  tail.push(...meta(dirTable));
  const fragBlocksAt: number[] = [];
  for (let i = 0; i < fragEntries.length; i += META) {
    fragBlocksAt.push(at());
    tail.push(...meta(fragEntries.slice(i, i + META)));
  }
  const fragIndexAt = at();
  for (const b of fragBlocksAt) tail.push(...u32(b));
  const uidStart = at();
  for (const u of uids) tail.push(...u32(u));
  const guidStart = at();
  for (const g of guids) tail.push(...u32(g));
  const bytesUsed = at();

  const sb = w()
    .raw(new TextEncoder().encode(le ? 'hsqs' : 'sqsh'))
    .put(32, inodeCount)
    .put(32, bytesUsed)
    .put(32, uidStart)
    .put(32, guidStart)
    .put(32, inodeStart)
    .put(32, dirStart)
    .put(16, 2)
    .put(16, 0)
    .put(16, BLOCK)
    .put(16, BLOCK_LOG)
    .put(8, 0)
    .put(8, uids.length)
    .put(8, guids.length)
    .put(32, mtime)
    .put(64, rootRef.block * 65536 + rootRef.offset)
    .put(32, BLOCK)
    .put(32, fragCount)
    .put(32, fragCount ? fragIndexAt : 0)
    .out();
  const out = new Uint8Array(bytesUsed);
  out.set(sb, 0);
  out.set(data, DATA_AT);
  out.set(tail, DATA_AT + data.length);
  return out;
}
