/**
 * The target fields of the result page and reports (SPEC §3 app assessment):
 * name resolved through resources.index, bundle name, versions, API levels,
 * size and hashes, signer and profile, permissions, abilities, modules,
 * native libraries and ohpm packages.
 */
import { type CertificateInfo, certificateFacts } from '@citadel/engine-core';
import { type HapVerification, resolveResource } from '../formats/index.ts';
import { permissionInfo } from '../permissions/index.ts';
import { type HarmonyModule, type HarmonyPackage, appFacts } from './model.ts';

export function appName(m: HarmonyModule): string | undefined {
  const f = appFacts(m);
  if (!m.resources) return f.label && !f.label.startsWith('$') ? f.label : undefined;
  for (const ref of [f.label, f.labelId]) {
    if (ref === undefined) continue;
    try {
      const v = resolveResource(m.resources, ref);
      if (v) return v;
    } catch {
      // an unreadable table leaves the name unresolved
    }
  }
  return undefined;
}

function certificate(c: CertificateInfo | undefined): Record<string, unknown> | undefined {
  return c ? { ...certificateFacts(c), sha256: c.fingerprints.sha256 } : undefined;
}

/** verified / tampered / not_verifiable with why, and what was checked. */
function verificationFacts(v: HapVerification): Record<string, unknown> {
  return {
    status: v.status,
    ...(v.reason ? { reason: v.reason } : {}),
    digestAlgorithm: v.digestAlgorithm,
    algorithmId: v.algorithmId,
    contentDigestMatches: v.contentDigestMatches,
    signerSignatureValid: v.signerSignature.valid,
    profileSignatureValid: v.profileSignature?.valid,
    signerMatchesProfile: v.signerMatchesProfile,
    chain: v.chain.map((l) => ({ subject: l.subject, issuer: l.issuer, valid: l.valid })),
  };
}

function moduleInfo(m: HarmonyModule): Record<string, unknown> {
  const s = m.stage?.module;
  const f = m.fa?.module;
  const p = m.signature?.profile;
  return {
    file: m.name,
    model: m.model,
    name: s?.name ?? f?.moduleName ?? f?.name,
    type: s?.type ?? f?.moduleType,
    deviceTypes: s?.deviceTypes ?? f?.deviceType ?? [],
    abilities: (s?.abilities ?? []).map((a) => ({ name: a.name, exported: a.exported ?? false, permissions: a.permissions })).concat((f?.abilities ?? []).map((a) => ({ name: a.name, exported: a.visible ?? false, permissions: a.permissions, type: a.type } as never))),
    extensionAbilities: (s?.extensionAbilities ?? []).map((x) => ({ name: x.name, type: x.type, exported: x.exported ?? false, permissions: x.permissions })),
    signed: m.signature !== undefined,
    profile: p && { type: p.type, apl: p.bundleInfo.apl, bundleName: p.bundleInfo.bundleName, appDistributionType: p.appDistributionType, issuer: p.issuer, appFeature: p.bundleInfo.appFeature, validity: p.validity },
    signer: certificate(m.signature?.signer),
    signature: m.signature && verificationFacts(m.signature.verification),
    abcFiles: m.abc.map((a) => a.path),
    /** Per ABC file: ISA version and whether its method code was decoded into call facts. */
    abcCode: m.abc.map((a) => ({
      file: a.path,
      version: a.file.header.version,
      code: a.file.code,
      methods: a.file.methods.length,
      undecodable: a.file.methods.filter((x) => x.problem).length,
      calls: a.file.methods.reduce((n, x) => n + x.calls.length, 0),
    })),
    dexFiles: m.dex.map((d) => d.path),
  };
}

export function appTarget(pkg: HarmonyPackage, extra: { nativeLibraries: unknown[]; ohpmPackages: unknown[] }): Record<string, unknown> {
  const main = pkg.modules.find((m) => (m.stage?.module.type ?? m.fa?.module.moduleType) === 'entry') ?? pkg.modules[0];
  const facts = main ? appFacts(main) : {};
  const sig = main?.signature;
  const permissions = [...new Set(pkg.modules.flatMap((m) => (m.stage?.module.requestPermissions ?? m.fa?.module.reqPermissions ?? []).map((r) => r.name)))];
  return {
    kind: pkg.kind,
    model: pkg.model,
    fileName: pkg.fileName,
    size: pkg.size,
    md5: pkg.hashes.md5,
    sha1: pkg.hashes.sha1,
    sha256: pkg.hashes.sha256,
    appName: (main && appName(main)) ?? facts.bundleName,
    packageName: facts.bundleName ?? pkg.packInfo?.bundleName,
    versionName: facts.versionName ?? pkg.packInfo?.versionName,
    versionCode: facts.versionCode ?? pkg.packInfo?.versionCode,
    minAPIVersion: facts.minApi,
    targetAPIVersion: facts.targetApi,
    compileSdk: main?.stage ? `${main.stage.app.compileSdkType ?? ''} ${main.stage.app.compileSdkVersion ?? ''}`.trim() || undefined : undefined,
    debug: main?.stage?.app.debug ?? Object.values(main?.fa?.deviceConfig ?? {}).some((d) => d.debug === true),
    signer: certificate(sig?.signer),
    signature: sig ? verificationFacts(sig.verification) : main?.signatureError ? { status: 'not_verifiable', reason: main.signatureError } : { status: 'unsigned' },
    profileType: sig?.profile?.type,
    apl: sig?.profile?.bundleInfo.apl,
    profileIssuer: sig?.profile?.issuer,
    permissions: permissions.map((name) => ({ name, ...(permissionInfo(name) ?? {}) })),
    modules: pkg.modules.map(moduleInfo),
    nativeLibraries: extra.nativeLibraries,
    ohpmPackages: extra.ohpmPackages,
  };
}
