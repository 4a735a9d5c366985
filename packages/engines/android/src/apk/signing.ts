/**
 * The package's signatures in one record: which schemes are present (v1 JAR,
 * v2, v3, v3.1), whether each verifies, and the signer certificate read with
 * the shared X.509 reader (the newest scheme's signer wins, as on a device).
 */
import { type CertificateInfo, FormatError, hashNameOf, parseCertificate, parseSignedData, verifySigner } from '@citadel/engine-core';
import {
  type ApkLayout,
  type ComputedEntryDigests,
  type ContentDigestAlgorithm,
  type V1EntryReport,
  type V1Report,
  analyzeV1Signature,
  checkV1Entries,
  contentDigestAlgorithms,
  isV1SignatureEntry,
  readSigningBlock,
  v1DigestRequests,
  verifyApkSigningBlock,
} from '../formats/index.ts';

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
  /** v1: the entries checked against MANIFEST.MF and what did not match (digests, unlisted, missing, unsigned entries). */
  v1Entries?: V1EntryReport;
  problems: string[];
}

export interface EntrySource {
  entryNames: readonly string[];
  read(name: string): Promise<Uint8Array>;
}

/** What the signatures need hashed: the v1 entry digests and the v2/v3 content digest algorithms. */
export interface SigningDigestRequests {
  entries: { name: string; algorithms: string[] }[];
  /** Set when the APK has a signing block. */
  content?: { signingBlockOffset: number; algorithms: ContentDigestAlgorithm[] };
}

/** The digests computed for the requests (apk/integrity). */
export interface SigningDigests {
  /** Hex content digests by algorithm. */
  content?: Partial<Record<ContentDigestAlgorithm, string>>;
  entries: ReadonlyMap<string, ComputedEntryDigests>;
}

/** The signature files read and parsed; what remains is hashing (requests) and judging (finishSigning). */
export interface PreparedSigning {
  requests: SigningDigestRequests;
  v1Files: { name: string; bytes: Uint8Array }[];
  v1: V1Report;
  entryNames: readonly string[];
  layout: ApkLayout | undefined;
  problems: string[];
}

const V1_MAX_BYTES = 8 << 20;
/** Entry problems of the v1 signature listed in `problems` (all are in v1Entries). */
const MAX_LISTED_ENTRY_PROBLEMS = 20;

/** Reads the v1 signature files and the signing block, and says what must be hashed to verify them. */
export async function prepareSigning(entries: EntrySource, layout: ApkLayout | undefined): Promise<PreparedSigning> {
  const problems: string[] = [];
  const v1Files: { name: string; bytes: Uint8Array }[] = [];
  for (const name of entries.entryNames) {
    if (!isV1SignatureEntry(name)) continue;
    try {
      const bytes = await entries.read(name);
      if (bytes.length <= V1_MAX_BYTES) v1Files.push({ name, bytes });
    } catch (e) {
      problems.push(`${name}: ${(e as Error).message}`);
    }
  }
  const v1 = analyzeV1Signature(v1Files);
  const requests: SigningDigestRequests = { entries: v1.present && v1.manifest ? v1DigestRequests(v1.manifest, entries.entryNames) : [] };
  if (layout) {
    try {
      const block = await readSigningBlock(layout);
      if (block) requests.content = { signingBlockOffset: block.offset, algorithms: contentDigestAlgorithms(block) };
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      // verifyApkSigningBlock reports it.
    }
  }
  return { requests, v1Files, v1, entryNames: entries.entryNames, layout, problems };
}

/** Verifies every signature from the prepared files and the computed digests. */
export async function finishSigning(p: PreparedSigning, digests: SigningDigests): Promise<SigningInfo> {
  const info: SigningInfo = { present: { v1: false, v2: false, v3: false, 'v3.1': false }, verified: {}, certificates: [], v1DigestAlgorithms: [], v1ApkSigned: [], problems: [...p.problems] };
  const { v1, v1Files } = p;
  info.problems.push(...v1.problems);
  info.present.v1 = v1.present;
  let v1Certs: CertificateInfo[] = [];
  if (v1.present) {
    let ok = true;
    for (const s of v1.signers) {
      info.problems.push(...s.problems.map((x) => `${s.signatureFile}: ${x}`));
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
    if (v1.manifest) {
      const entries = checkV1Entries(v1.manifest, v1.signers, p.entryNames, digests.entries);
      info.v1Entries = entries;
      if (entries.problems.length > 0) {
        ok = false;
        for (const x of entries.problems.slice(0, MAX_LISTED_ENTRY_PROBLEMS)) info.problems.push(`v1: ${x.entry}: ${x.detail}`);
        if (entries.problems.length > MAX_LISTED_ENTRY_PROBLEMS) info.problems.push(`v1: ${entries.problems.length - MAX_LISTED_ENTRY_PROBLEMS} more entry problems`);
      }
    }
    info.verified.v1 = ok;
  }

  if (p.layout) {
    const report = await verifyApkSigningBlock(p.layout, digests.content);
    info.problems.push(...report.problems);
    for (const scheme of ['v2', 'v3', 'v3.1'] as const) {
      const s = report.schemes[scheme];
      if (!s) continue;
      info.present[scheme] = true;
      info.verified[scheme] = s.verified;
      info.problems.push(...s.problems.map((x) => `${scheme}: ${x}`));
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
