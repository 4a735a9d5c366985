/**
 * The APK Signing Block: the region just before the ZIP central directory,
 * framed as  u64 size | ID-value pairs | u64 size | "APK Sig Block 42".
 * Both size fields must agree. Pairs are listed with a name for the ids we
 * know (the signature schemes, source stamps, padding, channel markers).
 */
import { ByteReader, FormatError, type ZipLayout } from '@citadel/engine-core';

/** An APK as the signing readers see it; the shared ZipArchive satisfies it. */
export type ApkLayout = ZipLayout;

export const SIGNING_BLOCK_IDS = {
  v2: 0x7109871a,
  v3: 0xf05368c0,
  'v3.1': 0x1b93ad61,
  'source-stamp-v1': 0x2b09189e,
  'source-stamp-v2': 0x6dff800d,
  'verity-padding': 0x42726577,
  'dependency-info': 0x504b4453,
  'play-frosting': 0x2146444e,
  'channel-walle': 0x71777777,
} as const;
export type KnownBlockId = keyof typeof SIGNING_BLOCK_IDS;

const MAGIC = 'APK Sig Block 42';
const FOOTER = 24; // u64 size + 16-byte magic
/** A signing block bigger than this is not credible (real ones are a few KB; padding adds up to 4 KB). */
const MAX_BLOCK = 64 << 20;
const MAX_PAIRS = 1024;

export interface SigningBlockPair {
  id: number;
  /** Name when the id is known, e.g. "v2". */
  name?: KnownBlockId;
  /** Absolute offset of the value in the APK. */
  offset: number;
  value: Uint8Array;
}

export interface SigningBlock {
  /** Absolute offset of the block's first byte (the leading size field). */
  offset: number;
  /** Total bytes, from the leading size field to the end of the magic. */
  length: number;
  pairs: SigningBlockPair[];
}

const NAMES = new Map<number, KnownBlockId>(Object.entries(SIGNING_BLOCK_IDS).map(([k, v]) => [v, k as KnownBlockId]));

/** Finds and splits the signing block; undefined when the APK has none (v1-only or unsigned). */
export async function readSigningBlock(apk: ApkLayout): Promise<SigningBlock | undefined> {
  const cd = apk.centralDirectoryOffset;
  if (!Number.isSafeInteger(cd) || cd < FOOTER || cd > apk.size) return undefined;
  const footer = new ByteReader(await apk.readAt(cd - FOOTER, FOOTER), 'apk-signing-block');
  if (footer.ascii(8, 16) !== MAGIC) return undefined;
  const sizeInFooter = footer.u64(0);
  // The footer's size counts everything after the leading size field.
  const total = sizeInFooter + 8;
  if (sizeInFooter < FOOTER || total > MAX_BLOCK || total > cd) throw new FormatError(`signing block size ${sizeInFooter} impossible`, 'apk-signing-block', cd - FOOTER);
  const start = cd - total;
  const r = new ByteReader(await apk.readAt(start, total), 'apk-signing-block');
  const sizeInHeader = r.u64big(0);
  if (sizeInHeader !== BigInt(sizeInFooter)) r.fail(`size fields disagree (${sizeInHeader} vs ${sizeInFooter})`, 0);
  const pairs: SigningBlockPair[] = [];
  let p = 8;
  const end = total - FOOTER;
  while (p < end) {
    if (pairs.length >= MAX_PAIRS) r.fail('too many ID-value pairs', p);
    if (p + 12 > end) r.fail('truncated ID-value pair', p);
    const len = r.u64(p);
    if (len < 4 || len > end - p - 8) r.fail(`ID-value pair length ${len} out of range`, p);
    const id = r.u32(p + 8);
    const pair: SigningBlockPair = { id, offset: start + p + 12, value: r.bytes(p + 12, len - 4) };
    const name = NAMES.get(id);
    if (name) pair.name = name;
    pairs.push(pair);
    p += 8 + len;
  }
  return { offset: start, length: total, pairs };
}
