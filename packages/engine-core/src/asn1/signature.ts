/**
 * Algorithm identifiers and signature verification with node:crypto, shared
 * by X.509 (certificate signatures) and CMS (signer infos).
 */
import { createPublicKey, verify as cryptoVerify, constants, type KeyObject } from 'node:crypto';
import { type DerNode, TAG, expectSequence, isContext, isUniversal, readSmallInt } from './der.ts';
import { CURVE_BITS, CURVE_NAMES, OIDS, hashNameOf, oidName, readOid, signatureAlgorithmInfo } from './oid.ts';

export interface AlgorithmIdentifier {
  oid: string;
  /** Table name (e.g. "sha256WithRSAEncryption") or the dotted OID when unknown. */
  name: string;
  /** The parameters element, when present and not NULL. */
  params?: DerNode;
}

export function readAlgorithmIdentifier(node: DerNode | undefined, what = 'algorithm identifier'): AlgorithmIdentifier {
  const seq = expectSequence(node, what, 1);
  const oid = readOid(seq.children[0], what);
  const p = seq.children[1];
  return { oid, name: oidName(oid), ...(p && !isUniversal(p, TAG.NULL) ? { params: p } : {}) };
}

export interface PublicKeyInfo {
  /** rsa, rsa-pss, ec, dsa, ed25519, ed448, sm2 or the dotted OID when unknown. */
  algorithm: string;
  algorithmOid: string;
  /** Key size in bits (RSA modulus, DSA p, EC curve order size), when known. */
  bits?: number;
  /** Named curve of an EC key. */
  curve?: string;
  /** The SubjectPublicKeyInfo DER, for createPublicKey. */
  spki: Uint8Array;
}

/** Describes a SubjectPublicKeyInfo node; sizes come from node:crypto when it can load the key. */
export function readPublicKeyInfo(node: DerNode | undefined): PublicKeyInfo {
  const seq = expectSequence(node, 'subject public key info', 2);
  const alg = readAlgorithmIdentifier(seq.children[0], 'public key algorithm');
  const kind = signatureAlgorithmInfo(alg.oid).key;
  const info: PublicKeyInfo = { algorithm: kind === 'unknown' ? alg.oid : kind, algorithmOid: alg.oid, spki: seq.raw };
  if (alg.oid === OIDS.ecPublicKey && alg.params && isUniversal(alg.params, TAG.OID)) {
    const curveOid = readOid(alg.params);
    info.curve = CURVE_NAMES[curveOid] ?? curveOid;
    if (curveOid === OIDS.sm2) info.algorithm = 'sm2';
  }
  const key = loadPublicKey(seq.raw);
  const details = key?.asymmetricKeyDetails;
  if (details?.modulusLength) info.bits = details.modulusLength;
  else if (details?.namedCurve) info.curve ??= details.namedCurve;
  if (info.bits === undefined && info.curve) info.bits = CURVE_BITS[info.curve];
  if (info.bits === undefined && info.algorithm === 'ed25519') info.bits = 256;
  if (info.bits === undefined && info.algorithm === 'ed448') info.bits = 456;
  return info;
}

/** node:crypto key from SPKI DER, or undefined when OpenSSL does not know the algorithm or the key is malformed. */
export function loadPublicKey(spki: Uint8Array): KeyObject | undefined {
  try {
    return createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });
  } catch {
    return undefined;
  }
}

export interface VerifyResult {
  /** true: the signature verifies; false: it does not; undefined: could not be checked (see reason). */
  valid: boolean | undefined;
  reason?: string;
}

/**
 * Verifies `signature` over `data` with the key in `spki`.
 * `algorithm` is the signature algorithm identifier; `digestHint` is the hash
 * to use when the algorithm does not imply one (CMS signer infos name
 * rsaEncryption or ecPublicKey and carry the digest separately).
 */
export function verifySignature(args: { algorithm: AlgorithmIdentifier; digestHint?: string; spki: Uint8Array; data: Uint8Array; signature: Uint8Array }): VerifyResult {
  const info = signatureAlgorithmInfo(args.algorithm.oid);
  const key = loadPublicKey(args.spki);
  if (!key) return { valid: undefined, reason: 'public key could not be loaded' };
  const data = Buffer.from(args.data);
  const sig = Buffer.from(args.signature);
  try {
    switch (info.key) {
      case 'rsa':
      case 'ec':
      case 'dsa': {
        const hash = info.hash ?? args.digestHint;
        if (!hash) return { valid: undefined, reason: `no digest for ${args.algorithm.name}` };
        if (hash === 'md2') return { valid: undefined, reason: 'MD2 is not supported by node:crypto' };
        return { valid: cryptoVerify(hash, data, key, sig) };
      }
      case 'rsa-pss': {
        const pss = readPssParams(args.algorithm.params);
        return {
          valid: cryptoVerify(pss.hash, data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: pss.saltLength }, sig),
        };
      }
      case 'ed25519':
      case 'ed448':
        return { valid: cryptoVerify(null, data, key, sig) };
      default:
        return { valid: undefined, reason: `unsupported signature algorithm ${args.algorithm.name}` };
    }
  } catch (e) {
    // OpenSSL rejects some inputs by throwing (e.g. SM2 keys, malformed ECDSA signatures).
    return { valid: undefined, reason: `verification error: ${(e as Error).message}` };
  }
}

/** RSASSA-PSS-params (RFC 4055): hash [0], mask generation [1], salt length [2]; defaults SHA-1 and 20. */
export function readPssParams(params: DerNode | undefined): { hash: string; saltLength: number } {
  let hash = 'sha1';
  let saltLength = 20;
  if (params && isUniversal(params, TAG.SEQUENCE)) {
    for (const c of params.children) {
      if (isContext(c, 0) && c.children[0]) {
        const h = hashNameOf(readAlgorithmIdentifier(c.children[0], 'PSS hash').oid);
        if (h) hash = h;
      } else if (isContext(c, 2) && c.children[0]) {
        saltLength = readSmallInt(c.children[0], 'PSS salt length');
      }
    }
  }
  return { hash, saltLength };
}

/** Hash name of a signature algorithm (for "weak signature" checks): md5, sha1, sha256 … or undefined. */
export function signatureHashName(algorithm: AlgorithmIdentifier, digestHint?: string): string | undefined {
  const info = signatureAlgorithmInfo(algorithm.oid);
  if (info.key === 'rsa-pss') return readPssParams(algorithm.params).hash;
  return info.hash ?? digestHint;
}
