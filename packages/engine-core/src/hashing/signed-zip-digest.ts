/**
 * The content digest that APK Signature Scheme v2/v3 and the HAP signature sign (the HAP
 * scheme is v2's, with the optional sub-blocks appended). The file is cut into three
 * sections — the ZIP entries up to the signing block, the central directory, and the end
 * record with its central-directory offset (offset 16) pointing at the signing block
 * instead — each split into 1 MiB chunks; chunk digests H(0xa5 | u32le length | chunk)
 * are combined as H(0x5a | u32le chunk count | chunk digests… | trailing data…).
 * Read one chunk at a time, so a large package never sits in memory.
 */
import { createHash } from 'node:crypto';
import { FormatError } from '../binary/byte-reader.ts';

const CHUNK = 1 << 20;
const CHUNK_PREFIX = 0xa5;
const TOP_PREFIX = 0x5a;
const EOCD_CD_OFFSET_FIELD = 16;
const EOCD_MIN_SIZE = 22;

export type ChunkedDigestAlgorithm = 'sha256' | 'sha384' | 'sha512';

/** Where the sections are, and a way to read them. */
export interface SignedZipLayout {
  size: number;
  centralDirectoryOffset: number;
  eocdOffset: number;
  readAt(offset: number, length: number): Uint8Array | Promise<Uint8Array>;
}

function u32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

/** Chunk digests as bytes come, then the top digest over them and any trailing data. */
export class ChunkedContentDigest {
  private readonly chunks: Buffer[] = [];
  constructor(private readonly algorithm: ChunkedDigestAlgorithm) {}

  add(bytes: Uint8Array): void {
    for (let p = 0; p < bytes.length; p += CHUNK) {
      const piece = bytes.subarray(p, Math.min(bytes.length, p + CHUNK));
      this.chunks.push(createHash(this.algorithm).update(Buffer.from([CHUNK_PREFIX])).update(u32le(piece.length)).update(piece).digest());
    }
  }

  finish(trailing: readonly Uint8Array[] = []): Uint8Array {
    const top = createHash(this.algorithm).update(Buffer.from([TOP_PREFIX])).update(u32le(this.chunks.length));
    for (const d of this.chunks) top.update(d);
    for (const t of trailing) top.update(t);
    return top.digest();
  }
}

/** The two file ranges digested as they are; throws when the layout does not hold together. */
function sections(layout: Pick<SignedZipLayout, 'size' | 'centralDirectoryOffset' | 'eocdOffset'>, signingBlockOffset: number, component: string): [number, number][] {
  const cd = layout.centralDirectoryOffset;
  const eocd = layout.eocdOffset;
  if (!(signingBlockOffset >= 0 && signingBlockOffset <= cd && cd <= eocd && eocd + EOCD_MIN_SIZE <= layout.size)) {
    throw new FormatError(`package layout inconsistent for digesting (signing block ${signingBlockOffset}, central directory ${cd}, end record ${eocd}, size ${layout.size})`, component);
  }
  return [
    [0, signingBlockOffset],
    [cd, eocd],
  ];
}

function patchedEndRecord(bytes: Uint8Array, signingBlockOffset: number): Buffer {
  const b = Buffer.from(bytes);
  b.writeUInt32LE(signingBlockOffset >>> 0, EOCD_CD_OFFSET_FIELD);
  return b;
}

export interface SignedZipDigestOptions {
  /** Data appended after the chunk digests (the HAP scheme's profile/proof/property sub-blocks). */
  trailing?: readonly Uint8Array[];
  signal?: AbortSignal;
  /** Names the format in a FormatError. */
  component?: string;
}

/** The content digest of a package read through its layout, 1 MiB at a time. */
export async function signedZipContentDigest(layout: SignedZipLayout, signingBlockOffset: number, algorithm: ChunkedDigestAlgorithm, options: SignedZipDigestOptions = {}): Promise<Uint8Array> {
  const ranges = sections(layout, signingBlockOffset, options.component ?? 'zip-signing');
  const d = new ChunkedContentDigest(algorithm);
  for (const [start, end] of ranges) {
    for (let p = start; p < end; p += CHUNK) {
      options.signal?.throwIfAborted();
      d.add(await layout.readAt(p, Math.min(CHUNK, end - p)));
    }
  }
  d.add(patchedEndRecord(await layout.readAt(layout.eocdOffset, layout.size - layout.eocdOffset), signingBlockOffset));
  return d.finish(options.trailing);
}

/**
 * The same digest over a package held in memory, synchronously: what a signer computes
 * over the unsigned ZIP (its central directory offset is where the signing block will go).
 */
export function signedZipContentDigestOfBytes(bytes: Uint8Array, layout: { centralDirectoryOffset: number; eocdOffset: number }, signingBlockOffset: number, algorithm: ChunkedDigestAlgorithm, options: Omit<SignedZipDigestOptions, 'signal'> = {}): Uint8Array {
  const d = new ChunkedContentDigest(algorithm);
  for (const [start, end] of sections({ size: bytes.length, ...layout }, signingBlockOffset, options.component ?? 'zip-signing')) d.add(bytes.subarray(start, end));
  d.add(patchedEndRecord(bytes.subarray(layout.eocdOffset), signingBlockOffset));
  return d.finish(options.trailing);
}
