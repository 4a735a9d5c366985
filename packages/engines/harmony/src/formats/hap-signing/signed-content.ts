/**
 * Reads the two PKCS#7 sub-blocks with engine-core's CMS parser: the profile
 * (whose encapsulated content is the profile JSON) and the signature (whose
 * certificates name the signer). Errors are re-labelled with the sub-block
 * they came from.
 */
import { FormatError, parseSignedData, type CertificateInfo, type SignedData } from '@citadel/engine-core';

export type SignedCertificate = CertificateInfo;
export type SignedContent = SignedData;

/** Parses a PKCS#7 SignedData; a FormatError (format = `what`) when the bytes are not one. */
export function parseSignedContent(der: Uint8Array, what: string): SignedContent {
  try {
    return parseSignedData(der);
  } catch (e) {
    if (e instanceof FormatError) throw new FormatError(e.message, what, e.offset);
    throw e;
  }
}
