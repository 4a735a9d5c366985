/**
 * Target fields of an SDK assessment (SPEC §3 SDK: name, file name, size,
 * version, category): the name from the AAR manifest's package or the most
 * common package among the classes, the version from the JAR manifest or an
 * AndroidX-style META-INF/*.version file, the category from the SDK library.
 */
import type { ThirdPartySdk } from '@citadel/contracts';
import { packageSegments } from '@citadel/engine-core';
import { fileFacts } from './app-info.ts';
import type { PackageModel } from './model.ts';

function mainPackage(classNames: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const n of classNames) {
    const seg = packageSegments(n);
    if (seg.length < 2) continue;
    const p = seg.slice(0, Math.min(3, seg.length - 1)).join('.');
    counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export function sdkTarget(model: PackageModel, classNames: readonly string[], sdks: readonly ThirdPartySdk[]): Record<string, unknown> {
  const pkg = model.textManifest?.packageName ?? model.manifest?.info.packageName ?? mainPackage(classNames);
  const own = sdks.find((s) => pkg && (pkg === s.matched || pkg.startsWith(`${s.matched}.`)));
  return {
    ...fileFacts(model),
    sdkName: own?.name ?? pkg ?? model.fileName.replace(/\.(aar|jar)$/i, ''),
    packageName: pkg,
    version: model.manifest?.info.versionName ?? sdkVersionFromName(model.fileName),
    category: own?.category ?? 'other',
    permissions: model.textManifest?.permissions ?? model.manifest?.info.permissions.map((p) => p.name) ?? [],
    classCount: classNames.length,
    nativeLibraries: model.nativeLibs.map((l) => l.path),
    embeddedSdks: sdks.filter((s) => s !== own).map((s) => s.name),
  };
}

/** "okhttp-4.12.0.jar" → "4.12.0". */
export function sdkVersionFromName(fileName: string): string | undefined {
  return /[-_]v?(\d+(?:\.\d+){1,3}(?:[-.][A-Za-z0-9]+)?)\.(?:aar|jar)$/i.exec(fileName)?.[1];
}
