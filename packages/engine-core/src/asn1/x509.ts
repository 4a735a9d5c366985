/**
 * X.509 certificate reading: what the app-info pages and the certificate
 * checks need (subject, issuer, serial, validity, algorithms, key size,
 * fingerprints, self-signed, Android debug certificate).
 *
 * Parsed with our own bounded DER reader rather than node's X509Certificate,
 * so a malformed certificate is a FormatError with an offset, and fields
 * OpenSSL normalises (name order, serial sign) are reported as stored.
 * node:crypto is used for key sizes and signature checks.
 */
import { createHash } from 'node:crypto';
import {
  type DerNode,
  TAG,
  expectSequence,
  fail,
  isContext,
  isUniversal,
  parseDer,
  readBitString,
  readBoolean,
  readIntegerHex,
  readOctets,
  readSmallInt,
  readString,
  readTime,
} from './der.ts';
import { NAME_ATTRIBUTE_LABELS, OIDS, readOid } from './oid.ts';
import {
  type AlgorithmIdentifier,
  type PublicKeyInfo,
  type VerifyResult,
  readAlgorithmIdentifier,
  readPublicKeyInfo,
  signatureHashName,
  verifySignature,
} from './signature.ts';

export interface NameAttribute {
  oid: string;
  /** Short label (CN, O, OU, C …) or the dotted OID. */
  type: string;
  value: string;
}

export interface CertificateInfo {
  /** The whole certificate, DER. */
  der: Uint8Array;
  version: number;
  /** Serial number as lower-case hex without leading zero bytes. */
  serialNumber: string;
  /** RFC 4514 string, most specific first: "CN=Android Debug,O=Android,C=US". */
  subject: string;
  issuer: string;
  /** Attributes in stored order (least specific first, as in the DER). */
  subjectAttributes: NameAttribute[];
  issuerAttributes: NameAttribute[];
  /** ISO-8601 UTC. */
  notBefore: string;
  notAfter: string;
  signatureAlgorithm: AlgorithmIdentifier;
  /** Hash of the certificate signature (md5, sha1, sha256 …), when known: the "weak signature" checks read this. */
  signatureHash?: string;
  publicKey: PublicKeyInfo;
  /** Lower-case hex, no separators. */
  fingerprints: { md5: string; sha1: string; sha256: string };
  /** Issuer and subject names are identical. */
  selfIssued: boolean;
  /** Self-issued and its signature verifies with its own key (undefined when the algorithm could not be checked). */
  selfSigned: boolean | undefined;
  /** The well-known debug certificate of the Android SDK: CN=Android Debug,O=Android,C=US. */
  isAndroidDebug: boolean;
  /** basicConstraints cA flag (false when absent). */
  isCA: boolean;
  extensions: { oid: string; critical: boolean; value: Uint8Array }[];
  /** Raw pieces for chain checks. */
  tbs: Uint8Array;
  signature: Uint8Array;
  issuerDer: Uint8Array;
  subjectDer: Uint8Array;
}

/** The fields of a certificate that an assessment's target information shows (engines add the fingerprints they report). */
export function certificateFacts(c: CertificateInfo): Record<string, unknown> {
  return {
    subject: c.subject,
    issuer: c.issuer,
    serialNumber: c.serialNumber,
    notBefore: c.notBefore,
    notAfter: c.notAfter,
    signatureAlgorithm: c.signatureAlgorithm.name,
    publicKeyAlgorithm: c.publicKey.algorithm,
    publicKeyBits: c.publicKey.bits,
  };
}

/** Reads one DER certificate. Throws FormatError('asn1') when malformed. */
export function parseCertificate(der: Uint8Array): CertificateInfo {
  return certificateFromNode(parseDer(der));
}

/** Reads a certificate from an already parsed node (CMS certificate sets). */
export function certificateFromNode(root: DerNode): CertificateInfo {
  const cert = expectSequence(root, 'certificate', 3);
  const tbs = expectSequence(cert.children[0], 'tbsCertificate', 6);
  const signatureAlgorithm = readAlgorithmIdentifier(cert.children[1], 'signature algorithm');
  const { bytes: signature } = readBitString(cert.children[2], 'signature');

  const f = tbs.children;
  let i = 0;
  let version = 1;
  if (isContext(f[0], 0)) {
    version = readSmallInt(f[0]!.children[0], 'version') + 1;
    i++;
  }
  const serialNumber = readIntegerHex(f[i++], 'serial number');
  i++; // inner signature algorithm: must equal the outer one; the outer one is what is reported
  const issuerNode = expectSequence(f[i++], 'issuer');
  const validity = expectSequence(f[i++], 'validity', 2);
  const subjectNode = expectSequence(f[i++], 'subject');
  const publicKey = readPublicKeyInfo(f[i++]);
  const extensions: CertificateInfo['extensions'] = [];
  for (; i < f.length; i++) {
    if (isContext(f[i], 3) && f[i]!.children[0]) extensions.push(...readExtensions(f[i]!.children[0]!));
  }

  const issuerAttributes = readName(issuerNode);
  const subjectAttributes = readName(subjectNode);
  const selfIssued = Buffer.compare(Buffer.from(issuerNode.raw), Buffer.from(subjectNode.raw)) === 0;
  const signatureHash = signatureHashName(signatureAlgorithm);
  const info: CertificateInfo = {
    der: cert.raw,
    version,
    serialNumber,
    subject: formatName(subjectAttributes),
    issuer: formatName(issuerAttributes),
    subjectAttributes,
    issuerAttributes,
    notBefore: readTime(validity.children[0], 'notBefore'),
    notAfter: readTime(validity.children[1], 'notAfter'),
    signatureAlgorithm,
    ...(signatureHash ? { signatureHash } : {}),
    publicKey,
    fingerprints: {
      md5: createHash('md5').update(cert.raw).digest('hex'),
      sha1: createHash('sha1').update(cert.raw).digest('hex'),
      sha256: createHash('sha256').update(cert.raw).digest('hex'),
    },
    selfIssued,
    selfSigned: false,
    isAndroidDebug: isAndroidDebugName(subjectAttributes),
    isCA: false,
    extensions,
    tbs: tbs.raw,
    signature,
    issuerDer: issuerNode.raw,
    subjectDer: subjectNode.raw,
  };
  info.isCA = readIsCA(extensions);
  if (selfIssued) {
    const r = verifyCertificateSignature(info, info);
    info.selfSigned = r.valid;
  }
  return info;
}

