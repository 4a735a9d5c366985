/**
 * The HAP signing block (before the ZIP central directory): its sub-blocks by
 * type, the provisioning profile's JSON (type, bundle-info, apl, validity) and
 * the certificates of the profile and the signature. Takes any object with
 * `size`, `readAt`, `centralDirectoryOffset` and `eocdOffset` (the shared ZIP
 * reader's archive satisfies it).
 */
export {
  readHapSigningBlock,
  HAP_SUB_BLOCK_TYPES,
  HAP_BLOCK_TAIL_SIZE,
  DEFAULT_MAX_SIGNING_BLOCK_SIZE,
  type HapZipLocator,
  type HapSigningBlock,
  type HapSubBlock,
  type HapSubBlockKind,
} from './signing-block.ts';
export { readHapProfileJson, type HapProfile } from './profile-json.ts';
export { readHapSignature, type HapSignatureInfo } from './hap-signature.ts';
export { verifyHapSignature, readSignedDigest, signerMatchesProfile, type HapVerification, type HapVerificationStatus, type SignedDigest } from './verify.ts';
export { computeHapContentDigest, computeHapContentDigestOfBytes, DIGESTED_SUB_BLOCKS, type HapDigestAlgorithm } from './content-digest.ts';
export { parseSignedContent, type SignedContent, type SignedCertificate } from './signed-content.ts';
