/**
 * Object identifiers: decoding from DER and the table of the ones the readers
 * need (hash, signature and key algorithms, name attributes, CMS attributes).
 */
import { type DerNode, TAG, expectUniversal, fail } from './der.ts';

/** Dotted form of an OBJECT IDENTIFIER node, e.g. "1.2.840.113549.1.1.11". */
export function readOid(node: DerNode | undefined, what = 'object identifier'): string {
  const n = expectUniversal(node, TAG.OID, what);
  return decodeOid(n.content, n);
}

export function decodeOid(content: Uint8Array, node?: DerNode): string {
  if (content.length === 0) fail('empty object identifier', node);
  // No real OID is longer than this; the cap bounds bigint work on hostile input.
  if (content.length > 128) fail(`object identifier of ${content.length} bytes`, node);
  const arcs: bigint[] = [];
  let v = 0n;
  let pending = false;
  for (const b of content) {
    if (!pending && b === 0x80) fail('object identifier arc with a leading 0x80 byte', node);
    v = (v << 7n) | BigInt(b & 0x7f);
    pending = (b & 0x80) !== 0;
    if (!pending) {
      arcs.push(v);
      v = 0n;
    }
  }
  if (pending) fail('object identifier ends inside an arc', node);
  const first = arcs[0]!;
  const head = first < 40n ? [0n, first] : first < 80n ? [1n, first - 40n] : [2n, first - 80n];
  return [...head, ...arcs.slice(1)].map(String).join('.');
}

/** The OIDs the readers know by name. Names follow the RFCs / OpenSSL short names. */
export const OIDS = {
  // Hashes
  md5: '1.2.840.113549.2.5',
  sha1: '1.3.14.3.2.26',
  sha224: '2.16.840.1.101.3.4.2.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  sm3: '1.2.156.10197.1.401',
  // Public keys
  rsaEncryption: '1.2.840.113549.1.1.1',
  rsassaPss: '1.2.840.113549.1.1.10',
  mgf1: '1.2.840.113549.1.1.8',
  ecPublicKey: '1.2.840.10045.2.1',
  dsa: '1.2.840.10040.4.1',
  ed25519: '1.3.101.112',
  ed448: '1.3.101.113',
  sm2: '1.2.156.10197.1.301',
  // Signatures
  md2WithRSAEncryption: '1.2.840.113549.1.1.2',
  md5WithRSAEncryption: '1.2.840.113549.1.1.4',
  sha1WithRSAEncryption: '1.2.840.113549.1.1.5',
  sha224WithRSAEncryption: '1.2.840.113549.1.1.14',
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  sha384WithRSAEncryption: '1.2.840.113549.1.1.12',
  sha512WithRSAEncryption: '1.2.840.113549.1.1.13',
  ecdsaWithSHA1: '1.2.840.10045.4.1',
  ecdsaWithSHA224: '1.2.840.10045.4.3.1',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
  ecdsaWithSHA384: '1.2.840.10045.4.3.3',
  ecdsaWithSHA512: '1.2.840.10045.4.3.4',
  dsaWithSHA1: '1.2.840.10040.4.3',
  dsaWithSHA256: '2.16.840.1.101.3.4.3.2',
  sm2WithSM3: '1.2.156.10197.1.501',
  // Named curves
  prime256v1: '1.2.840.10045.3.1.7',
  secp384r1: '1.3.132.0.34',
  secp521r1: '1.3.132.0.35',
  secp256k1: '1.3.132.0.10',
  // PKCS#7 / CMS
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  cmsAlgorithmProtection: '1.2.840.113549.1.9.52',
  // Name attributes
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  countryName: '2.5.4.6',
  localityName: '2.5.4.7',
  stateOrProvinceName: '2.5.4.8',
  streetAddress: '2.5.4.9',
  organizationName: '2.5.4.10',
  organizationalUnitName: '2.5.4.11',
  title: '2.5.4.12',
  givenName: '2.5.4.42',
  emailAddress: '1.2.840.113549.1.9.1',
  domainComponent: '0.9.2342.19200300.100.1.25',
  userId: '0.9.2342.19200300.100.1.1',
  // Extensions
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
} as const;

export type KnownOid = keyof typeof OIDS;

const NAMES = new Map<string, string>(Object.entries(OIDS).map(([k, v]) => [v, k]));

/** The table name of an OID, or the dotted form when unknown. */
export function oidName(oid: string): string {
  return NAMES.get(oid) ?? oid;
}

