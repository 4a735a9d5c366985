/** Types of digest-pass.mjs (plain JavaScript so it can run as a worker thread). */

/** One ZIP entry whose uncompressed bytes are hashed (v1 MANIFEST.MF digests). */
export interface DigestEntryJob {
  name: string;
  dataOffset: number;
  compressedSize: number;
  uncompressedSize: number;
  /** ZIP method: 8 deflated, anything else read as stored. */
  method: number;
  /** node:crypto names, e.g. ["sha256"]. */
  algorithms: string[];
}

export interface DigestJob {
  /** A file path, or the bytes of an archive held in memory. */
  source: string | Uint8Array;
  /** Size of the source (for a path). */
  size: number;
  /** Whole-file hashes, e.g. ["md5", "sha1", "sha256"]. */
  fileHashes?: string[];
  /** The v2/v3 content digest over the layout around the APK Signing Block. */
  contentDigest?: { signingBlockOffset: number; centralDirectoryOffset: number; eocdOffset: number; algorithms: ('sha256' | 'sha512')[] };
  entries?: DigestEntryJob[];
}

export interface DigestResult {
  /** Hex digests by algorithm. */
  fileHashes: Record<string, string>;
  /** Hex content digests by algorithm (when asked). */
  contentDigests?: Record<string, string>;
  /** Base64 digests by algorithm, or why the entry could not be read. */
  entries: ({ name: string; digests: Record<string, string>; error?: undefined } | { name: string; error: string; digests?: undefined })[];
}

export function runDigestPass(job: DigestJob, shouldStop?: () => boolean): Promise<DigestResult>;
