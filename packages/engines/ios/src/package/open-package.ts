/**
 * Opens an iOS app or SDK safely and builds the IosPackage once: an IPA
 * (ZIP with Payload/*.app), a zipped .framework/.xcframework/.a/.dylib, or a
 * bare static library (.a) or dynamic library (.dylib). An input that is none
 * of these is an EngineInputError; parts that cannot be read are listed in
 * `unreadable` and the rest is still assessed.
 */
import { open, stat } from 'node:fs/promises';
import { EngineInputError, FormatError, type SdkMatcher, type ZipArchive, fileHashes, openZip, readHead } from '@citadel/engine-core';
import { isArArchive, isMachO } from '../formats/index.ts';
import { DEFAULT_BINARY_LIMITS } from './binary.ts';
import { describeError } from './bundle-files.ts';
import { findAppDir, type IpaLimits, readIpa } from './ipa.ts';
import type { IosPackage } from './model.ts';
import { hasSdkContent, readSdkArchive, summarizeSdkBinary } from './sdk-archive.ts';

export const DEFAULT_OPEN_LIMITS: IpaLimits = { maxBinaryBytes: 512 << 20, maxEmbeddedBinaries: 100, binary: DEFAULT_BINARY_LIMITS };

/** ZIP anomalies every iOS toolchain produces or that carry no risk. */
const TOLERATED_ANOMALIES = new Set(['trailing-bytes', 'declared-ratio']);

export function hasZipMagic(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6);
}

function emptyPackage(fileName: string, size: number, hashes: IosPackage['hashes']): IosPackage {
  return { kind: 'ipa', fileName, size, hashes, bundleDir: '', plists: [], binaries: [], textFiles: [], files: [], embeddedFrameworks: [], plugins: [], anomalies: [], unreadable: [] };
}

async function openArchive(path: string, fileName: string): Promise<ZipArchive> {
  try {
    return await openZip(path);
  } catch (e) {
    if (e instanceof FormatError) throw new EngineInputError('corrupt', `${fileName} is not a readable ZIP archive: ${e.message}`);
    throw e;
  }
}

export async function openPackage(path: string, fileName: string, sdks: SdkMatcher, signal?: AbortSignal, limits: IpaLimits = DEFAULT_OPEN_LIMITS): Promise<IosPackage> {
  const size = (await stat(path)).size;
  const head = await readHead(path, 8);
  if (hasZipMagic(head)) {
    const zip = await openArchive(path, fileName);
    try {
      const appDir = findAppDir(zip.entries);
      if (!appDir && !hasSdkContent(zip)) throw new EngineInputError('unsupported_format', `${fileName} is a ZIP archive but holds neither an app (Payload/*.app) nor an iOS framework or library`);
      const pkg = emptyPackage(fileName, size, await fileHashes(path, signal));
      for (const e of zip.entries) if (!e.isDirectory && pkg.files.length < 100_000) pkg.files.push({ path: e.name, size: e.uncompressedSize });
      for (const a of zip.anomalies) if (!TOLERATED_ANOMALIES.has(a.kind)) pkg.anomalies.push({ file: a.entries?.[0] ?? fileName, detail: `${a.kind}: ${a.detail}` });
      if (appDir) await readIpa(pkg, zip, appDir, sdks, limits, signal);
      else await readSdkArchive(pkg, zip, limits, signal);
      if (pkg.binaries.length === 0 && !pkg.infoPlist) throw new EngineInputError('corrupt', `${fileName}: neither the Info.plist nor any binary could be read (${pkg.unreadable.slice(0, 3).map((u) => `${u.file}: ${u.reason}`).join('; ')})`);
      return pkg;
    } finally {
      await zip.close();
    }
  }
  if (!isMachO(head) && !isArArchive(head)) throw new EngineInputError('unsupported_format', `${fileName} is not an IPA, a zipped framework, a static library or a dynamic library`);
  if (size > limits.maxBinaryBytes) throw new EngineInputError('too_large', `${fileName}: ${size} bytes is over the ${limits.maxBinaryBytes}-byte limit for one binary`);
  const bytes = await readBinaryFile(path, size);
  const pkg = emptyPackage(fileName, size, await fileHashes(path, signal));
  pkg.files.push({ path: fileName, size });
  try {
    const summary = summarizeSdkBinary(bytes, fileName);
    pkg.binaries.push(summary);
    pkg.kind = summary.role === 'library' ? 'static_library' : 'dylib';
    pkg.embeddedFrameworks.push(fileName);
    for (const err of summary.sliceErrors) pkg.anomalies.push({ file: fileName, detail: err });
  } catch (e) {
    if (e instanceof FormatError) throw new EngineInputError('corrupt', `${fileName}: ${describeError(e)}`);
    throw e;
  }
  return pkg;
}

/** The whole file, whose size was checked against the limit first. */
async function readBinaryFile(path: string, size: number): Promise<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await fh.read(buf, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return buf.subarray(0, at);
  } finally {
    await fh.close();
  }
}
