/**
 * The target fields of the result page and reports (SPEC §3): for an app its
 * name, bundle id, version and build, minimum OS, size and hashes, team,
 * signer, provisioning type and expiry, architectures, linked and embedded
 * frameworks; for an SDK its name, version, category, architectures.
 */
import type { SdkMatcher } from '@citadel/engine-core';
import { plistGet, plistString } from '../formats/index.ts';
import type { IosPackage } from './model.ts';

const str = (pkg: IosPackage, key: string) => plistString(plistGet(pkg.infoPlist?.value, key));

function architectures(pkg: IosPackage): string[] {
  const main = pkg.binaries.find((b) => b.role === 'main') ?? pkg.binaries[0];
  return main ? main.slices.map((s) => s.arch) : [];
}

function minimumOs(pkg: IosPackage): string | undefined {
  const fromPlist = str(pkg, 'MinimumOSVersion');
  if (fromPlist) return fromPlist;
  const main = pkg.binaries.find((b) => b.role === 'main') ?? pkg.binaries[0];
  return main?.slices.flatMap((s) => s.platforms)[0]?.minos;
}

function linkedFrameworks(pkg: IosPackage): string[] {
  const main = pkg.binaries.find((b) => b.role === 'main') ?? pkg.binaries[0];
  return [...new Set((main?.slices ?? []).flatMap((s) => s.dylibs.map((d) => d.name)))];
}

/** The fields every target has: what was uploaded, its size and hashes. */
function fileFields(pkg: IosPackage): Record<string, unknown> {
  return { kind: pkg.kind, fileName: pkg.fileName, size: pkg.size, md5: pkg.hashes.md5, sha1: pkg.hashes.sha1, sha256: pkg.hashes.sha256 };
}

export function appTarget(pkg: IosPackage): Record<string, unknown> {
  const main = pkg.binaries.find((b) => b.role === 'main');
  const profile = pkg.provisioning;
  const cd = main?.signature?.codeDirectory;
  return {
    ...fileFields(pkg),
    appName: str(pkg, 'CFBundleDisplayName') ?? str(pkg, 'CFBundleName'),
    bundleId: str(pkg, 'CFBundleIdentifier'),
    /** Also under the Android field names, so shared list columns fill for both platforms. */
    packageName: str(pkg, 'CFBundleIdentifier'),
    versionName: str(pkg, 'CFBundleShortVersionString'),
    versionCode: str(pkg, 'CFBundleVersion'),
    minimumOSVersion: minimumOs(pkg),
    sdkName: str(pkg, 'DTSDKName'),
    executable: main?.path,
    teamId: cd?.teamId ?? profile?.teamId,
    teamName: profile?.teamName,
    signingIdentifier: cd?.identifier,
    signer: main?.signer,
    provisioning: profile
      ? { type: profile.type, name: profile.name, uuid: profile.uuid, teamId: profile.teamId, teamName: profile.teamName, creationDate: profile.creationDate, expirationDate: profile.expirationDate, provisionedDevices: profile.provisionedDevices, developerCertificates: profile.developerCertificates }
      : undefined,
    encrypted: main ? main.slices.some((s) => s.protections.encrypted) : undefined,
    architectures: architectures(pkg),
    linkedFrameworks: linkedFrameworks(pkg),
    embeddedFrameworks: pkg.embeddedFrameworks,
    plugins: pkg.plugins,
    fileCount: pkg.files.length,
  };
}

export function sdkTarget(pkg: IosPackage, sdks: SdkMatcher): Record<string, unknown> {
  const first = pkg.binaries[0];
  const baseName = (first?.path ?? pkg.fileName).split('/').pop()!.replace(/\.(?:a|dylib)$/, '').replace(/^lib/, '');
  const name = str(pkg, 'CFBundleName') ?? str(pkg, 'CFBundleExecutable') ?? baseName;
  const self = sdks.matchIosFramework(name) ?? sdks.matchIosFramework(baseName);
  return {
    ...fileFields(pkg),
    name,
    bundleId: str(pkg, 'CFBundleIdentifier'),
    version: str(pkg, 'CFBundleShortVersionString') ?? /(\d+(?:\.\d+){1,3})/.exec(pkg.fileName)?.[1],
    category: self?.sdk.category ?? 'other',
    knownSdk: self?.sdk.name,
    minimumOSVersion: minimumOs(pkg),
    architectures: [...new Set(pkg.binaries.flatMap((b) => b.slices.map((s) => s.arch)))],
    binaries: pkg.binaries.map((b) => b.path),
    linkedFrameworks: linkedFrameworks(pkg),
  };
}
