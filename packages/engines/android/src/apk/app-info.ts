/**
 * The target fields of the result page and reports (SPEC §3 app and SDK
 * assessment): names, versions, size and hashes, signer certificate, SDK
 * levels, permissions, components, native libraries per ABI.
 */
import { type CertificateInfo, certificateFacts } from '@citadel/engine-core';
import { androidAttribute, valueAsReference, valueAsString } from '../formats/index.ts';
import type { PackageModel } from './model.ts';

export function appLabel(model: PackageModel): string | undefined {
  const app = model.manifest?.info.application;
  const v = app ? androidAttribute(app, 'label')?.value : undefined;
  if (!v) return undefined;
  const id = valueAsReference(v);
  if (id !== undefined) {
    try {
      return model.resources?.resolveString(id) ?? undefined;
    } catch {
      return undefined;
    }
  }
  return valueAsString(v) || undefined;
}

/** What every target (app or SDK) says about the uploaded file: its kind, name, size and hashes. */
export function fileFacts(model: PackageModel): Record<string, unknown> {
  return {
    kind: model.kind,
    fileName: model.fileName,
    size: model.size,
    md5: model.hashes.md5,
    sha1: model.hashes.sha1,
    sha256: model.hashes.sha256,
  };
}

export function certificateSummary(c: CertificateInfo): Record<string, unknown> {
  return { ...certificateFacts(c), md5: c.fingerprints.md5, sha1: c.fingerprints.sha1, sha256: c.fingerprints.sha256, isDebug: c.isAndroidDebug };
}

export function appTarget(model: PackageModel, nativeLibraries: { path: string; abi: string; size: number }[], packers: string[]): Record<string, unknown> {
  const info = model.manifest?.info;
  const s = model.signing;
  const byAbi: Record<string, string[]> = {};
  for (const l of nativeLibraries) (byAbi[l.abi] ??= []).push(l.path.slice(l.path.lastIndexOf('/') + 1));
  const components = (kinds: string[]) => (info?.components ?? []).filter((c) => kinds.includes(c.kind)).map((c) => ({ name: c.name, exported: c.exported, ...(c.permission ? { permission: c.permission } : {}) }));
  return {
    ...fileFacts(model),
    appName: appLabel(model) ?? info?.packageName,
    packageName: info?.packageName,
    versionName: info?.versionName,
    versionCode: info?.versionCode,
    minSdkVersion: info?.minSdk,
    targetSdkVersion: info?.targetSdk,
    compileSdkVersion: info?.compileSdk,
    signatureSchemes: s ? (Object.keys(s.present) as (keyof typeof s.present)[]).filter((k) => s.present[k]) : [],
    signatureVerified: s?.verified,
    signer: s?.certificates[0] ? certificateSummary(s.certificates[0]) : undefined,
    permissions: info?.permissions ?? [],
    activities: components(['activity', 'activity-alias']),
    services: components(['service']),
    receivers: components(['receiver']),
    providers: components(['provider']),
    nativeLibraries: byAbi,
    packers,
    splits: model.splits,
    dexFiles: model.dex.map((d) => d.file),
  };
}
