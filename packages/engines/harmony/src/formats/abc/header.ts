/**
 * The fixed 60-byte header every Ark bytecode (.abc, "Panda") file starts
 * with. Layout from arkcompiler runtime_core docs/file_format.md ("Header"),
 * confirmed on the corpus HAP's ets/modules.abc (version 9.0.0.0). From
 * format 12.0.x the literal-array pair is "reserved" (literal arrays are then
 * reached only through the index regions), which is why both are optional.
 */
import { ByteReader } from '@citadel/engine-core';

export const ABC_MAGIC = 'PANDA\0\0\0';
export const ABC_HEADER_SIZE = 60;

export interface AbcHeader {
  /** Four version bytes as "major.minor.feature.build", e.g. "9.0.0.0". */
  version: string;
  versionBytes: [number, number, number, number];
  checksum: number;
  /** adler32 over bytes [12, fileSize) compared with `checksum`. */
  checksumValid: boolean;
  fileSize: number;
  foreignOff: number;
  foreignSize: number;
  numClasses: number;
  classIdxOff: number;
  numLnps: number;
  lnpIdxOff: number;
  numLiteralArrays: number;
  literalArrayIdxOff: number;
  numIndexRegions: number;
  indexSectionOff: number;
}

export function parseAbcHeader(r: ByteReader): AbcHeader {
  if (r.length < ABC_HEADER_SIZE) r.fail(`file of ${r.length} bytes is shorter than the ${ABC_HEADER_SIZE}-byte header`, 0);
  if (r.ascii(0, 8) !== ABC_MAGIC) r.fail('bad magic (not a PANDA file)', 0);
  const versionBytes: [number, number, number, number] = [r.u8(12), r.u8(13), r.u8(14), r.u8(15)];
  const fileSize = r.u32(16);
  if (fileSize < ABC_HEADER_SIZE || fileSize > r.length) r.fail(`header file_size ${fileSize} does not match the ${r.length} bytes given`, 16);
  const checksum = r.u32(8);
  return {
    version: versionBytes.join('.'),
    versionBytes,
    checksum,
    checksumValid: adler32(r.buf.subarray(12, fileSize)) === checksum,
    fileSize,
    foreignOff: r.u32(20),
    foreignSize: r.u32(24),
    numClasses: r.u32(28),
    classIdxOff: r.u32(32),
    numLnps: r.u32(36),
    lnpIdxOff: r.u32(40),
    numLiteralArrays: r.u32(44),
    literalArrayIdxOff: r.u32(48),
    numIndexRegions: r.u32(52),
    indexSectionOff: r.u32(56),
  };
}

/** Adler-32 (RFC 1950), summing in chunks small enough never to overflow before the modulo. */
export function adler32(data: Uint8Array): number {
  const MOD = 65521;
  const NMAX = 5552;
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    const end = Math.min(data.length, i + NMAX);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= MOD;
    b %= MOD;
  }
  return ((b << 16) | a) >>> 0;
}
