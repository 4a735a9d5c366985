/**
 * DEX header (versions 035–041): magic, sizes and offsets of every table,
 * and the two integrity fields — the Adler-32 checksum and SHA-1 signature —
 * recomputed and compared, since a mismatch means the file was edited after
 * it was built (repackaging, injected code). They are computed on first
 * access: hashing every DEX costs real time on a large app and no check
 * needs it unless asked.
 */
import { createHash } from 'node:crypto';
import type { ByteReader } from '@citadel/engine-core';

export const DEX_VERSIONS = ['035', '036', '037', '038', '039', '040', '041'] as const;
const HEADER_SIZE = 0x70;
const HEADER_SIZE_V41 = 0x78;
const ENDIAN_CONSTANT = 0x12345678;

export interface DexSection {
  size: number;
  offset: number;
}

export interface DexHeader {
  /** Where this header starts (0, or later in a v41 container). */
  base: number;
  version: string;
  fileSize: number;
  headerSize: number;
  checksum: number;
  /** Computed on first access (also the *Valid fields). */
  readonly computedChecksum: number;
  readonly checksumValid: boolean;
  /** SHA-1 signature as stored, hex. */
  signature: string;
  readonly computedSignature: string;
  readonly signatureValid: boolean;
  mapOffset: number;
  strings: DexSection;
  types: DexSection;
  protos: DexSection;
  fields: DexSection;
  methods: DexSection;
  classDefs: DexSection;
  data: DexSection;
  /** v41 containers: whole container size and this header's offset in it. */
  containerSize?: number;
}

/** Adler-32 as zlib computes it, over [start, end). */
export function adler32(buf: Uint8Array, start: number, end: number): number {
  let a = 1;
  let b = 0;
  const NMAX = 5552;
  let i = start;
  while (i < end) {
    const stop = Math.min(end, i + NMAX);
    for (; i < stop; i++) {
      a += buf[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** True when the bytes at `base` start with a DEX magic ("dex\n0NN\0"). */
export function hasDexMagic(r: ByteReader, base = 0): boolean {
  return r.has(base, 8) && r.ascii(base, 4) === 'dex\n' && r.u8(base + 7) === 0;
}

export function readDexHeader(r: ByteReader, base = 0): DexHeader {
  if (!hasDexMagic(r, base)) r.fail('bad DEX magic', base);
  const version = r.ascii(base + 4, 3);
  if (!(DEX_VERSIONS as readonly string[]).includes(version)) r.fail(`unsupported DEX version ${JSON.stringify(version)}`, base + 4);
  r.check(base, HEADER_SIZE, 'DEX header');
  const u = (o: number): number => r.u32(base + o);
  const endian = u(40);
  if (endian !== ENDIAN_CONSTANT) r.fail(endian === 0x78563412 ? 'big-endian DEX is not supported' : `bad endian tag 0x${endian.toString(16)}`, base + 40);
  const headerSize = u(36);
  const fileSize = u(32);
  const v41 = version === '041';
  if (headerSize < HEADER_SIZE || (v41 && headerSize < HEADER_SIZE_V41)) r.fail(`header size ${headerSize} too small`, base + 36);
  if (fileSize < headerSize || !r.has(base, fileSize)) r.fail(`file size ${fileSize} does not fit the ${r.length - base} bytes present`, base + 32);

  // Integrity: checksum over everything after itself, signature over everything after itself.
  const end = base + fileSize;
  const checksum = u(8);
  const signature = Buffer.from(r.bytes(base + 12, 20)).toString('hex');
  let computedChecksum: number | undefined;
  let computedSignature: string | undefined;
  const buf = r.buf;

  const section = (at: number): DexSection => ({ size: u(at), offset: u(at + 4) });
  const h: DexHeader = {
    base,
    version,
    fileSize,
    headerSize,
    checksum,
    get computedChecksum() {
      return (computedChecksum ??= adler32(buf, base + 12, end));
    },
    get checksumValid() {
      return this.computedChecksum === checksum;
    },
    signature,
    get computedSignature() {
      return (computedSignature ??= createHash('sha1').update(buf.subarray(base + 32, end)).digest('hex'));
    },
    get signatureValid() {
      return this.computedSignature === signature;
    },
    mapOffset: u(52),
    strings: section(56),
    types: section(64),
    protos: section(72),
    fields: section(80),
    methods: section(88),
    classDefs: section(96),
    data: section(104),
  };
  if (v41) h.containerSize = u(112);
  return h;
}
