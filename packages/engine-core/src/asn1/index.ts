/**
 * ASN.1 for signatures: a bounded DER/BER parser, OIDs, X.509 certificates
 * and PKCS#7/CMS SignedData with verification through node:crypto. Used by the
 * APK v1 signature, iOS embedded.mobileprovision and the HarmonyOS profile.
 */
export {
  type DerNode,
  type DerLimits,
  type TagClass,
  TAG as ASN1_TAG,
  parseDer,
  parseDerAll,
  isUniversal,
  isContext,
  expectUniversal,
  expectSequence,
  readBigInt,
  readSmallInt,
  readIntegerHex,
  readOctets,
  readBitString,
  readString,
  readTime,
  readBoolean,
} from './der.ts';
export { OIDS, type KnownOid, type KeyKind, readOid, decodeOid, oidName, hashNameOf, signatureAlgorithmInfo } from './oid.ts';
export {
  type AlgorithmIdentifier,
  type PublicKeyInfo,
  type VerifyResult,
  readAlgorithmIdentifier,
  readPublicKeyInfo,
  loadPublicKey,
  verifySignature,
  signatureHashName,
} from './signature.ts';
export {
  type CertificateInfo,
  type NameAttribute,
  parseCertificate,
  certificateFromNode,
  verifyCertificateSignature,
  isValidAt,
  formatName,
  certificateFacts,
} from './x509.ts';
export { type SignedData, type SignerInfo, type SignedAttribute, type SignerVerification, parseSignedData, verifySigner } from './cms.ts';
export { der as derWriter, tlv as derTlv } from './der-writer.ts';
export {
  type TestSignatureAlgorithm,
  type TestCertificateOptions,
  type TestSignedDataOptions,
  ANDROID_DEBUG_SUBJECT,
  buildTestCertificate,
  buildTestSignedData,
} from './testing.ts';
