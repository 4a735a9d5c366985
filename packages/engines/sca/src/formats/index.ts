/**
 * Which parser reads which file, by its name (as OSV-Scanner recognises
 * lockfiles). `parseManifest` takes the file's bytes and, for formats that
 * refer to other files of the project (requirements `-r`, a POM's parent),
 * a view of the project's other manifests.
 */
import type { Manifest } from '../model.ts';
import { parseCargoLock } from './cargo-lock.ts';
import { parseComposerLock } from './composer-lock.ts';
import { parseGemfileLock } from './gemfile-lock.ts';
import { parseGoMod } from './go-mod.ts';
import { type PomModel, parsePom } from './maven.ts';
import { parseNpmLock } from './npm-lock.ts';
import { parsePnpmLock } from './pnpm-lock.ts';
import { type IncludeReader, parsePipfileLock, parsePoetryLock, parseRequirements } from './python.ts';
import { parseYarnLock } from './yarn-lock.ts';
import { parseBunLock } from './bun-lock.ts';
import { parseCargoAuditable } from './cargo-auditable.ts';
import { parsePodfileLock } from './cocoapods.ts';
import { parseConanLock } from './conan-lock.ts';
import { parseGoBinary, readGoBuildInfo, MAX_BINARY_BYTES } from './go-binary.ts';
import { parseGradleLockfile, parseGradleVerificationMetadata } from './gradle.ts';
import { parseMixLock } from './mix-lock.ts';
import { parseCsproj, parseNugetLock, parsePackagesConfig } from './nuget.ts';
import { type OsRelease, parseApkInstalled, parseDpkgStatus, parseOsRelease } from './os-packages.ts';
import { parsePdmLock } from './pdm-lock.ts';
import { parsePubspecLock } from './pubspec-lock.ts';
import { parseRenvLock } from './renv-lock.ts';
import { parsePackageResolved } from './swiftpm.ts';
import { parseUvLock } from './uv-lock.ts';
import { ManifestError } from '../model.ts';
import { SBOM_NAME, parseSbom } from '../sbom/import.ts';

export { parseCargoLock, parseComposerLock, parseGemfileLock, parseGoMod, parseNpmLock, parsePnpmLock, parsePipfileLock, parsePoetryLock, parseRequirements, parseYarnLock, parsePom };
export { parsePomProperties, readPom, type PomModel } from './maven.ts';
export { parseBunLock, parseCargoAuditable, parseConanLock, parseCsproj, parseGoBinary, parseGradleLockfile, parseGradleVerificationMetadata, parseMixLock, parseNugetLock, parsePackagesConfig, parsePackageResolved, parsePdmLock, parsePodfileLock, parsePubspecLock, parseRenvLock, parseUvLock, parseDpkgStatus, parseApkInstalled };
export { jarIdentityFromManifest } from './jar-manifest.ts';

export interface ProjectView {
  /** Another file of the input by a path relative to `from` (requirements includes). */
  include?: IncludeReader;
  /** A POM of the project by its coordinates (parents). */
  parentPom?: (groupId: string, artifactId: string) => PomModel | undefined;
}

type Parser = (file: string, bytes: Uint8Array, view: ProjectView) => Manifest;

