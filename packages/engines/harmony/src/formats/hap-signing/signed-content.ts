/**
 * Reads the two PKCS#7 sub-blocks with engine-core's CMS parser: the profile
 * (whose encapsulated content is the profile JSON) and the signature (whose
 * certificates name the signer).
 *
 * engine-core/src/asn1 has landed but its package index does not re-export it
 * yet, so the parser is looked up on the package namespace at run time and
 * typed here by the few fields we use. Once `@citadel/engine-core` exports
 * `parseSignedData`, replace this lookup with a plain import.
 */
import * as core from '@citadel/engine-core';
import { FormatError } from '@citadel/engine-core';

/** The fields of engine-core's CertificateInfo this reader passes on. */
export interface SignedCertificate {
  der: Uint8Array;
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  signatureHash?: string;
  fingerprints: { md5: string; sha1: string; sha256: string };
  selfSigned: boolean | undefined;
  isCA: boolean;
}

/** The fields of engine-core's SignedData this reader passes on. */
export interface SignedContent {
  contentType: string;
  content?: Uint8Array;
  certificates: SignedCertificate[];
  certificateErrors: string[];
  signers: { signatureHash?: string; certificate?: SignedCertificate; signingTime?: string }[];
}

type ParseSignedData = (der: Uint8Array) => SignedContent;

/** The shared CMS parser, or undefined while engine-core does not export it. */
export function sharedCmsParser(): ParseSignedData | undefined {
  const fn = (core as Record<string, unknown>)['parseSignedData'];
  return typeof fn === 'function' ? (fn as ParseSignedData) : undefined;
}

/** Parses a PKCS#7 SignedData with the shared parser; a FormatError when it is missing or the bytes are not SignedData. */
export function parseSignedContent(der: Uint8Array, what: string): SignedContent {
  const parse = sharedCmsParser();
  if (!parse) throw new FormatError('the shared CMS parser (engine-core asn1) is not exported by @citadel/engine-core', what);
  try {
    return parse(der);
  } catch (e) {
    if (e instanceof FormatError) throw new FormatError(e.message, what, e.offset);
    throw e;
  }
}
