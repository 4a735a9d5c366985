/**
 * One call for the engine: the signing block of a HAP with its profile JSON
 * and the certificates of the profile and of the signature, plus what could
 * not be read, and the offline verification of the signature (verify.ts).
 * Offline checks only: the engine decides what a debug profile
 * or an elevated apl means.
 */
import { FormatError } from '@citadel/engine-core';
import { readHapProfileJson, type HapProfile } from './profile-json.ts';
import { parseSignedContent, type SignedCertificate, type SignedContent } from './signed-content.ts';
import { readHapSigningBlock, type HapSigningBlock, type HapZipLocator } from './signing-block.ts';
import { type HapVerification, signerMatchesProfile, verifyHapSignature } from './verify.ts';

export interface HapSignatureInfo {
  block: HapSigningBlock;
  profile?: HapProfile;
  /** Certificates carried by the profile's SignedData (the profile signing chain). */
  profileCertificates: SignedCertificate[];
  /** Certificates carried by the signature sub-block (the app signing chain, leaf first as stored). */
  signatureCertificates: SignedCertificate[];
  /** Certificate that signed the package (the signer info's certificate), when identified. */
  signer?: SignedCertificate;
  /** Offline verification: digest of the package, signer and profile signatures, chain links. */
  verification: HapVerification;
  /** Parts that could not be read, e.g. "profile: …". */
  problems: string[];
}

/** undefined for an unsigned package; a FormatError only when the block itself is malformed. */
export async function readHapSignature(zip: HapZipLocator, signal?: AbortSignal): Promise<HapSignatureInfo | undefined> {
  const block = await readHapSigningBlock(zip);
  if (!block) return undefined;
  const info: HapSignatureInfo = { block, profileCertificates: [], signatureCertificates: [], verification: { status: 'not_verifiable', signerSignature: { valid: undefined }, chain: [] }, problems: [] };
  const parsed: { signature?: SignedContent; profile?: SignedContent; why?: string } = {};
  const attempt = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      info.problems.push(`${what}: ${e.message}`);
    }
  };

  const profileBlock = block.blocks.find((b) => b.kind === 'profile');
  if (!profileBlock) info.problems.push('profile: no profile sub-block');
  else
    attempt('profile', () => {
      const sd = parseSignedContent(profileBlock.data, 'hap-profile');
      parsed.profile = sd;
      info.profileCertificates = sd.certificates;
      if (!sd.content) throw new FormatError('SignedData has no encapsulated content', 'hap-profile');
      info.profile = readHapProfileJson(sd.content);
    });

  const signatureBlock = block.blocks.find((b) => b.kind === 'signature');
  if (!signatureBlock) info.problems.push((parsed.why = 'signature: no signature sub-block'));
  else
    attempt('signature', () => {
      const sd = parseSignedContent(signatureBlock.data, 'hap-signature');
      parsed.signature = sd;
      info.signatureCertificates = sd.certificates;
      info.signer = sd.signers[0]?.certificate;
    });
  if (signatureBlock && !parsed.signature) parsed.why = info.problems.find((p) => p.startsWith('signature:'));
  info.verification = await verifyHapSignature(zip, block, parsed, signal);
  const matches = signerMatchesProfile(info.signer, info.profile);
  if (matches !== undefined) info.verification.signerMatchesProfile = matches;
  return info;
}
