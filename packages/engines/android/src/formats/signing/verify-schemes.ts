/**
 * Verifies the v2 / v3 / v3.1 schemes of an APK: for every signer, each
 * signature over its signed data (node:crypto, key from the signer's
 * SubjectPublicKeyInfo), that the first certificate carries that same key,
 * and each content digest against the APK's bytes. Reports what is present
 * and what verifies; a malformed scheme is a problem of that scheme, not an
 * exception.
 */
import { X509Certificate, createPublicKey, verify as cryptoVerify, constants, type KeyObject } from 'node:crypto';
import { FormatError } from '@citadel/engine-core';
import { computeContentDigest, type ContentDigestAlgorithm } from './content-digest.ts';
import { SIGNATURE_ALGORITHMS, parseSchemeBlock, type SchemeSigner } from './scheme-block.ts';
import { readSigningBlock, type ApkLayout, type SigningBlock } from './signing-block.ts';

export type SchemeName = 'v2' | 'v3' | 'v3.1';
const SCHEMES: SchemeName[] = ['v2', 'v3', 'v3.1'];

export interface SignerVerification {
  certificates: Uint8Array[];
  publicKey: Uint8Array;
  minSdk?: number;
  maxSdk?: number;
  additionalAttributes: { id: number; value: Uint8Array }[];
  /** valid is undefined when the algorithm is unknown to us. */
  signatures: { algorithm: number; name: string; valid: boolean | undefined }[];
  /** valid is undefined when not checked (verity digests). */
  digests: { algorithm: number; name: string; expected: string; computed?: string; valid: boolean | undefined }[];
  publicKeyMatchesCertificate: boolean | undefined;
  problems: string[];
}

export interface SchemeVerification {
  scheme: SchemeName;
  signers: SignerVerification[];
  /** Every signer has a valid signature, a matching certificate and at least one verified, no failed, digest. */
  verified: boolean;
  problems: string[];
}

export interface ApkSigningReport {
  signingBlock?: { offset: number; length: number; pairs: { id: number; name?: string; size: number }[] };
  schemes: Partial<Record<SchemeName, SchemeVerification>>;
  sourceStamp: boolean;
  problems: string[];
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

function verifySignature(key: KeyObject, algorithm: number, data: Uint8Array, sig: Uint8Array): boolean | undefined {
  const alg = SIGNATURE_ALGORITHMS[algorithm];
  if (!alg) return undefined;
  const padding = alg.padding === 'pss' ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: alg.digest === 'sha256' ? 32 : 64 } : {};
  try {
    return cryptoVerify(alg.digest, data, { key, ...padding }, sig);
  } catch {
    return false;
  }
}

async function verifySigner(s: SchemeSigner, digestOf: (a: ContentDigestAlgorithm) => Promise<Uint8Array>): Promise<SignerVerification> {
  const out: SignerVerification = {
    certificates: s.certificates,
    publicKey: s.publicKey,
    additionalAttributes: s.additionalAttributes,
    signatures: [],
    digests: [],
    publicKeyMatchesCertificate: undefined,
    problems: [],
  };
  if (s.minSdk !== undefined) out.minSdk = s.minSdk;
  if (s.maxSdk !== undefined) out.maxSdk = s.maxSdk;
  if (s.sdkRangeConsistent === false) out.problems.push('SDK range in signed data differs from the signer’s');
  let key: KeyObject | undefined;
  try {
    key = createPublicKey({ key: Buffer.from(s.publicKey), format: 'der', type: 'spki' });
  } catch {
    out.problems.push('public key unreadable');
  }
  for (const sig of s.signatures) {
    const name = SIGNATURE_ALGORITHMS[sig.algorithm]?.name ?? `unknown 0x${sig.algorithm.toString(16)}`;
    out.signatures.push({ algorithm: sig.algorithm, name, valid: key ? verifySignature(key, sig.algorithm, s.signedData, sig.signature) : false });
  }
  if (s.signatures.length === 0) out.problems.push('no signatures');
  const cert = s.certificates[0];
  if (!cert) out.problems.push('no certificate');
  else {
    try {
      const certKey = new X509Certificate(Buffer.from(cert)).publicKey.export({ type: 'spki', format: 'der' });
      out.publicKeyMatchesCertificate = Buffer.compare(certKey, Buffer.from(s.publicKey)) === 0;
    } catch {
      out.problems.push('certificate unreadable');
    }
  }
  const signedAlgs = new Set(s.signatures.map((x) => x.algorithm));
  for (const d of s.digests) {
    const alg = SIGNATURE_ALGORITHMS[d.algorithm];
    const entry: SignerVerification['digests'][number] = { algorithm: d.algorithm, name: alg?.name ?? `unknown 0x${d.algorithm.toString(16)}`, expected: hex(d.digest), valid: undefined };
    if (!signedAlgs.has(d.algorithm)) out.problems.push(`digest algorithm 0x${d.algorithm.toString(16)} has no signature`);
    if (alg && !alg.verity) {
      entry.computed = hex(await digestOf(alg.digest));
      entry.valid = entry.computed === entry.expected;
    }
    out.digests.push(entry);
  }
  return out;
}

