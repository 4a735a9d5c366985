/**
 * The embedded code signature: a big-endian SuperBlob (0xfade0cc0) indexing
 * typed blobs. The CodeDirectory and XML entitlements are decoded here; DER
 * entitlements, requirements and the CMS signature are returned as bytes for
 * the shared ASN.1/CMS code in engine-core.
 */
import { boundedCount, ByteReader, FormatError } from '@citadel/engine-core';
import type { MachOImage } from '../macho/types.ts';
import { readPlist, type PlistValue } from '../plist/index.ts';
import { readCodeDirectory, type CodeDirectory } from './code-directory.ts';
import {
  CSMAGIC_BLOBWRAPPER, CSMAGIC_CODEDIRECTORY, CSMAGIC_DETACHED_SIGNATURE, CSMAGIC_EMBEDDED_DER_ENTITLEMENTS,
  CSMAGIC_EMBEDDED_ENTITLEMENTS, CSMAGIC_EMBEDDED_SIGNATURE, CSMAGIC_REQUIREMENTS, CSSLOT_CODEDIRECTORY, slotName,
} from './constants.ts';

/** Real signatures hold up to ~10 blobs (CodeDirectory, alternates, requirements, entitlements ×2, CMS …). */
const MAX_BLOBS = 64;
const BLOB_HEADER = 8;

export interface SignatureBlob {
  slot: number;
  slotName: string;
  magic: number;
  /** Offset of the blob inside the SuperBlob. */
  offset: number;
  length: number;
  /** The blob's bytes, header included. */
  bytes: Uint8Array;
}

export interface CodeSignature {
  blobs: SignatureBlob[];
  /** The primary CodeDirectory (slot 0), when present. */
  codeDirectory?: CodeDirectory;
  /** Alternate CodeDirectories (slots 0x1000…), e.g. the SHA-256 one next to a SHA-1 primary. */
  alternateCodeDirectories: CodeDirectory[];
  /** Requirements SuperBlob payload (after its 8-byte header), and how many requirements it indexes. */
  requirements?: { bytes: Uint8Array; count: number };
  /** XML entitlements payload and its parsed plist (or why it could not be parsed). */
  entitlements?: { xml: Uint8Array; plist?: PlistValue; error?: string };
  /** DER entitlements payload, for the shared ASN.1 reader. */
  derEntitlements?: Uint8Array;
  /** CMS SignedData bytes (BlobWrapper payload); empty for ad-hoc signatures. */
  cms?: Uint8Array;
}

function payload(blob: SignatureBlob): Uint8Array {
  return blob.bytes.subarray(BLOB_HEADER);
}

function requirementCount(bytes: Uint8Array): number {
  const r = new ByteReader(bytes, 'codesign-requirements', 'be');
  return r.length >= 4 ? r.u32(0) : 0;
}

/** Reads a SuperBlob (embedded or detached signature) from its bytes; trailing padding is ignored. */
export function readCodeSignature(bytes: Uint8Array): CodeSignature {
  const r = new ByteReader(bytes, 'codesign', 'be');
  const magic = r.u32(0);
  if (magic !== CSMAGIC_EMBEDDED_SIGNATURE && magic !== CSMAGIC_DETACHED_SIGNATURE) r.fail(`not a code signature SuperBlob (magic 0x${magic.toString(16)})`, 0);
  const length = r.u32(4);
  if (length < 12 || length > r.length) r.fail(`SuperBlob length ${length} out of range`, 4);
  const count = boundedCount(r, r.u32(8), 'signature blobs', MAX_BLOBS, 8, 8, length - 12);
  const sig: CodeSignature = { blobs: [], alternateCodeDirectories: [] };
  for (let i = 0, at = 12; i < count; i++, at += 8) {
    const slot = r.u32(at);
    const offset = r.u32(at + 4);
    if (offset < 12 + count * 8 || offset + BLOB_HEADER > length) r.fail(`blob ${i} offset ${offset} outside the SuperBlob`, at + 4);
    const blobLength = r.u32(offset + 4);
    if (blobLength < BLOB_HEADER || offset + blobLength > length) r.fail(`blob ${i} length ${blobLength} outside the SuperBlob`, offset + 4);
    const blob: SignatureBlob = { slot, slotName: slotName(slot), magic: r.u32(offset), offset, length: blobLength, bytes: r.bytes(offset, blobLength) };
    sig.blobs.push(blob);
    applyBlob(sig, blob);
  }
  return sig;
}

function applyBlob(sig: CodeSignature, blob: SignatureBlob): void {
  switch (blob.magic) {
    case CSMAGIC_CODEDIRECTORY: {
      const cd = readCodeDirectory(blob.bytes);
      if (blob.slot === CSSLOT_CODEDIRECTORY) sig.codeDirectory = cd;
      else sig.alternateCodeDirectories.push(cd);
      return;
    }
    case CSMAGIC_REQUIREMENTS: {
      const bytes = payload(blob);
      sig.requirements = { bytes, count: requirementCount(bytes) };
      return;
    }
    case CSMAGIC_EMBEDDED_ENTITLEMENTS: {
      const xml = payload(blob);
      try {
        sig.entitlements = { xml, plist: readPlist(xml) };
      } catch (error) {
        if (!(error instanceof FormatError)) throw error;
        sig.entitlements = { xml, error: error.message };
      }
      return;
    }
    case CSMAGIC_EMBEDDED_DER_ENTITLEMENTS:
      sig.derEntitlements = payload(blob);
      return;
    case CSMAGIC_BLOBWRAPPER:
      sig.cms = payload(blob);
      return;
    default:
  }
}

/** The signature an image's LC_CODE_SIGNATURE points at, or undefined when it has none. */
export function readEmbeddedSignature(image: MachOImage): CodeSignature | undefined {
  const range = image.codeSignature;
  if (!range || range.datasize === 0) return undefined;
  const r = new ByteReader(image.data, 'codesign');
  return readCodeSignature(r.bytes(range.dataoff, range.datasize));
}