const BY_NAME: [RegExp, Parser][] = [
  [/^(?:package-lock|npm-shrinkwrap)\.json$/, (f, b) => parseNpmLock(f, b)],
  [/^yarn\.lock$/, (f, b) => parseYarnLock(f, b)],
  [/^pnpm-lock\.yaml$/, (f, b) => parsePnpmLock(f, b)],
  [/^(?:.*requirements.*\.txt|requirements\.in)$/i, (f, b, v) => parseRequirements(f, b, v.include)],
  [/^Pipfile\.lock$/, (f, b) => parsePipfileLock(f, b)],
  [/^poetry\.lock$/, (f, b) => parsePoetryLock(f, b)],
  [/^go\.mod$/, (f, b) => parseGoMod(f, b)],
  [/^Cargo\.lock$/, (f, b) => parseCargoLock(f, b)],
  [/^composer\.lock$/, (f, b) => parseComposerLock(f, b)],
  [/^(?:Gemfile|gems\.rb)\.lock$|^gems\.locked$/, (f, b) => parseGemfileLock(f, b)],
  [/^pom\.xml$/, (f, b, v) => parsePom(f, b, v.parentPom)],
  [/^uv\.lock$/, (f, b) => parseUvLock(f, b)],
  [/^pdm\.lock$/, (f, b) => parsePdmLock(f, b)],
  [/^bun\.lock$/, (f, b) => parseBunLock(f, b)],
  [/^(?:buildscript-)?gradle\.lockfile$/, (f, b) => parseGradleLockfile(f, b)],
  [/^verification-metadata\.xml$/, (f, b) => parseGradleVerificationMetadata(f, b)],
  [/^packages\.lock\.json$/, (f, b) => parseNugetLock(f, b)],
  [/^[^/]+\.(?:cs|fs|vb)proj$/, (f, b) => parseCsproj(f, b)],
  [/^packages\.config$/, (f, b) => parsePackagesConfig(f, b)],
  [/^pubspec\.lock$/, (f, b) => parsePubspecLock(f, b)],
  [/^mix\.lock$/, (f, b) => parseMixLock(f, b)],
  [/^conan\.lock$/, (f, b) => parseConanLock(f, b)],
  [/^Podfile\.lock$/, (f, b) => parsePodfileLock(f, b)],
  [/^Package\.resolved$/, (f, b) => parsePackageResolved(f, b)],
  [/^renv\.lock$/, (f, b) => parseRenvLock(f, b)],
  // An SBOM given instead of sources (CycloneDX JSON/XML, SPDX JSON): sbom/import.ts.
  [SBOM_NAME, (f, b) => parseSbom(f, b)],
];

/** The image's os-release next to an installed-package database (…/var/lib/dpkg/status → …/etc/os-release). */
function osReleaseFor(file: string, view: ProjectView, up: string): OsRelease | undefined {
  for (const ref of [`${up}etc/os-release`, `${up}usr/lib/os-release`]) {
    const f = view.include?.(file, ref);
    if (f) return parseOsRelease(Buffer.from(f.bytes).toString('utf8').slice(0, 64 << 10));
  }
  return undefined;
}

/** Formats known by their place in a root file system, not by their name alone. */
const BY_PATH: [RegExp, Parser][] = [
  [/(?:^|\/)var\/lib\/dpkg\/status$/, (f, b, v) => parseDpkgStatus(f, b, osReleaseFor(f, v, '../../../'))],
  [/(?:^|\/)lib\/apk\/db\/installed$/, (f, b, v) => parseApkInstalled(f, b, osReleaseFor(f, v, '../../../'))],
];

/** Files read only to help another parser (the distribution release); not manifests themselves. */
const AUXILIARY = /(?:^|\/)(?:etc|usr\/lib)\/os-release$/;
export const isAuxiliaryName = (path: string): boolean => AUXILIARY.test(path);

/** The parser of a file by its name, or by its path for root file system databases (pass the path inside the input). */
export function parserFor(fileName: string): Parser | undefined {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  return BY_NAME.find(([re]) => re.test(base))?.[1] ?? BY_PATH.find(([re]) => re.test(fileName))?.[1];
}

/** Files the input collector keeps: manifests and the auxiliary files their parsers consult. */
export const isManifestName = (fileName: string): boolean => parserFor(fileName) !== undefined || isAuxiliaryName(fileName);

/** ELF, PE or Mach-O (either byte order, 32/64-bit, fat) by the first four bytes: a binary that may carry build info. */
export function isExecutableHeader(head: Uint8Array): boolean {
  const m = head.length >= 4 ? ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0 : 0;
  return m === 0x7f454c46 || (head[0] === 0x4d && head[1] === 0x5a) || [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(m);
}

/** Components recorded in an executable: Go build info, else a cargo-auditable section. */
export function parseBinary(file: string, bytes: Uint8Array): Manifest {
  if (bytes.length > MAX_BINARY_BYTES) throw new ManifestError(file, `${bytes.length} bytes is over the limit of ${MAX_BINARY_BYTES}`, 'too_large');
  if (readGoBuildInfo(file, bytes)) return parseGoBinary(file, bytes);
  try {
    return parseCargoAuditable(file, bytes);
  } catch (e) {
    if (e instanceof ManifestError && e.code === 'unsupported') throw new ManifestError(file, 'an executable without Go build info or a cargo-auditable .dep-v0 section: its components cannot be told', 'unsupported');
    throw e;
  }
}
export { MAX_BINARY_BYTES };
export const isJavaArchiveName = (fileName: string): boolean => /\.(?:jar|war|ear)$/i.test(fileName);
