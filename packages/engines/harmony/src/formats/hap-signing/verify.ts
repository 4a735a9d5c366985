/**
 * Offline verification of a HAP signature, as far as it goes without the
 * device's trusted roots:
 *
 *  1. the signature sub-block is PKCS#7 SignedData whose content is the digest
 *     info (appverify GetDigestAndAlgorithm, little-endian):
 *       i32 version, i32 block count, then per block
 *       i32 length (= 8 + digest length), i32 signature algorithm id,
 *       i32 digest length, digest bytes — the first block is what is checked;
 *  2. the signer's signature over its signed attributes verifies with its
 *     certificate's key, and the messageDigest attribute matches the content;
 *  3. the digest computed over the package (content-digest.ts) equals the
 *     signed one;
 *  4. the profile sub-block's own PKCS#7 signature verifies (it is signed by
 *     the profile issuer, not by the app key);
 *  5. each certificate of the signer's chain present in the block is signed by
 *     its issuer's certificate, when that one is in the block too;
 *  6. the signer certificate is the one the profile was issued for.
 *
 * The result is verified (1–3 hold), tampered (a signature or the digest does
 * not match: bytes changed after signing) or not_verifiable (with why: an
 * unknown digest size, a missing certificate, an algorithm node:crypto does
 * not support, an unreadable structure).
 */
import { type CertificateInfo, FormatError, type SignedData, parseCertificate, verifyCertificateSignature, verifySigner } from '@citadel/engine-core';
import type { HapProfile } from './profile-json.ts';
import { type HapDigestAlgorithm, computeHapContentDigest } from './content-digest.ts';
import type { HapSigningBlock, HapZipLocator } from './signing-block.ts';

export type HapVerificationStatus = 'verified' | 'tampered' | 'not_verifiable';

export interface HapVerification {
  status: HapVerificationStatus;
  /** Why it is tampered or not verifiable. */
  reason?: string;
  /** Signature algorithm id of the digest info (0x201: ECDSA with SHA-256, as hapsigner writes it). */
  algorithmId?: number;
  digestAlgorithm?: HapDigestAlgorithm;
  /** Whether the package digest equals the signed one (undefined when not computed). */
  contentDigestMatches?: boolean;
  /** The signer info of the signature sub-block (signed attributes, messageDigest). */
  signerSignature: { valid: boolean | undefined; reason?: string };
  /** The profile's own PKCS#7 signature; undefined without a profile. */
  profileSignature?: { valid: boolean | undefined; reason?: string };
  /** Links of the signer's chain checked inside the block: "subject ← issuer: ok / fails / …". */
  chain: { subject: string; issuer: string; valid: boolean | undefined; reason?: string }[];
  /**
   * Whether the signer certificate is the one the profile was issued for
   * (distribution-certificate of a release profile, development-certificate
   * otherwise, as appverify compares them); undefined when the profile names
   * none or it cannot be read.
   */
  signerMatchesProfile?: boolean;
}

const DIGEST_BY_LENGTH: Record<number, HapDigestAlgorithm> = { 32: 'sha256', 48: 'sha384', 64: 'sha512' };
const DIGEST_INFO_HEAD = 20;
const MAX_DIGEST_LENGTH = 64;

export interface SignedDigest {
  version: number;
  algorithmId: number;
  digest: Uint8Array;
}

/** The digest info carried by the signature sub-block; FormatError when it is not one. */
export function readSignedDigest(content: Uint8Array): SignedDigest {
  const fail = (m: string, at: number): never => {
    throw new FormatError(`signed digest info: ${m}`, 'hap-signature', at);
  };
  if (content.length < DIGEST_INFO_HEAD) fail(`${content.length} bytes, fewer than its ${DIGEST_INFO_HEAD}-byte head`, 0);
  const dv = new DataView(content.buffer, content.byteOffset, content.length);
  const version = dv.getInt32(0, true);
  const blocks = dv.getInt32(4, true);
  const blockLength = dv.getInt32(8, true);
  const algorithmId = dv.getInt32(12, true);
  const digestLength = dv.getInt32(16, true);
  if (blocks < 1) fail(`${blocks} digest blocks`, 4);
  if (digestLength <= 0 || digestLength > MAX_DIGEST_LENGTH) fail(`digest length ${digestLength}`, 16);
  if (blockLength !== digestLength + 8) fail(`block length ${blockLength} is not 8 + digest length ${digestLength}`, 8);
  if (DIGEST_INFO_HEAD + digestLength > content.length) fail(`digest of ${digestLength} bytes runs past the ${content.length}-byte content`, 16);
  return { version, algorithmId, digest: content.subarray(DIGEST_INFO_HEAD, DIGEST_INFO_HEAD + digestLength) };
}

