/**
 * UBI images (Linux drivers/mtd/ubi/ubi-media.h), big-endian: every physical
 * erase block starts with an erase-counter header ("UBI#": version, erase
 * count, VID header offset, data offset, image sequence, CRC) and, when it
 * holds data, a volume-identifier header ("UBI!": volume id and type, logical
 * block number, data size, used blocks, data padding, sequence number, CRC).
 * The volume table is the internal layout volume 0x7fffefff: 172-byte records
 * (reserved blocks, alignment, data padding, type, name, CRC).
 *
 * The erase block size is not stored: it is the distance between successive
 * "UBI#" headers. Each volume is assembled from its logical blocks (for a
 * block written twice, the higher sequence number wins; unmapped blocks read
 * as 0xff, as on flash) and handed back as a blob, so UBIFS, squashfs or
 * anything else inside it is found by its own handler.
 */
import type { Blob } from '../model.ts';
import { linuxCrc32 } from '../ubi/crc.ts';
import { type Handler, bytes } from './types.ts';

const LAYOUT_VOLUME = 0x7fffefff;
const VTBL_RECORD = 172;
const MAX_VOLUMES = 128;

interface Peb {
  at: number;
  volId: number;
  lnum: number;
  volType: number;
  dataSize: number;
  usedEbs: number;
  dataPad: number;
  sqnum: bigint;
}

/** The erase block size: the smallest distance from this header to the next valid one. */
function pebSize(buf: Uint8Array, off: number): number | undefined {
  const magic = Buffer.from('UBI#');
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.length);
  for (let next = b.indexOf(magic, off + 64); next >= 0; next = b.indexOf(magic, next + 1)) {
    const size = next - off;
    // Erase blocks are powers of two of at least 4 KiB (NOR) … a few MiB (NAND).
    if (size >= 4096 && (size & (size - 1)) === 0 && validEc(buf, next)) return size;
    if (size > 8 << 20) return undefined;
  }
  return undefined;
}

function validEc(buf: Uint8Array, at: number): boolean {
  if (at + 64 > buf.length) return false;
  const dv = new DataView(buf.buffer, buf.byteOffset + at, 64);
  return dv.getUint32(0) === 0x55424923 && dv.getUint8(4) === 1 && linuxCrc32(buf.subarray(at, at + 60)) === dv.getUint32(60);
}

