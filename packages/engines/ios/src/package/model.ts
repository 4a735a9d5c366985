/**
 * The parsed package every check reads, built once by openPackage(): the app
 * bundle of an IPA (Info.plist, main executable, embedded.mobileprovision,
 * frameworks, plug-ins, bundled files) or the binaries of an SDK. Binaries are
 * kept as summaries (no image bytes), so a large package is not held in memory.
 */
import type { Attribution } from '@citadel/contracts';
import type { BinaryProtections, ExtractedString, PlatformVersion, PlistValue, CodeSignature, DylibRef, InsecureImportHit } from '../formats/index.ts';
import type { ProvisioningProfile } from './provisioning.ts';

export type PackageKind = 'ipa' | 'framework' | 'xcframework' | 'static_library' | 'dylib' | 'sdk_archive';

export type BinaryRole = 'main' | 'framework' | 'plugin' | 'dylib' | 'library';

/** One architecture slice of a Mach-O file, reduced to what the checks read. */
export interface SliceSummary {
  arch: string;
  filetypeName: string;
  /** Mach-O header flag names, e.g. MH_PIE. */
  flagNames: string[];
  protections: BinaryProtections;
  imports: string[];
  dylibs: DylibRef[];
  rpaths: string[];
  platforms: PlatformVersion[];
  /** arm64 only: file offsets of "mov x16/w16, #26; … svc #0x80" sequences (inline ptrace). */
  inlinePtraceSyscalls: number[];
}

export interface BinarySummary {
  /** Path inside the package, e.g. Payload/App.app/App; "libfoo.a(bar.o)" for an object in a static library. */
  path: string;
  role: BinaryRole;
  /** MAIN for the app's own code (or the assessed SDK's), the SDK's name for embedded third-party code. */
  owner: Attribution;
  size: number;
  fat: boolean;
  slices: SliceSummary[];
  /** Fat slices that could not be read (or are not Mach-O). */
  sliceErrors: string[];
  /** Objective-C class names and Swift type names of the first readable slice. */
  classNames: string[];
  /** Literal strings of the first readable slice. */
  strings: ExtractedString[];
  stringsTruncated: boolean;
  /** The code signature of the first slice that has one. */
  signature?: CodeSignature;
  signatureError?: string;
  /** From the signature's CMS: the signing certificate, when present. */
  signer?: SignerSummary;
}

export interface SignerSummary {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  sha1: string;
  sha256: string;
}

export interface BundledFile {
  path: string;
  size: number;
}

export interface PlistFile {
  path: string;
  value: PlistValue;
}

export interface IosPackage {
  kind: PackageKind;
  fileName: string;
  size: number;
  hashes: { md5: string; sha1: string; sha256: string };
  /** Payload/<Name>.app/ for an IPA (with the slash); the SDK bundle's folder otherwise (may be ""). */
  bundleDir: string;
  /** The app's (or the main framework's) Info.plist, when readable. */
  infoPlist?: PlistFile;
  /** Other property lists in the bundle that were parsed (for secrets). */
  plists: PlistFile[];
  /** Every Mach-O read: the main executable first (IPA), then frameworks, plug-ins, libraries. */
  binaries: BinarySummary[];
  provisioning?: ProvisioningProfile;
  /** Text files of the bundle kept for the secret scan (bounded count and size). */
  textFiles: { path: string; text: string }[];
  /** Every file of the package with its size (bounded). */
  files: BundledFile[];
  /** Embedded framework and dylib names (Frameworks/…), plug-in names (PlugIns/…). */
  embeddedFrameworks: string[];
  plugins: string[];
  /** Archive and structure anomalies worth showing as evidence. */
  anomalies: { file: string; detail: string }[];
  unreadable: { file: string; reason: string }[];
}

export function mainBinary(pkg: IosPackage): BinarySummary | undefined {
  return pkg.binaries.find((b) => b.role === 'main');
}