/**
 * Verifies the package against its signing block. `signature` and `profile`
 * are the parsed SignedData of those sub-blocks (undefined when missing or
 * unreadable; `why` says which).
 */
export async function verifyHapSignature(
  zip: HapZipLocator,
  block: HapSigningBlock,
  parts: { signature?: SignedData; profile?: SignedData; why?: string },
  signal?: AbortSignal,
): Promise<HapVerification> {
  const result: HapVerification = { status: 'not_verifiable', signerSignature: { valid: undefined }, chain: [] };
  if (parts.profile) {
    const s = parts.profile.signers[0];
    result.profileSignature = s ? summarise(verifySigner(parts.profile, s)) : { valid: undefined, reason: 'profile SignedData has no signer' };
  }
  const sd = parts.signature;
  if (!sd) return { ...result, reason: parts.why ?? 'no readable signature sub-block' };
  const signer = sd.signers[0];
  if (!signer) return { ...result, reason: 'signature SignedData has no signer' };
  if (signer.certificate) result.chain = chainLinks(signer.certificate, sd.certificates);
  result.signerSignature = summarise(verifySigner(sd, signer));
  if (!sd.content) return { ...result, reason: 'signature SignedData carries no digest info' };

  let signed: SignedDigest;
  try {
    signed = readSignedDigest(sd.content);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return { ...result, reason: e.message };
  }
  result.algorithmId = signed.algorithmId;
  const algorithm = DIGEST_BY_LENGTH[signed.digest.length];
  if (!algorithm) return { ...result, reason: `no digest algorithm of ${signed.digest.length} bytes` };
  result.digestAlgorithm = algorithm;
  let actual: Uint8Array;
  try {
    actual = await computeHapContentDigest(zip, block.offset, block.blocks, algorithm, signal);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return { ...result, reason: e.message };
  }
  result.contentDigestMatches = Buffer.compare(Buffer.from(actual), Buffer.from(signed.digest)) === 0;

  if (result.signerSignature.valid === false) return { ...result, status: 'tampered', reason: `signer signature: ${result.signerSignature.reason ?? 'does not verify'}` };
  if (!result.contentDigestMatches) return { ...result, status: 'tampered', reason: `the ${algorithm} digest of the package differs from the signed one: entries, central directory or profile changed after signing` };
  if (result.signerSignature.valid === undefined) return { ...result, reason: `signer signature: ${result.signerSignature.reason ?? 'could not be checked'}` };
  return { ...result, status: 'verified' };
}

/** Compares the signer with the certificate PEM the profile names for its type. */
export function signerMatchesProfile(signer: CertificateInfo | undefined, profile: Pick<HapProfile, 'type' | 'bundleInfo'> | undefined): boolean | undefined {
  const b = profile?.bundleInfo;
  const pem = profile?.type === 'release' ? (b?.distributionCertificatePem ?? b?.developmentCertificatePem) : (b?.developmentCertificatePem ?? b?.distributionCertificatePem);
  if (!signer || !pem) return undefined;
  const base64 = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/.exec(pem)?.[1];
  if (!base64) return undefined;
  try {
    return parseCertificate(Buffer.from(base64.replace(/\s/g, ''), 'base64')).fingerprints.sha256 === signer.fingerprints.sha256;
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return undefined;
  }
}

function summarise(r: { valid: boolean | undefined; reason?: string }): { valid: boolean | undefined; reason?: string } {
  return r.reason ? { valid: r.valid, reason: r.reason } : { valid: r.valid };
}

/** Signer → issuer → … while the issuer's certificate is in the block (at most its size, so no loops). */
function chainLinks(leaf: CertificateInfo, certs: readonly CertificateInfo[]): HapVerification['chain'] {
  const links: HapVerification['chain'] = [];
  let cert = leaf;
  for (let i = 0; i < certs.length && !cert.selfIssued; i++) {
    const issuer = certs.find((c) => c.subject === cert.issuer);
    if (!issuer) break;
    links.push({ subject: cert.subject, issuer: issuer.subject, ...summarise(verifyCertificateSignature(cert, issuer)) });
    cert = issuer;
  }
  return links;
}