function isVerified(s: SignerVerification): boolean {
  return (
    s.signatures.some((x) => x.valid === true) &&
    s.signatures.every((x) => x.valid !== false) &&
    s.publicKeyMatchesCertificate === true &&
    s.digests.some((d) => d.valid === true) &&
    s.digests.every((d) => d.valid !== false)
  );
}

/** The content-digest algorithms the block's signers ask for (to compute them ahead, e.g. on a worker). */
export function contentDigestAlgorithms(block: SigningBlock): ContentDigestAlgorithm[] {
  const out = new Set<ContentDigestAlgorithm>();
  for (const scheme of SCHEMES) {
    const pair = block.pairs.find((p) => p.name === scheme);
    if (!pair) continue;
    try {
      for (const s of parseSchemeBlock(pair.value, scheme)) {
        for (const d of s.digests) {
          const alg = SIGNATURE_ALGORITHMS[d.algorithm];
          if (alg && !alg.verity) out.add(alg.digest);
        }
      }
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
    }
  }
  return [...out];
}

/**
 * Reads the signing block of an APK and verifies every scheme found in it.
 * Content digests given in `precomputed` (hex, by algorithm) are used as
 * they are; the others are computed here from the APK's bytes.
 */
export async function verifyApkSigningBlock(apk: ApkLayout, precomputed: Partial<Record<ContentDigestAlgorithm, string>> = {}): Promise<ApkSigningReport> {
  const report: ApkSigningReport = { schemes: {}, sourceStamp: false, problems: [] };
  let block: SigningBlock | undefined;
  try {
    block = await readSigningBlock(apk);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    report.problems.push(e.message);
    return report;
  }
  if (!block) return report;
  report.signingBlock = { offset: block.offset, length: block.length, pairs: block.pairs.map((p) => ({ id: p.id, ...(p.name ? { name: p.name } : {}), size: p.value.length })) };
  report.sourceStamp = block.pairs.some((p) => p.name === 'source-stamp-v1' || p.name === 'source-stamp-v2');

  const digests = new Map<ContentDigestAlgorithm, Promise<Uint8Array>>();
  const digestOf = (a: ContentDigestAlgorithm): Promise<Uint8Array> => {
    let d = digests.get(a);
    if (!d) {
      const given = precomputed[a];
      d = given !== undefined ? Promise.resolve(Buffer.from(given, 'hex')) : computeContentDigest(apk, block!.offset, a);
      digests.set(a, d);
    }
    return d;
  };
  for (const scheme of SCHEMES) {
    const pair = block.pairs.find((p) => p.name === scheme);
    if (!pair) continue;
    const result: SchemeVerification = { scheme, signers: [], verified: false, problems: [] };
    try {
      const signers = parseSchemeBlock(pair.value, scheme);
      if (signers.length === 0) result.problems.push('no signers');
      for (const s of signers) result.signers.push(await verifySigner(s, digestOf));
      result.verified = result.signers.length > 0 && result.signers.every(isVerified);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      result.problems.push(e.message);
    }
    report.schemes[scheme] = result;
  }
  return report;
}
