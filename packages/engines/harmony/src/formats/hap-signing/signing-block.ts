/**
 * The HAP signing block: OpenHarmony's counterpart of the APK v2 block, stored
 * between the last ZIP entry and the central directory. Layout from
 * OpenHarmony appverify / hapsigner (hap_signing_block_utils.cpp), confirmed
 * on the corpus HAP:
 *
 *   [sub-block head × n: u32 type, u32 length, u32 offset (from block start)]
 *   [sub-block data …]
 *   [32-byte tail: i32 blockCount, i64 blockSize (whole block, tail included),
 *    16-byte magic, i32 version]                    ← ends at the central directory
 *
 * Magic "<hap sign block>" from version 3 on, "HAP Sig Block 42" before. All
 * integers little-endian. Sub-block types: 0x20000000 the PKCS#7 signature
 * over the digests, 0x20000001 proof of rotation, 0x20000002 the provisioning
 * profile (PKCS#7 SignedData around JSON), 0x20000003 property.
 */
import { ByteReader, FormatError, type ZipLayout, boundedCount } from '@citadel/engine-core';

/** A HAP as the signing-block reader sees it; the shared ZipArchive satisfies it. */
export type HapZipLocator = ZipLayout;

export const HAP_SUB_BLOCK_TYPES = {
  signature: 0x20000000,
  proofOfRotation: 0x20000001,
  profile: 0x20000002,
  property: 0x20000003,
} as const;

export type HapSubBlockKind = keyof typeof HAP_SUB_BLOCK_TYPES | 'unknown';

export interface HapSubBlock {
  type: number;
  kind: HapSubBlockKind;
  /** Absolute offset of the data in the HAP file. */
  offset: number;
  data: Uint8Array;
}

export interface HapSigningBlock {
  version: number;
  magic: 'current' | 'legacy';
  /** Absolute offset where the block starts; it ends at the central directory. */
  offset: number;
  size: number;
  blocks: HapSubBlock[];
}

export const HAP_BLOCK_TAIL_SIZE = 32;
const MAGIC_CURRENT = '<hap sign block>';
const MAGIC_LEGACY = 'HAP Sig Block 42';
/** hapsigner's own ceilings: blocks up to 1 GiB, at most 10 sub-blocks; ours are tighter by default. */
export const DEFAULT_MAX_SIGNING_BLOCK_SIZE = 64 * 1024 * 1024;
const MAX_SUB_BLOCKS = 10;
const SUB_BLOCK_HEAD_SIZE = 12;

/**
 * Reads the signing block; undefined when the bytes before the central
 * directory carry no signing-block magic (an unsigned package).
 * A FormatError when the magic is there but the block is malformed.
 */
export async function readHapSigningBlock(zip: HapZipLocator, maxSize = DEFAULT_MAX_SIGNING_BLOCK_SIZE): Promise<HapSigningBlock | undefined> {
  const cd = zip.centralDirectoryOffset;
  if (!Number.isSafeInteger(cd) || cd < HAP_BLOCK_TAIL_SIZE || cd > zip.size) return undefined;
  const tail = new ByteReader(await zip.readAt(cd - HAP_BLOCK_TAIL_SIZE, HAP_BLOCK_TAIL_SIZE), 'hap-signing');
  const magicText = tail.ascii(12, 16);
  const magic = magicText === MAGIC_CURRENT ? 'current' : magicText === MAGIC_LEGACY ? 'legacy' : undefined;
  if (!magic) return undefined;

  const tailAt = cd - HAP_BLOCK_TAIL_SIZE;
  const blockCount = tail.i32(0);
  const size = tail.u64big(4);
  const version = tail.i32(28);
  if (size < BigInt(HAP_BLOCK_TAIL_SIZE) || size > BigInt(Math.min(maxSize, cd))) {
    throw new FormatError(`signing block size ${size} outside [${HAP_BLOCK_TAIL_SIZE}, ${Math.min(maxSize, cd)}]`, 'hap-signing', tailAt + 4);
  }
  const blockSize = Number(size);
  const start = cd - blockSize;
  const r = new ByteReader(await zip.readAt(start, blockSize), 'hap-signing');
  const headsAndData = blockSize - HAP_BLOCK_TAIL_SIZE;
  boundedCount(r, blockCount, 'signing sub-blocks', MAX_SUB_BLOCKS, SUB_BLOCK_HEAD_SIZE, 0, headsAndData);

  const blocks: HapSubBlock[] = [];
  let used = blockCount * SUB_BLOCK_HEAD_SIZE;
  for (let i = 0; i < blockCount; i++) {
    const h = i * SUB_BLOCK_HEAD_SIZE;
    const type = r.u32(h);
    const length = r.u32(h + 4);
    const offset = r.u32(h + 8);
    if (offset < blockCount * SUB_BLOCK_HEAD_SIZE || offset + length > headsAndData) {
      r.fail(`sub-block ${i} [${offset}, ${offset + length}) outside the data area [${blockCount * SUB_BLOCK_HEAD_SIZE}, ${headsAndData})`, h);
    }
    for (const other of blocks) {
      const o = other.offset - start;
      if (offset < o + other.data.length && o < offset + length) r.fail(`sub-block ${i} overlaps another`, h);
    }
    used += length;
    blocks.push({ type, kind: kindOf(type), offset: start + offset, data: r.bytes(offset, length) });
  }
  // hapsigner requires the heads and data to fill the block exactly; a gap could hide data.
  if (used !== headsAndData) r.fail(`sub-blocks cover ${used} of ${headsAndData} bytes`, 0);
  return { version, magic, offset: start, size: blockSize, blocks };
}

function kindOf(type: number): HapSubBlockKind {
  for (const [k, v] of Object.entries(HAP_SUB_BLOCK_TYPES)) if (v === type) return k as HapSubBlockKind;
  return 'unknown';
}
