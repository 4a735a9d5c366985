/**
 * Hard limits shared by every archive reader (ZIP, TAR). Declared sizes in an
 * archive are claims, not facts: the readers enforce these limits while they
 * inflate or stream, so a lying header cannot make them allocate or loop more.
 */
import { FormatError } from '../binary/byte-reader.ts';

export interface ArchiveLimits {
  /** Most entries an archive may hold (central directory records or TAR headers). */
  maxEntries: number;
  /** Most bytes all entries together may expand to (declared sizes for ZIP, actual bytes for TAR). */
  maxTotalUncompressed: number;
  /** Most bytes one entry may expand to. */
  maxEntrySize: number;
  /** Most output bytes per compressed byte for one entry (deflate cannot exceed ~1032 honestly). */
  maxCompressionRatio: number;
  /** The ratio is only enforced once an entry has produced this many bytes (tiny files compress absurdly well). */
  ratioGraceBytes: number;
  /** Longest entry name accepted, in bytes. */
  maxNameLength: number;
}

/**
 * Defaults sized for real uploads: a 200 MB APK holds tens of thousands of
 * entries and expands to well under 2 GiB; a single DEX or .so rarely passes
 * 256 MiB. Ratio 200 leaves room for XML and zero-filled resources while
 * stopping classic bombs (ratios of 1000:1) after a few MiB of output.
 */
export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = Object.freeze({
  maxEntries: 100_000,
  maxTotalUncompressed: 4 * 1024 ** 3,
  maxEntrySize: 512 * 1024 ** 2,
  maxCompressionRatio: 200,
  ratioGraceBytes: 4 * 1024 ** 2,
  maxNameLength: 4096,
});

export function resolveLimits(overrides?: Partial<ArchiveLimits>): ArchiveLimits {
  return { ...DEFAULT_ARCHIVE_LIMITS, ...overrides };
}

/**
 * A limit was hit. It is a FormatError (callers that only care "readable or
 * not" catch one type) that also names the limit, so a report can say
 * "zip bomb suspected" rather than "malformed".
 */
export class ArchiveLimitError extends FormatError {
  constructor(
    message: string,
    format: string,
    /** Which limit was exceeded, e.g. "maxCompressionRatio", or "maxBytes" for a caller's cap. */
    readonly limit: keyof ArchiveLimits | 'maxBytes',
    offset?: number,
  ) {
    super(message, format, offset);
    this.name = 'ArchiveLimitError';
  }
}