export const ubiHandler: Handler = {
  name: 'ubi',
  magics: [bytes('UBI#')],
  nested: true,
  carve(buf, off, ctx) {
    if (!validEc(buf, off)) return undefined;
    const peb = pebSize(buf, off) ?? buf.length - off;
    const errors: string[] = [];
    const pebs: Peb[] = [];
    let count = 0;
    let end = off;
    let dataOffset = 0;
    // Consecutive erase blocks: valid EC header, or erased flash (all 0xff) inside the image.
    for (let at = off; at + 64 <= buf.length; at += peb) {
      if (!validEc(buf, at)) {
        if (buf.subarray(at, Math.min(buf.length, at + peb)).every((x) => x === 0xff) && at + peb <= buf.length) {
          end = at + peb;
          continue;
        }
        break;
      }
      count++;
      end = Math.min(buf.length, at + peb);
      const dv = new DataView(buf.buffer, buf.byteOffset);
      const vidAt = at + dv.getUint32(at + 16);
      dataOffset = dv.getUint32(at + 20);
      if (vidAt + 64 > end || dataOffset >= peb || dv.getUint32(vidAt) !== 0x55424921) continue; // free block
      if (linuxCrc32(buf.subarray(vidAt, vidAt + 60)) !== dv.getUint32(vidAt + 60)) {
        errors.push(`erase block at 0x${at.toString(16)}: volume header CRC mismatch; block skipped`);
        continue;
      }
      pebs.push({ at, volId: dv.getUint32(vidAt + 8), lnum: dv.getUint32(vidAt + 12), volType: buf[vidAt + 5]!, dataSize: dv.getUint32(vidAt + 20), usedEbs: dv.getUint32(vidAt + 24), dataPad: dv.getUint32(vidAt + 28), sqnum: dv.getBigUint64(vidAt + 40) });
    }
    if (count < 2) return undefined;
    const leb = peb - dataOffset;

    // Newest copy of each logical block.
    const volumes = new Map<number, Map<number, Peb>>();
    for (const p of pebs) {
      const lebs = volumes.get(p.volId) ?? new Map<number, Peb>();
      volumes.set(p.volId, lebs);
      const old = lebs.get(p.lnum);
      if (!old || old.sqnum < p.sqnum) lebs.set(p.lnum, p);
    }

    // Volume table: names and types, from the first layout block whose records check out.
    const names = new Map<number, { name: string; reserved: number; type: number }>();
    for (const p of volumes.get(LAYOUT_VOLUME)?.values() ?? []) {
      const dv = new DataView(buf.buffer, buf.byteOffset);
      for (let i = 0; i < MAX_VOLUMES; i++) {
        const r = p.at + dataOffset + i * VTBL_RECORD;
        if (r + VTBL_RECORD > end) break;
        if (linuxCrc32(buf.subarray(r, r + VTBL_RECORD - 4)) !== dv.getUint32(r + VTBL_RECORD - 4)) {
          errors.push(`volume table record ${i}: CRC mismatch`);
          continue;
        }
        const nameLen = Math.min(dv.getUint16(r + 14), 127);
        if (dv.getUint32(r) === 0 && nameLen === 0) continue; // empty slot
        names.set(i, { name: Buffer.from(buf.subarray(r + 16, r + 16 + nameLen)).toString('latin1').replace(/[^\x20-\x7e]/g, '?'), reserved: dv.getUint32(r), type: buf[r + 12]! });
      }
      if (names.size) break;
    }

    const blobs: Blob[] = [];
    const parts: string[] = [];
    for (const [volId, lebs] of [...volumes].sort((a, b) => a[0] - b[0])) {
      if (volId === LAYOUT_VOLUME) continue;
      const info = names.get(volId);
      const label = info?.name ?? `volume ${volId}`;
      if (!info) errors.push(`volume ${volId} is not in the volume table`);
      // A loop, not Math.max(...keys): a big image has too many blocks for one call's arguments.
      let maxLnum = 0;
      for (const l of lebs.keys()) if (l > maxLnum) maxLnum = l;
      const first = lebs.values().next().value!;
      const isStatic = first.volType === 2;
      const perLeb = leb - first.dataPad;
      // Static volumes say how many blocks and bytes they use; dynamic ones are as long as their highest mapped block.
      const lebCount = isStatic ? Math.min(first.usedEbs, maxLnum + 1) : maxLnum + 1;
      // A volume cannot have more logical blocks than the flash has erase blocks (nor than it reserved).
      if (lebCount > Math.min(info?.reserved ?? count, count)) {
        errors.push(`${label}: block ${maxLnum} beyond the ${Math.min(info?.reserved ?? count, count)} erase blocks it may use; volume not assembled`);
        continue;
      }
      const size = lebCount * perLeb;
      const over = ctx.budget.takeBytes(size);
      if (over) {
        errors.push(`${label}: ${over}`);
        continue;
      }
      const data = new Uint8Array(size).fill(0xff);
      let used = 0;
      for (let l = 0; l < lebCount; l++) {
        const p = lebs.get(l);
        if (!p) continue;
        const n = isStatic ? Math.min(p.dataSize, perLeb) : perLeb;
        const src = buf.subarray(p.at + dataOffset, Math.min(end, p.at + dataOffset + n));
        data.set(src, l * perLeb);
        used = isStatic ? l * perLeb + src.length : size;
      }
      blobs.push({ name: `ubi volume "${label}"`, data: isStatic ? data.subarray(0, used) : data });
      parts.push(`"${label}" (${isStatic ? 'static' : 'dynamic'}, ${lebs.size} of ${lebCount} blocks mapped)`);
    }
    return {
      length: end - off,
      kind: 'filesystem',
      detail: `UBI, ${count} erase blocks of ${peb} bytes (data at ${dataOffset}), volumes ${parts.join(', ') || 'none'}`,
      blobs,
      ...(errors.length ? { error: errors[0] } : {}),
    };
  },
};
