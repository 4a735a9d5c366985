/**
 * The parsed package every check reads: built once by openPackage() and
 * shared, so no check re-reads the archive or re-parses a format.
 */
import type { ZipArchive } from '@citadel/engine-core';
import type { DexFile, ResourceTable, XmlDocument } from '../formats/index.ts';
import type { ClassFileInfo } from './class-file.ts';
import type { ManifestInfo } from './manifest-info.ts';
import type { SigningInfo } from './signing.ts';

export type PackageKind = 'apk' | 'apks' | 'xapk' | 'aab' | 'aar' | 'jar';

export interface NativeLib {
  /** Entry path, e.g. lib/arm64-v8a/libfoo.so (base/lib/… in an AAB, jni/… in an AAR). */
  path: string;
  /** ABI directory name, e.g. arm64-v8a. */
  abi: string;
  size: number;
}

export interface DexEntry {
  /** Entry path, e.g. classes2.dex. */
  file: string;
  dex: DexFile;
}

export interface PackageModel {
  kind: PackageKind;
  fileName: string;
  size: number;
  /** MD5/SHA-1/SHA-256 of the file: empty strings until `integrity` resolves. */
  hashes: { md5: string; sha1: string; sha256: string };
  /** The archive holding the app: the file itself, or the base APK of a split set. */
  zip: ZipArchive;
  /** Entry names of `zip`, in directory order. */
  entryNames: string[];
  /** Path prefix of the module inside `zip`: "base/" for an AAB, "" otherwise. */
  modulePrefix: string;
  manifest?: { file: string; doc: XmlDocument; info: ManifestInfo };
  /** AAR/JAR manifests are text: only the package name and permissions are read from them. */
  textManifest?: { file: string; packageName?: string; permissions: string[] };
  resources?: ResourceTable;
  /** Strings of the resources.arsc global pool (values of string resources, file paths …), for the secret scan. */
  resourceStrings: string[];
  /** Whether XML resources are protobuf (AAB) rather than binary AXML. */
  protoXml: boolean;
  dex: DexEntry[];
  /** JAR/AAR: classes read from .class files (names, constant-pool strings and references). */
  classFiles: ClassFileInfo[];
  nativeLibs: NativeLib[];
  /** Set when `integrity` resolves (openPackage() waits for it). */
  signing?: SigningInfo;
  /** Split APKs of an APKS/XAPK set, by entry name (listed, not assessed). */
  splits: string[];
  /** Zip/AXML anomalies worth showing as evidence of tampering. */
  anomalies: { file: string; detail: string }[];
  /** Parts that could not be read. */
  unreadable: { file: string; reason: string }[];
  /** Resolves once `hashes` and `signing` are set: their hashing runs beside the parsing. */
  integrity: Promise<void>;
  /** Closes the archive and stops hashing still under way. */
  close(): Promise<void>;
}
