/**
 * YAFFS1 tags (yaffs_tagscompat.c, yaffs_guts.h struct yaffs_tags and struct
 * yaffs_spare): 8 bytes spread over the 16-byte spare area of a 512-byte page
 * (spare bytes 0–3, 6–7 and 11–12; byte 4 is the page status, 5 the block
 * status, 8–10 and 13–15 the data ECC), packed as little-endian bitfields
 * chunk_id:20 serial:2 n_bytes_lsb:10 | obj_id:18 ecc:12 n_bytes_msb:2. The
 * 12-bit tags ECC is the XOR of the 1-based numbers of the set bits with the
 * ECC field cleared (yaffs_calc_tags_ecc).
 */
export const SPARE_TAG_BYTES = [0, 1, 2, 3, 6, 7, 11, 12] as const;
export const PAGE_STATUS = 4;

export interface Tags1 {
  chunkId: number;
  serial: number;
  nBytes: number;
  objId: number;
}

export function tagsEcc(tags: Uint8Array): number {
  const b = Uint8Array.from(tags);
  // Clear the ECC field: bits 18–29 of the second word (bytes 6 and 7 as little-endian bitfields).
  b[6] = b[6]! & 0x03;
  b[7] = b[7]! & 0xc0;
  let ecc = 0;
  let bit = 0;
  for (let i = 0; i < 8; i++)
    for (let j = 1; j & 0xff; j <<= 1) {
      bit++;
      if (b[i]! & j) ecc ^= bit;
    }
  return ecc;
}

/** The tags of the spare area at `at`, or undefined when they are erased or fail their ECC. */
export function readTags1(buf: Uint8Array, at: number): Tags1 | undefined {
  const t = Uint8Array.from(SPARE_TAG_BYTES, (i) => buf[at + i]!);
  if (t.every((x) => x === 0xff)) return undefined;
  const w0 = (t[0]! | (t[1]! << 8) | (t[2]! << 16) | (t[3]! << 24)) >>> 0;
  const w1 = (t[4]! | (t[5]! << 8) | (t[6]! << 16) | (t[7]! << 24)) >>> 0;
  if (((w1 >>> 18) & 0xfff) !== tagsEcc(t)) return undefined;
  // 512-byte chunks: the byte count is the 10 low bits (the 2 high ones are for chunks of 1 KiB and more).
  return { chunkId: w0 & 0xfffff, serial: (w0 >>> 20) & 3, nBytes: (w0 >>> 22) & 0x3ff, objId: w1 & 0x3ffff };
}

/** The 8 tag bytes for a chunk (test writers). */
export function packTags1(t: Tags1): Uint8Array {
  const w0 = ((t.chunkId & 0xfffff) | ((t.serial & 3) << 20) | ((t.nBytes & 0x3ff) << 22)) >>> 0;
  const w1 = ((t.objId & 0x3ffff) | (3 << 30)) >>> 0;
  const b = Uint8Array.of(w0 & 0xff, (w0 >>> 8) & 0xff, (w0 >>> 16) & 0xff, w0 >>> 24, w1 & 0xff, (w1 >>> 8) & 0xff, (w1 >>> 16) & 0xff, w1 >>> 24);
  const ecc = tagsEcc(b);
  b[6] = (b[6]! & 0x03) | ((ecc & 0x3f) << 2);
  b[7] = (b[7]! & 0xc0) | (ecc >>> 6);
  return b;
}

/** A page whose status byte has fewer than 7 bits set was deleted (yaffs_tags_compat_rd). */
export function deletedPage(status: number): boolean {
  let n = 0;
  for (let v = status; v; v &= v - 1) n++;
  return n < 7;
}