/** Checks that `cert` was signed by the key of `issuer`. */
export function verifyCertificateSignature(cert: CertificateInfo, issuer: CertificateInfo): VerifyResult {
  return verifySignature({ algorithm: cert.signatureAlgorithm, spki: issuer.publicKey.spki, data: cert.tbs, signature: cert.signature });
}

/** Whether `at` lies within notBefore..notAfter. */
export function isValidAt(cert: Pick<CertificateInfo, 'notBefore' | 'notAfter'>, at: Date): boolean {
  const t = at.getTime();
  return t >= Date.parse(cert.notBefore) && t <= Date.parse(cert.notAfter);
}

/** Name → attributes in stored order. Multi-valued RDNs are flattened. */
export function readName(node: DerNode): NameAttribute[] {
  const out: NameAttribute[] = [];
  for (const rdn of node.children) {
    if (!isUniversal(rdn, TAG.SET)) fail('name: RDN is not a SET', rdn);
    for (const atv of rdn.children) {
      const seq = expectSequence(atv, 'name attribute', 2);
      const oid = readOid(seq.children[0], 'name attribute type');
      const v = seq.children[1]!;
      // Unknown value encodings are shown as hex (RFC 4514 "#" form) rather than refused.
      const value = v.tagClass === 'universal' && isStringTag(v.tag) ? readString(v) : `#${Buffer.from(v.raw).toString('hex')}`;
      out.push({ oid, type: NAME_ATTRIBUTE_LABELS[oid] ?? oid, value });
    }
  }
  return out;
}

function isStringTag(tag: number): boolean {
  return [TAG.UTF8_STRING, TAG.PRINTABLE_STRING, TAG.T61_STRING, TAG.IA5_STRING, TAG.BMP_STRING, TAG.UNIVERSAL_STRING, TAG.NUMERIC_STRING, TAG.VISIBLE_STRING].includes(
    tag as never,
  );
}

/** RFC 4514 order (last RDN first), with the special characters escaped. */
export function formatName(attrs: NameAttribute[]): string {
  return [...attrs]
    .reverse()
    .map((a) => `${a.type}=${a.value.startsWith('#') ? a.value : escapeDnValue(a.value)}`)
    .join(',');
}

function escapeDnValue(v: string): string {
  let s = v.replace(/([,+"\\<>;=])/g, '\\$1');
  if (s.startsWith(' ') || s.startsWith('#')) s = `\\${s}`;
  if (s.endsWith(' ') && s.length > 1) s = `${s.slice(0, -1)}\\ `;
  return s;
}

function isAndroidDebugName(attrs: NameAttribute[]): boolean {
  const get = (oid: string) => attrs.filter((a) => a.oid === oid).map((a) => a.value);
  const cn = get(OIDS.commonName);
  const o = get(OIDS.organizationName);
  const c = get(OIDS.countryName);
  return attrs.length === 3 && cn.length === 1 && cn[0] === 'Android Debug' && o[0] === 'Android' && c[0] === 'US';
}

function readExtensions(seq: DerNode): CertificateInfo['extensions'] {
  const out: CertificateInfo['extensions'] = [];
  for (const ext of expectSequence(seq, 'extensions').children) {
    const e = expectSequence(ext, 'extension', 2);
    const oid = readOid(e.children[0], 'extension id');
    const hasCritical = isUniversal(e.children[1], TAG.BOOLEAN);
    const critical = hasCritical ? readBoolean(e.children[1]) : false;
    out.push({ oid, critical, value: readOctets(e.children[hasCritical ? 2 : 1], 'extension value') });
  }
  return out;
}

function readIsCA(extensions: CertificateInfo['extensions']): boolean {
  const bc = extensions.find((e) => e.oid === OIDS.basicConstraints);
  if (!bc) return false;
  const seq = expectSequence(parseDer(bc.value), 'basicConstraints');
  return isUniversal(seq.children[0], TAG.BOOLEAN) ? readBoolean(seq.children[0]) : false;
}
