/**
 * Test inputs for the HAP signing block: a block writer, a locator over a
 * byte buffer, and (test-only) the EOCD lookup that gives the central
 * directory offset of a real HAP until the shared ZIP reader is exported.
 */
import type { HapZipLocator } from '../hap-signing/signing-block.ts';
import { ByteWriter } from '@citadel/engine-core/testing';

export function buildSigningBlock(subBlocks: { type: number; data: Uint8Array }[], options: { version?: number; legacyMagic?: boolean } = {}): Uint8Array {
  const b = new ByteWriter();
  let dataAt = subBlocks.length * 12;
  for (const s of subBlocks) {
    b.u32(s.type).u32(s.data.length).u32(dataAt);
    dataAt += s.data.length;
  }
  for (const s of subBlocks) b.bytes(s.data);
  const size = b.length + 32;
  b.u32(subBlocks.length).u64(BigInt(size));
  b.ascii(options.legacyMagic ? 'HAP Sig Block 42' : '<hap sign block>');
  b.u32(options.version ?? 3);
  return b.toBytes();
}

/** A locator over `bytes` whose central directory starts at `centralDirectoryOffset`. */
export function bufferLocator(bytes: Uint8Array, centralDirectoryOffset: number, eocdOffset = bytes.length): HapZipLocator {
  return {
    size: bytes.length,
    centralDirectoryOffset,
    eocdOffset,
    readAt(offset, length) {
      if (offset < 0 || length < 0 || offset + length > bytes.length) throw new RangeError(`read [${offset}, ${offset + length}) outside ${bytes.length}`);
      return bytes.subarray(offset, offset + length);
    },
  };
}

/** Test-only: the central directory offset of a ZIP without a comment or ZIP64 (the corpus HAP). */
export function locatorFromZipBytes(bytes: Uint8Array): HapZipLocator {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at--) {
    if (dv.getUint32(at, true) === 0x06054b50) return bufferLocator(bytes, dv.getUint32(at + 16, true), at);
  }
  throw new Error('no end of central directory');
}
