/**
 * The binaries of an iOS SDK delivered as a ZIP: X.framework/X,
 * X.xcframework/<platform>/X.framework/X or …/libX.a, loose .a and .dylib
 * files. From an xcframework only the device slice (ios-arm64…, not the
 * simulator) is read when there is one, so findings are not counted twice.
 */
import type { Attribution } from '@citadel/contracts';
import { FormatError, type ZipArchive, type ZipEntry } from '@citadel/engine-core';
import { readPlist } from '../formats/index.ts';
import { looksLikeStaticLibrary, summarizeMachO, summarizeStaticLibrary } from './binary.ts';
import { DEFAULT_BUNDLE_FILE_LIMITS, describeError, readBundleFiles, readEntry } from './bundle-files.ts';
import type { IpaLimits } from './ipa.ts';
import type { IosPackage, PackageKind } from './model.ts';

const MAIN: Attribution = { kind: 'main' };
const MAX_SDK_BINARIES = 64;

interface Candidate {
  entry: ZipEntry;
  /** The framework folder (with slash) whose Info.plist describes it, if any. */
  bundleDir?: string;
  xcframework?: string;
  platformDir?: string;
}

function candidateOf(entry: ZipEntry): Candidate | undefined {
  if (entry.isDirectory || entry.isSymlink) return undefined;
  const n = entry.name;
  if (/(?:^|\/)__MACOSX\//.test(n) || /\.dSYM\//.test(n)) return undefined;
  const xc = /^(.*?[^/]+\.xcframework)\/([^/]+)\//.exec(n);
  const fw = /^(.*\/)?([^/]+)\.framework\/(?:Versions\/[^/]+\/)?([^/]+)$/.exec(n);
  const extra = xc ? { xcframework: xc[1]!, platformDir: xc[2]! } : {};
  if (fw && fw[2] === fw[3]) return { entry, bundleDir: n.slice(0, n.indexOf(`${fw[2]}.framework/`) + fw[2]!.length + '.framework/'.length), ...extra };
  if (/\.(?:a|dylib)$/.test(n)) return { entry, ...extra };
  return undefined;
}

/** Device slices first: ios-arm64 (not simulator, not maccatalyst), then anything else. */
function platformRank(dir: string | undefined): number {
  if (!dir) return 0;
  if (/^ios-arm/.test(dir) && !/simulator|maccatalyst/.test(dir)) return 0;
  return /simulator|maccatalyst|macos/.test(dir) ? 2 : 1;
}

function pickCandidates(all: Candidate[]): Candidate[] {
  const best = new Map<string, number>();
  for (const c of all) if (c.xcframework) best.set(c.xcframework, Math.min(best.get(c.xcframework) ?? 9, platformRank(c.platformDir)));
  return all.filter((c) => !c.xcframework || platformRank(c.platformDir) === best.get(c.xcframework));
}

function kindOf(chosen: Candidate[]): PackageKind {
  if (chosen.some((c) => c.xcframework)) return 'xcframework';
  if (chosen.some((c) => c.bundleDir)) return 'framework';
  if (chosen.every((c) => c.entry.name.endsWith('.a'))) return 'static_library';
  if (chosen.every((c) => c.entry.name.endsWith('.dylib'))) return 'dylib';
  return 'sdk_archive';
}

/** True when the archive holds something the SDK reader takes. */
export function hasSdkContent(zip: ZipArchive): boolean {
  return zip.entries.some((e) => candidateOf(e) !== undefined);
}

export function summarizeSdkBinary(bytes: Uint8Array, path: string): IosPackage['binaries'][number] {
  return looksLikeStaticLibrary(bytes) ? summarizeStaticLibrary(bytes, path, MAIN) : summarizeMachO(bytes, path, /\.dylib$/.test(path) ? 'dylib' : 'framework', MAIN);
}

export async function readSdkArchive(pkg: IosPackage, zip: ZipArchive, limits: IpaLimits, signal?: AbortSignal): Promise<void> {
  const chosen = pickCandidates(zip.entries.map(candidateOf).filter((c): c is Candidate => c !== undefined));
  pkg.kind = kindOf(chosen);
  const read = new Set<string>();
  for (const c of chosen.slice(0, MAX_SDK_BINARIES)) {
    signal?.throwIfAborted();
    read.add(c.entry.name);
    pkg.embeddedFrameworks.push(c.entry.name);
    if (c.bundleDir && !pkg.infoPlist) {
      const info = zip.getEntry(`${c.bundleDir}Info.plist`) ?? zip.getEntry(`${c.bundleDir}Resources/Info.plist`);
      const bytes = info ? await readEntry(pkg, zip, info, 8 << 20) : undefined;
      if (info && bytes) {
        read.add(info.name);
        pkg.bundleDir = c.bundleDir;
        try {
          pkg.infoPlist = { path: info.name, value: readPlist(bytes) };
        } catch (e) {
          if (!(e instanceof FormatError)) throw e;
          pkg.unreadable.push({ file: info.name, reason: describeError(e) });
        }
      }
    }
    const bytes = await readEntry(pkg, zip, c.entry, limits.maxBinaryBytes);
    if (!bytes) continue;
    try {
      const summary = summarizeSdkBinary(bytes, c.entry.name);
      pkg.binaries.push(summary);
      for (const err of summary.sliceErrors) pkg.anomalies.push({ file: c.entry.name, detail: err });
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      pkg.unreadable.push({ file: c.entry.name, reason: describeError(e) });
    }
  }
  if (chosen.length > MAX_SDK_BINARIES) pkg.unreadable.push({ file: pkg.fileName, reason: `${chosen.length - MAX_SDK_BINARIES} more binaries not read (limit ${MAX_SDK_BINARIES})` });
  await readBundleFiles(pkg, zip, zip.entries, read, DEFAULT_BUNDLE_FILE_LIMITS, signal);
}