/** Short labels used in distinguished-name strings (RFC 4514 plus the common extras). */
export const NAME_ATTRIBUTE_LABELS: Readonly<Record<string, string>> = {
  [OIDS.commonName]: 'CN',
  [OIDS.surname]: 'SN',
  [OIDS.serialNumber]: 'SERIALNUMBER',
  [OIDS.countryName]: 'C',
  [OIDS.localityName]: 'L',
  [OIDS.stateOrProvinceName]: 'ST',
  [OIDS.streetAddress]: 'STREET',
  [OIDS.organizationName]: 'O',
  [OIDS.organizationalUnitName]: 'OU',
  [OIDS.title]: 'T',
  [OIDS.givenName]: 'GN',
  [OIDS.emailAddress]: 'E',
  [OIDS.domainComponent]: 'DC',
  [OIDS.userId]: 'UID',
};

type HashName = 'md5' | 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512' | 'sm3';
const HASH_NAMES: Readonly<Record<string, HashName>> = {
  [OIDS.md5]: 'md5',
  [OIDS.sha1]: 'sha1',
  [OIDS.sha224]: 'sha224',
  [OIDS.sha256]: 'sha256',
  [OIDS.sha384]: 'sha384',
  [OIDS.sha512]: 'sha512',
  [OIDS.sm3]: 'sm3',
};

/** Node's createHash/verify name for a digest OID, or undefined when node cannot compute it. */
export function hashNameOf(oid: string): HashName | undefined {
  return HASH_NAMES[oid];
}

export type KeyKind = 'rsa' | 'rsa-pss' | 'ec' | 'dsa' | 'ed25519' | 'ed448' | 'sm2' | 'unknown';

/** Signature and key algorithm OIDs: the key kind and the hash they imply (none when it comes from elsewhere, as for rsaEncryption in CMS). */
const SIGNATURE_ALGORITHMS: Readonly<Record<string, { key: KeyKind; hash?: string }>> = {
  [OIDS.rsaEncryption]: { key: 'rsa' },
  [OIDS.md2WithRSAEncryption]: { key: 'rsa', hash: 'md2' },
  [OIDS.md5WithRSAEncryption]: { key: 'rsa', hash: 'md5' },
  [OIDS.sha1WithRSAEncryption]: { key: 'rsa', hash: 'sha1' },
  [OIDS.sha224WithRSAEncryption]: { key: 'rsa', hash: 'sha224' },
  [OIDS.sha256WithRSAEncryption]: { key: 'rsa', hash: 'sha256' },
  [OIDS.sha384WithRSAEncryption]: { key: 'rsa', hash: 'sha384' },
  [OIDS.sha512WithRSAEncryption]: { key: 'rsa', hash: 'sha512' },
  [OIDS.rsassaPss]: { key: 'rsa-pss' },
  [OIDS.ecPublicKey]: { key: 'ec' },
  [OIDS.ecdsaWithSHA1]: { key: 'ec', hash: 'sha1' },
  [OIDS.ecdsaWithSHA224]: { key: 'ec', hash: 'sha224' },
  [OIDS.ecdsaWithSHA256]: { key: 'ec', hash: 'sha256' },
  [OIDS.ecdsaWithSHA384]: { key: 'ec', hash: 'sha384' },
  [OIDS.ecdsaWithSHA512]: { key: 'ec', hash: 'sha512' },
  [OIDS.dsa]: { key: 'dsa' },
  [OIDS.dsaWithSHA1]: { key: 'dsa', hash: 'sha1' },
  [OIDS.dsaWithSHA256]: { key: 'dsa', hash: 'sha256' },
  [OIDS.ed25519]: { key: 'ed25519' },
  [OIDS.ed448]: { key: 'ed448' },
  [OIDS.sm2WithSM3]: { key: 'sm2', hash: 'sm3' },
};

/** For a signature or key algorithm OID: the key kind and the hash it implies. */
export function signatureAlgorithmInfo(oid: string): { key: KeyKind; hash?: string } {
  return SIGNATURE_ALGORITHMS[oid] ?? { key: 'unknown' };
}

/** Named-curve OID → the name node:crypto reports in asymmetricKeyDetails. */
export const CURVE_NAMES: Readonly<Record<string, string>> = {
  [OIDS.prime256v1]: 'prime256v1',
  [OIDS.secp384r1]: 'secp384r1',
  [OIDS.secp521r1]: 'secp521r1',
  [OIDS.secp256k1]: 'secp256k1',
  [OIDS.sm2]: 'SM2',
};

export const CURVE_BITS: Readonly<Record<string, number>> = {
  prime256v1: 256,
  secp384r1: 384,
  secp521r1: 521,
  secp256k1: 256,
  SM2: 256,
};
