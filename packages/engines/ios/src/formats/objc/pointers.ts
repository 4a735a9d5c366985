/**
 * Reading pointers stored in an image's data, as a static reader must: no
 * dyld has run, so a stored pointer is either a plain virtual address or, in
 * images linked with chained fixups (LC_DYLD_CHAINED_FIXUPS, iOS 13.4+ and
 * arm64e), a fixup-chain entry whose low bits hold the target. What we do:
 *  1. the raw value, if it is a mapped virtual address, is used as is;
 *  2. a bind (an import: bit 63 in DYLD_CHAINED_PTR_64, bit 62 with the auth
 *     bit in arm64e) cannot point into this image and resolves to nothing;
 *  3. an arm64e authenticated rebase (bit 63 set, bit 62 clear) holds a 32-bit
 *     offset from the image base (the vmaddr of the segment at file offset 0);
 *  4. otherwise the low 36 bits (DYLD_CHAINED_PTR_64 target) and then the
 *     low 43 bits (arm64e plain rebase) are tried first as a virtual address,
 *     then as an offset from the image base (the *_OFFSET pointer formats).
 * The first candidate that lands inside a file-backed segment wins. The high8
 * byte and the "next" field are ignored: we never walk chains.
 */
import { ByteReader } from '@citadel/engine-core';
import type { MachOImage } from '../macho/types.ts';
import { vmToFileOffset } from '../macho/vm.ts';

const BIT63 = 1n << 63n;
const BIT62 = 1n << 62n;
const LOW32 = (1n << 32n) - 1n;
const LOW36 = (1n << 36n) - 1n;
const LOW43 = (1n << 43n) - 1n;

/** The vmaddr at which the image's first byte is mapped (usually __TEXT). */
export function imageBase(image: MachOImage): number {
  const text = image.segments.find((s) => s.fileoff === 0 && s.filesize > 0);
  return text?.vmaddr ?? 0;
}

function mapped(image: MachOImage, addr: bigint): number | undefined {
  if (addr > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return vmToFileOffset(image, Number(addr));
}

/** Resolves a stored pointer to the virtual address it targets, or undefined. See the module comment. */
export function resolvePointerAddress(image: MachOImage, raw: bigint, base = imageBase(image)): number | undefined {
  if (raw === 0n) return undefined;
  if (mapped(image, raw) !== undefined) return Number(raw);
  if (!image.header.is64) return undefined;
  const baseBig = BigInt(base);
  const auth = (raw & BIT63) !== 0n;
  const candidates: bigint[] = [];
  if (auth && (raw & BIT62) === 0n) {
    candidates.push(baseBig + (raw & LOW32));
  } else if (!auth) {
    candidates.push(raw & LOW36, baseBig + (raw & LOW36), raw & LOW43, baseBig + (raw & LOW43));
  }
  for (const addr of candidates) if (mapped(image, addr) !== undefined) return Number(addr);
  return undefined;
}

/** A pointer-sized read at a file offset, as a bigint; undefined when out of range. */
export function readPointerAt(r: ByteReader, image: MachOImage, offset: number): bigint | undefined {
  const size = image.header.is64 ? 8 : 4;
  if (!r.has(offset, size)) return undefined;
  return image.header.is64 ? r.u64big(offset) : BigInt(r.u32(offset));
}

/** Follows the pointer stored at a file offset to the file offset of its target. */
export function followPointer(r: ByteReader, image: MachOImage, offset: number, mask = ~0n, base = imageBase(image)): number | undefined {
  const raw = readPointerAt(r, image, offset);
  if (raw === undefined) return undefined;
  const addr = resolvePointerAddress(image, raw & mask, base);
  return addr === undefined ? undefined : vmToFileOffset(image, addr);
}

export function imageReader(image: MachOImage, format: string): ByteReader {
  return new ByteReader(image.data, format, image.header.endian);
}
