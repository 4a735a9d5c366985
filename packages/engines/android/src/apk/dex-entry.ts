/**
 * Reads one DEX entry of a package only after its first bytes prove it is
 * worth inflating. A hostile APK can hold entries named classes*.dex that
 * expand to hundreds of MiB each (issue 18, item 9: 8 × 400 MiB took an
 * engine child to 1.3 GB); inflating them whole before the parser says "bad
 * magic" costs that memory for nothing. So the header alone (0x78 bytes,
 * streamed: the inflater stops after its first chunk) is checked first:
 * magic and version, endian tag, header size, and the declared file size
 * against the size the ZIP declares for the entry — ART's verifier refuses a
 * DEX whose file_size differs from its length (DexFileVerifier::CheckHeader),
 * and a v41 container's container_size plays that role. Only then is the
 * entry read, capped at its declared size and at `maxDexBytes`.
 */
import { FormatError, type ZipArchive, type ZipEntry } from '@citadel/engine-core';
import { DEX_VERSIONS } from '../formats/dex/index.ts';

const METHOD_DEFLATED = 8;

/** Bytes of the header needed for the checks (the v41 header is the longest). */
const HEAD_BYTES = 0x78;
const ENDIAN_CONSTANT = 0x12345678;

export type DexEntryRead = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** Reads the first `n` bytes of the entry without inflating the rest. */
async function readHead(zip: ZipArchive, entry: ZipEntry, n: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let got = 0;
  // CRC cannot be checked on a prefix; the full read below checks it.
  for await (const chunk of zip.stream(entry, { verifyCrc: false }) as AsyncIterable<Buffer>) {
    parts.push(chunk);
    got += chunk.length;
    if (got >= n) break;
  }
  return Buffer.concat(parts).subarray(0, n);
}

/** Why the header refuses the entry, or undefined when it may be read. */
export function dexHeadProblem(head: Buffer, declaredSize: number): string | undefined {
  if (head.length < 0x70) return `DEX header truncated (${head.length} of 112 bytes)`;
  if (head.toString('latin1', 0, 4) !== 'dex\n' || head[7] !== 0) return 'bad DEX magic (checked before inflating the entry)';
  const version = head.toString('latin1', 4, 7);
  if (!(DEX_VERSIONS as readonly string[]).includes(version)) return `unsupported DEX version ${JSON.stringify(version)}`;
  const endian = head.readUInt32LE(40);
  if (endian !== ENDIAN_CONSTANT) return endian === 0x78563412 ? 'big-endian DEX is not supported' : `bad endian tag 0x${endian.toString(16)}`;
  const headerSize = head.readUInt32LE(36);
  if (headerSize < 0x70 || (version === '041' && headerSize < HEAD_BYTES)) return `DEX header size ${headerSize} too small`;
  const fileSize = head.readUInt32LE(32);
  // v41 (DEX container): file_size is the first DEX's, container_size the whole entry's.
  const whole = version === '041' && head.length >= HEAD_BYTES ? head.readUInt32LE(0x70) : fileSize;
  if (whole !== declaredSize) return `DEX header declares ${whole} bytes but the entry holds ${declaredSize}`;
  if (fileSize < headerSize || fileSize > whole) return `DEX file size ${fileSize} inconsistent with its header`;
  return undefined;
}

/**
 * The DEX entry's bytes, or why it was not read. Errors of the ZIP layer
 * (corrupt deflate data, limits) come back as reasons too.
 */
export async function readDexEntry(zip: ZipArchive, entry: ZipEntry, maxDexBytes: number): Promise<DexEntryRead> {
  // Unknown methods are read as stored (as Android does): their output is the raw data.
  const declared = entry.method === METHOD_DEFLATED ? entry.uncompressedSize : entry.compressedSize;
  if (declared > maxDexBytes) return { ok: false, reason: `DEX entry declares ${declared} bytes, more than the limit of ${maxDexBytes}; not inflated` };
  try {
    const problem = dexHeadProblem(await readHead(zip, entry, HEAD_BYTES), declared);
    if (problem) return { ok: false, reason: problem };
    return { ok: true, bytes: await zip.read(entry, { maxBytes: Math.min(declared, maxDexBytes) }) };
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return { ok: false, reason: e.message };
  }
}
