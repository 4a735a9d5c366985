/**
 * Apple code signatures embedded in Mach-O images (LC_CODE_SIGNATURE): the
 * SuperBlob index, CodeDirectory (identifier, team id, flags, hashes, cdhash),
 * entitlements (XML parsed with the plist reader; DER left as bytes for the
 * shared ASN.1 code), requirements and the CMS signature bytes.
 */
export { readCodeSignature, readEmbeddedSignature, type CodeSignature, type SignatureBlob } from './superblob.ts';
export { readCodeDirectory, type CodeDirectory } from './code-directory.ts';
export * from './constants.ts';
