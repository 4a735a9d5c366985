/**
 * The package's signatures in one record: which schemes are present (v1 JAR,
 * v2, v3, v3.1), whether each verifies, and the signer certificate read with
 * the shared X.509 reader (the newest scheme's signer wins, as on a device).
 */
import { type CertificateInfo, FormatError, hashNameOf, parseCertificate, parseSignedData, verifySigner } from '@citadel/engine-core';
import { type ApkLayout, analyzeV1Signature, isV1SignatureEntry, verifyApkSigningBlock } from '../formats/index.ts';

export type SchemeId = 'v1' | 'v2' | 'v3' | 'v3.1';

export interface SigningInfo {
  present: Record<SchemeId, boolean>;
  /** Whether each present scheme verifies (undefined: could not be decided). */
  verified: Partial<Record<SchemeId, boolean | undefined>>;
  /** Certificates of the signer a device would use (v3.1 > v3 > v2 > v1), leaf first. */
  certificates: CertificateInfo[];
  /** Which scheme the certificates come from. */
  certificateScheme?: SchemeId;
  /** v1: the digest and signature hash algorithms of each SignerInfo (sha1, sha256 …). */
  v1DigestAlgorithms: string[];
  /** v1 .SF header X-Android-APK-Signed: the schemes the signer also used (stripping protection). */
  v1ApkSigned: number[];
  problems: string[];
}

export interface EntrySource {
  entryNames: readonly string[];
  read(name: string): Promise<Uint8Array>;
}

const V1_MAX_BYTES = 8 << 20;

export async function readSigning(entries: EntrySource, layout: ApkLayout | undefined): Promise<SigningInfo> {
  const info: SigningInfo = { present: { v1: false, v2: false, v3: false, 'v3.1': false }, verified: {}, certificates: [], v1DigestAlgorithms: [], v1ApkSigned: [], problems: [] };
  const v1Files: { name: string; bytes: Uint8Array }[] = [];
  for (const name of entries.entryNames) {
    if (!isV1SignatureEntry(name)) continue;
    try {
      const bytes = await entries.read(name);
      if (bytes.length <= V1_MAX_BYTES) v1Files.push({ name, bytes });
    } catch (e) {
      info.problems.push(`${name}: ${(e as Error).message}`);
    }
  }
  const v1 = analyzeV1Signature(v1Files);
  info.problems.push(...v1.problems);
  info.present.v1 = v1.present;
  let v1Certs: CertificateInfo[] = [];
  if (v1.present) {
    let ok = true;
    for (const s of v1.signers) {
      info.problems.push(...s.problems.map((p) => `${s.signatureFile}: ${p}`));
      info.v1ApkSigned.push(...s.apkSignedSchemes);
      if (s.manifestDigestValid === false && s.sectionsFailed.length > 0) ok = false;
      if (!s.blockBytes) {
        ok = false;
        continue;
      }
      try {
        const sd = parseSignedData(s.blockBytes);
        if (v1Certs.length === 0) v1Certs = sd.certificates;
        const sf = v1Files.find((f) => f.name === s.signatureFile)?.bytes;
        for (const signer of sd.signers) {
          info.v1DigestAlgorithms.push(hashNameOf(signer.digestAlgorithm.oid) ?? 'unknown');
          if (signer.signatureHash) info.v1DigestAlgorithms.push(signer.signatureHash);
          const v = verifySigner(sd, signer, sf);
          if (v.valid === false) ok = false;
        }
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        info.problems.push(`${s.blockFile}: ${e.message}`);
        ok = false;
      }
    }
    info.verified.v1 = ok;
  }

  if (layout) {
    const report = await verifyApkSigningBlock(layout);
    info.problems.push(...report.problems);
    for (const scheme of ['v2', 'v3', 'v3.1'] as const) {
      const s = report.schemes[scheme];
      if (!s) continue;
      info.present[scheme] = true;
      info.verified[scheme] = s.verified;
      info.problems.push(...s.problems.map((p) => `${scheme}: ${p}`));
    }
    for (const scheme of ['v3.1', 'v3', 'v2'] as const) {
      const signer = report.schemes[scheme]?.signers[0];
      if (!signer || signer.certificates.length === 0) continue;
      try {
        info.certificates = signer.certificates.map((der) => parseCertificate(der));
        info.certificateScheme = scheme;
        break;
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        info.problems.push(`${scheme} certificate: ${e.message}`);
      }
    }
  }
  if (info.certificates.length === 0 && v1Certs.length > 0) {
    info.certificates = v1Certs;
    info.certificateScheme = 'v1';
  }
  return info;
}

export function anySignature(s: SigningInfo): boolean {
  return s.present.v1 || s.present.v2 || s.present.v3 || s.present['v3.1'];
}
