/**
 * The ResChunk_header framing shared by binary XML (AXML) and resources.arsc:
 * every chunk starts with u16 type, u16 headerSize, u32 size.
 */
import type { ByteReader } from '@citadel/engine-core';

export const CHUNK = {
  NULL: 0x0000,
  STRING_POOL: 0x0001,
  TABLE: 0x0002,
  XML: 0x0003,
  XML_START_NAMESPACE: 0x0100,
  XML_END_NAMESPACE: 0x0101,
  XML_START_ELEMENT: 0x0102,
  XML_END_ELEMENT: 0x0103,
  XML_CDATA: 0x0104,
  XML_RESOURCE_MAP: 0x0180,
  TABLE_PACKAGE: 0x0200,
  TABLE_TYPE: 0x0201,
  TABLE_TYPE_SPEC: 0x0202,
  TABLE_LIBRARY: 0x0203,
  TABLE_OVERLAYABLE: 0x0204,
  TABLE_OVERLAYABLE_POLICY: 0x0205,
  TABLE_STAGED_ALIAS: 0x0206,
} as const;

export interface ChunkHeader {
  /** Absolute offset of the chunk in the reader. */
  offset: number;
  type: number;
  headerSize: number;
  /** Size as declared, before any clamping. */
  declaredSize: number;
  /** Size actually usable: clamped to the enclosing region when the declared size overshoots. */
  size: number;
}

/**
 * Reads the chunk header at `offset` inside [.., end). A declared size that
 * runs past `end` is clamped (a known anti-parsing trick) and reported through
 * `warn`; a size smaller than the header could never advance and is an error.
 */
export function readChunkHeader(r: ByteReader, offset: number, end: number, warn: (m: string) => void): ChunkHeader {
  const type = r.u16(offset);
  const headerSize = r.u16(offset + 2);
  const declaredSize = r.u32(offset + 4);
  if (declaredSize < 8 || headerSize < 8 || headerSize > declaredSize) {
    r.fail(`chunk 0x${type.toString(16)} has an impossible size ${declaredSize} / header ${headerSize}`, offset);
  }
  let size = declaredSize;
  if (offset + declaredSize > end) {
    warn(`chunk 0x${type.toString(16)} at 0x${offset.toString(16)} declares ${declaredSize} bytes, only ${end - offset} remain`);
    size = end - offset;
    if (size < headerSize) r.fail(`chunk 0x${type.toString(16)} truncated`, offset);
  }
  return { offset, type, headerSize, declaredSize, size };
}
