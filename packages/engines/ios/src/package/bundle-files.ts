/**
 * The bundled files of an app or SDK archive that the checks read besides
 * binaries: property lists (parsed, for plist secrets) and small text files
 * (for the secret, URL and IP scan). Counts and sizes are bounded; a file that
 * cannot be read is listed as unreadable, never fatal.
 */
import { FormatError, type ZipArchive, type ZipEntry } from '@citadel/engine-core';
import { readPlist } from '../formats/index.ts';
import type { IosPackage } from './model.ts';

export interface BundleFileLimits {
  maxPlists: number;
  maxTextFiles: number;
  /** Bigger plists and text files are skipped (listed, not read). */
  maxFileBytes: number;
}

export const DEFAULT_BUNDLE_FILE_LIMITS: BundleFileLimits = { maxPlists: 300, maxTextFiles: 500, maxFileBytes: 2 << 20 };

const TEXT_FILE = /\.(?:json|js|html?|txt|xml|conf|cfg|ini|properties|ya?ml|env|csv|pem|config|sql)$/i;
/** Compiled interface files carry an Info.plist of no interest. */
const SKIP_PLIST = /\.(?:storyboardc|nib|car)\//;

export function describeError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Reads an entry under a byte cap; FormatError (including zip-bomb limits) becomes an unreadable record. */
export async function readEntry(pkg: IosPackage, zip: ZipArchive, entry: ZipEntry, maxBytes: number): Promise<Buffer | undefined> {
  try {
    return await zip.read(entry, { maxBytes });
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    pkg.unreadable.push({ file: entry.name, reason: describeError(e) });
    return undefined;
  }
}

/** Property lists and text files among `entries` (other than those already read, e.g. the main Info.plist). */
export async function readBundleFiles(pkg: IosPackage, zip: ZipArchive, entries: readonly ZipEntry[], skip: ReadonlySet<string>, limits = DEFAULT_BUNDLE_FILE_LIMITS, signal?: AbortSignal): Promise<void> {
  for (const entry of entries) {
    signal?.throwIfAborted();
    if (entry.isDirectory || entry.isSymlink || skip.has(entry.name) || entry.uncompressedSize > limits.maxFileBytes) continue;
    const isPlist = /\.plist$/i.test(entry.name) && !SKIP_PLIST.test(entry.name);
    if (isPlist && pkg.plists.length < limits.maxPlists) {
      const bytes = await readEntry(pkg, zip, entry, limits.maxFileBytes);
      if (!bytes) continue;
      try {
        pkg.plists.push({ path: entry.name, value: readPlist(bytes) });
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        pkg.unreadable.push({ file: entry.name, reason: describeError(e) });
      }
    } else if (TEXT_FILE.test(entry.name) && pkg.textFiles.length < limits.maxTextFiles) {
      const bytes = await readEntry(pkg, zip, entry, limits.maxFileBytes);
      if (bytes && !bytes.includes(0)) pkg.textFiles.push({ path: entry.name, text: bytes.toString('utf8') });
    }
  }
}
