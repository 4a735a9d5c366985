/**
 * Apple code signatures embedded in Mach-O images (LC_CODE_SIGNATURE): the
 * SuperBlob index, CodeDirectory (identifier, team id, flags, hashes, cdhash),
 * entitlements (XML parsed with the plist reader; DER left as bytes for the
 * shared ASN.1 code), requirements and the CMS signature bytes.
 */
export { readCodeSignature, readEmbeddedSignature, type CodeSignature, type SignatureBlob } from './superblob.ts';
export { readCodeDirectory, type CodeDirectory } from './code-directory.ts';
export {
  CODE_DIRECTORY_FLAGS, CSMAGIC_BLOBWRAPPER, CSMAGIC_CODEDIRECTORY, CSMAGIC_DETACHED_SIGNATURE, CSMAGIC_EMBEDDED_DER_ENTITLEMENTS,
  CSMAGIC_EMBEDDED_ENTITLEMENTS, CSMAGIC_EMBEDDED_SIGNATURE, CSMAGIC_REQUIREMENT, CSMAGIC_REQUIREMENTS, CSSLOT_CODEDIRECTORY,
  CSSLOT_DER_ENTITLEMENTS, CSSLOT_ENTITLEMENTS, CSSLOT_REQUIREMENTS, CSSLOT_SIGNATURESLOT, EXEC_SEGMENT_FLAGS, HASH_TYPES, slotName,
} from './constants.ts';
