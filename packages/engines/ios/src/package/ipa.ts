/**
 * The app bundle of an IPA (Payload/<Name>.app/): Info.plist, the main
 * executable named by CFBundleExecutable, embedded.mobileprovision, the
 * binaries of Frameworks/ (attributed to their SDK) and PlugIns/ (the app's own
 * extensions), and the bundled plists and text files.
 */
import type { Attribution } from '@citadel/contracts';
import { FormatError, type SdkMatcher, type ZipArchive, type ZipEntry } from '@citadel/engine-core';
import { plistGet, plistString, readPlist } from '../formats/index.ts';
import { type BinaryLimits, summarizeMachO } from './binary.ts';
import { DEFAULT_BUNDLE_FILE_LIMITS, describeError, readBundleFiles, readEntry } from './bundle-files.ts';
import type { BinaryRole, IosPackage } from './model.ts';
import { readProvisioningProfile } from './provisioning.ts';

export interface IpaLimits {
  /** Bytes of one Mach-O read into memory. */
  maxBinaryBytes: number;
  /** Binaries read besides the main executable (frameworks, dylibs, plug-ins). */
  maxEmbeddedBinaries: number;
  binary: BinaryLimits;
}

const MAX_PLIST_BYTES = 8 << 20;
const MAIN: Attribution = { kind: 'main' };
/** Swift runtime libraries copied into old apps: Apple's code, not the app's or an SDK's. */
const SWIFT_RUNTIME = /^libswift[A-Za-z0-9_]*\.dylib$/;

/** "Payload/App.app/" of the first app bundle, or undefined. */
export function findAppDir(entries: readonly ZipEntry[]): string | undefined {
  for (const e of entries) {
    const m = /^Payload\/([^/]+\.app)\//.exec(e.name);
    if (m) return `Payload/${m[1]}/`;
  }
  return undefined;
}

/** A bundle-relative name that stays inside the bundle: no separators, no dot segments. */
function safeName(name: string | undefined): string | undefined {
  return name && !/[/\\]/.test(name) && name !== '.' && name !== '..' && name.length <= 255 ? name : undefined;
}

async function bundleExecutable(pkg: IosPackage, zip: ZipArchive, bundleDir: string, fallback: string): Promise<string> {
  const entry = zip.getEntry(`${bundleDir}Info.plist`);
  if (!entry) return fallback;
  const bytes = await readEntry(pkg, zip, entry, MAX_PLIST_BYTES);
  if (!bytes) return fallback;
  try {
    return safeName(plistString(plistGet(readPlist(bytes), 'CFBundleExecutable'))) ?? fallback;
  } catch {
    return fallback;
  }
}

async function readBinary(pkg: IosPackage, zip: ZipArchive, path: string, role: BinaryRole, owner: Attribution, limits: IpaLimits): Promise<void> {
  const entry = zip.getEntry(path);
  if (!entry) {
    pkg.unreadable.push({ file: path, reason: 'the binary named by the bundle is missing' });
    return;
  }
  const bytes = await readEntry(pkg, zip, entry, limits.maxBinaryBytes);
  if (!bytes) return;
  try {
    pkg.binaries.push(summarizeMachO(bytes, path, role, owner, limits.binary));
    const last = pkg.binaries[pkg.binaries.length - 1]!;
    for (const err of last.sliceErrors) pkg.anomalies.push({ file: path, detail: err });
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    pkg.unreadable.push({ file: path, reason: describeError(e) });
  }
}

export async function readIpa(pkg: IosPackage, zip: ZipArchive, appDir: string, sdks: SdkMatcher, limits: IpaLimits, signal?: AbortSignal): Promise<void> {
  pkg.bundleDir = appDir;
  const inApp = zip.entries.filter((e) => e.name.startsWith(appDir));
  const read = new Set<string>();

  const infoPath = `${appDir}Info.plist`;
  const infoEntry = zip.getEntry(infoPath);
  read.add(infoPath);
  if (!infoEntry) pkg.unreadable.push({ file: infoPath, reason: 'the app bundle has no Info.plist' });
  else {
    const bytes = await readEntry(pkg, zip, infoEntry, MAX_PLIST_BYTES);
    if (bytes) {
      try {
        pkg.infoPlist = { path: infoPath, value: readPlist(bytes) };
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        pkg.unreadable.push({ file: infoPath, reason: describeError(e) });
      }
    }
  }

  const profilePath = `${appDir}embedded.mobileprovision`;
  const profileEntry = zip.getEntry(profilePath);
  if (profileEntry) {
    const bytes = await readEntry(pkg, zip, profileEntry, MAX_PLIST_BYTES);
    if (bytes) {
      try {
        pkg.provisioning = readProvisioningProfile(bytes);
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        pkg.unreadable.push({ file: profilePath, reason: describeError(e) });
      }
    }
  }

  signal?.throwIfAborted();
  const appName = appDir.slice('Payload/'.length, -'.app/'.length);
  const executable = safeName(plistString(plistGet(pkg.infoPlist?.value, 'CFBundleExecutable'))) ?? appName;
  const mainPath = `${appDir}${executable}`;
  read.add(mainPath);
  await readBinary(pkg, zip, mainPath, 'main', MAIN, limits);

  // Embedded frameworks, loose dylibs and app extensions, one level deep.
  const bundles = new Map<string, { dir: string; name: string; role: BinaryRole }>();
  for (const e of inApp) {
    const rest = e.name.slice(appDir.length);
    const fw = /^Frameworks\/([^/]+)\.framework\//.exec(rest);
    const appex = /^PlugIns\/([^/]+)\.appex\//.exec(rest);
    const dylib = /^Frameworks\/([^/]+\.dylib)$/.exec(rest);
    if (fw) bundles.set(`${appDir}Frameworks/${fw[1]}.framework/`, { dir: `${appDir}Frameworks/${fw[1]}.framework/`, name: fw[1]!, role: 'framework' });
    else if (appex) bundles.set(`${appDir}PlugIns/${appex[1]}.appex/`, { dir: `${appDir}PlugIns/${appex[1]}.appex/`, name: appex[1]!, role: 'plugin' });
    else if (dylib) bundles.set(e.name, { dir: '', name: dylib[1]!, role: 'dylib' });
  }
  let embedded = 0;
  for (const b of bundles.values()) {
    signal?.throwIfAborted();
    if (b.role === 'plugin') pkg.plugins.push(`${b.name}.appex`);
    else pkg.embeddedFrameworks.push(b.role === 'framework' ? `${b.name}.framework` : b.name);
    if (b.role === 'dylib' && SWIFT_RUNTIME.test(b.name)) continue;
    if (embedded >= limits.maxEmbeddedBinaries) {
      pkg.unreadable.push({ file: b.dir || b.name, reason: `more than ${limits.maxEmbeddedBinaries} embedded binaries: not read` });
      continue;
    }
    embedded++;
    const path = b.role === 'dylib' ? `${appDir}Frameworks/${b.name}` : `${b.dir}${await bundleExecutable(pkg, zip, b.dir, b.name)}`;
    read.add(path);
    const match = b.role === 'plugin' ? undefined : sdks.matchIosFramework(b.name);
    const owner: Attribution = b.role === 'plugin' ? MAIN : { kind: 'sdk', name: match?.sdk.name ?? b.name.replace(/\.dylib$/, '') };
    await readBinary(pkg, zip, path, b.role, owner, limits);
  }

  await readBundleFiles(pkg, zip, inApp, read, DEFAULT_BUNDLE_FILE_LIMITS, signal);
}
