/**
 * APK signatures: the APK Signing Block (v2, v3, v3.1, source stamp, …) with
 * digest and signature verification, and the v1 JAR signature files.
 * Certificates come out as DER bytes for the shared X.509 reader.
 */
export { readSigningBlock, SIGNING_BLOCK_IDS, type ApkLayout, type SigningBlock, type SigningBlockPair, type KnownBlockId } from './signing-block.ts';
export { parseSchemeBlock, SIGNATURE_ALGORITHMS, type SchemeSigner } from './scheme-block.ts';
export { computeContentDigest, type ContentDigestAlgorithm } from './content-digest.ts';
export { verifyApkSigningBlock, contentDigestAlgorithms, type ApkSigningReport, type SchemeVerification, type SignerVerification, type SchemeName } from './verify-schemes.ts';
export { parseJarManifest, digestAttributes, JAR_DIGESTS, type JarManifest, type ManifestSection } from './jar-manifest.ts';
export { analyzeV1Signature, verifyV1EntryDigest, isV1SignatureEntry, type V1Report, type V1Signer } from './v1-jar.ts';
export { checkV1Entries, needsManifestDigest, v1DigestRequests, type ComputedEntryDigests, type V1EntryProblem, type V1EntryProblemKind, type V1EntryReport } from './v1-entries.ts';
