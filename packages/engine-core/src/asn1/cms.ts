/**
 * PKCS#7 / CMS SignedData (RFC 5652): APK v1 signatures (META-INF/*.RSA,
 * *.EC, *.DSA), iOS embedded.mobileprovision, the HarmonyOS profile.
 *
 * Reads certificates, signer infos and the encapsulated content, and verifies
 * a signer info against its certificate with node:crypto. Unparseable
 * certificates inside an otherwise readable SignedData are listed in
 * `certificateErrors` instead of failing the whole structure.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type DerLimits,
  type DerNode,
  TAG,
  expectSequence,
  fail,
  isContext,
  isUniversal,
  parseDer,
  readIntegerHex,
  readOctets,
  readSmallInt,
  readTime,
} from './der.ts';
import { OIDS, hashNameOf, oidName, readOid } from './oid.ts';
import { type AlgorithmIdentifier, type VerifyResult, readAlgorithmIdentifier, signatureHashName, verifySignature } from './signature.ts';
import { type CertificateInfo, certificateFromNode, formatName, readName } from './x509.ts';

export interface SignedAttribute {
  oid: string;
  name: string;
  /** The attribute's values (children of its SET). */
  values: DerNode[];
}

export interface SignerInfo {
  version: number;
  /** How the signer identifies its certificate. */
  sid: { issuer: string; issuerDer: Uint8Array; serialNumber: string } | { subjectKeyIdentifier: string };
  digestAlgorithm: AlgorithmIdentifier;
  signatureAlgorithm: AlgorithmIdentifier;
  /** Hash of the signature, e.g. sha1 for "SHA1withRSA"; what the weak-signature checks read. */
  signatureHash?: string;
  signature: Uint8Array;
  /** Signed attributes, when present; the signature then covers their DER (as a SET), not the content. */
  signedAttributes?: SignedAttribute[];
  /** DER of the signed attributes re-tagged as SET OF, the bytes the signature covers. */
  signedAttributesDer?: Uint8Array;
  /** Value of the messageDigest attribute. */
  messageDigest?: Uint8Array;
  /** Value of the signingTime attribute (ISO-8601). */
  signingTime?: string;
  /** The certificate the sid names, when it is in the SignedData. */
  certificate?: CertificateInfo;
}

export interface SignedData {
  version: number;
  digestAlgorithms: AlgorithmIdentifier[];
  contentType: string;
  /** The encapsulated content (e.g. the provisioning plist); undefined for a detached signature (APK v1). */
  content?: Uint8Array;
  certificates: CertificateInfo[];
  /** Certificates present but unreadable: reported, not fatal. */
  certificateErrors: string[];
  signers: SignerInfo[];
}

/**
 * Parses a ContentInfo holding SignedData (or a bare SignedData SEQUENCE).
 * Throws FormatError('asn1') when the structure is not SignedData.
 */
export function parseSignedData(der: Uint8Array, limits: DerLimits = {}): SignedData {
  const root = expectSequence(parseDer(der, limits), 'ContentInfo', 1);
  let sd: DerNode;
  if (isUniversal(root.children[0], TAG.OID)) {
    const type = readOid(root.children[0]);
    if (type !== OIDS.signedData) fail(`content type ${oidName(type)} is not signedData`, root);
    const wrapper = root.children[1];
    if (!isContext(wrapper, 0) || !wrapper.children[0]) fail('ContentInfo has no content', root);
    sd = wrapper.children[0];
  } else {
    sd = root;
  }
  const s = expectSequence(sd, 'SignedData', 4);
  const f = s.children;
  const version = readSmallInt(f[0], 'SignedData version');
  const digestAlgorithms = setChildren(f[1], 'digestAlgorithms').map((n) => readAlgorithmIdentifier(n, 'digest algorithm'));
  const encap = expectSequence(f[2], 'encapContentInfo', 1);
  const contentType = readOid(encap.children[0], 'eContentType');
  let content: Uint8Array | undefined;
  const eContent = encap.children[1];
  if (isContext(eContent, 0) && eContent.children[0]) {
    const inner = eContent.children[0];
    // PKCS#7 v1.5 allowed any type here; CMS requires an OCTET STRING.
    content = inner.tagClass === 'universal' && inner.tag === TAG.OCTET_STRING ? readOctets(inner, 'eContent') : inner.raw;
  }

  const certificates: CertificateInfo[] = [];
  const certificateErrors: string[] = [];
  let i = 3;
  for (; i < f.length && f[i]!.tagClass === 'context'; i++) {
    if (f[i]!.tag !== 0) continue; // [1] CRLs: not needed
    for (const c of f[i]!.children) {
      if (!isUniversal(c, TAG.SEQUENCE)) continue; // other certificate formats (attribute certs) are skipped
      try {
        certificates.push(certificateFromNode(c));
      } catch (e) {
        certificateErrors.push((e as Error).message);
      }
    }
  }
  const signers = setChildren(f[i], 'signerInfos').map((n) => readSignerInfo(n, certificates));
  return { version, digestAlgorithms, contentType, ...(content ? { content } : {}), certificates, certificateErrors, signers };
}

function setChildren(node: DerNode | undefined, what: string): DerNode[] {
  if (!isUniversal(node, TAG.SET)) fail(`${what}: expected a SET`, node);
  return node.children;
}

function readSignerInfo(node: DerNode, certificates: CertificateInfo[]): SignerInfo {
  const s = expectSequence(node, 'SignerInfo', 5);
  const f = s.children;
  let i = 0;
  const version = readSmallInt(f[i++], 'SignerInfo version');
  const sidNode = f[i++]!;
  let sid: SignerInfo['sid'];
  if (isContext(sidNode, 0)) {
    sid = { subjectKeyIdentifier: Buffer.from(sidNode.content).toString('hex') };
  } else {
    const ias = expectSequence(sidNode, 'issuerAndSerialNumber', 2);
    const issuer = expectSequence(ias.children[0], 'issuer');
    sid = { issuer: formatName(readName(issuer)), issuerDer: issuer.raw, serialNumber: readIntegerHex(ias.children[1], 'serial number') };
  }
  const digestAlgorithm = readAlgorithmIdentifier(f[i++], 'digest algorithm');
  let signedAttributes: SignedAttribute[] | undefined;
  let signedAttributesDer: Uint8Array | undefined;
  if (isContext(f[i], 0)) {
    const attrsNode = f[i++]!;
    signedAttributes = attrsNode.children.map(readAttribute);
    // The signature covers the attributes encoded as an explicit SET OF (tag 0x31), not as [0].
    signedAttributesDer = Buffer.concat([Buffer.from([0x31]), Buffer.from(attrsNode.raw.subarray(1))]);
  }
  const signatureAlgorithm = readAlgorithmIdentifier(f[i++], 'signature algorithm');
  const signature = readOctets(f[i++], 'signature');

  const info: SignerInfo = { version, sid, digestAlgorithm, signatureAlgorithm, signature };
  const digestName = hashNameOf(digestAlgorithm.oid);
  const sigHash = signatureHashName(signatureAlgorithm, digestName);
  if (sigHash) info.signatureHash = sigHash;
  if (signedAttributes) {
    info.signedAttributes = signedAttributes;
    info.signedAttributesDer = signedAttributesDer!;
    const md = signedAttributes.find((a) => a.oid === OIDS.messageDigest)?.values[0];
    if (md) info.messageDigest = readOctets(md, 'messageDigest');
    const st = signedAttributes.find((a) => a.oid === OIDS.signingTime)?.values[0];
    if (st) info.signingTime = readTime(st, 'signingTime');
  }
  const cert = findSignerCertificate(info.sid, certificates);
  if (cert) info.certificate = cert;
  return info;
}

function readAttribute(node: DerNode): SignedAttribute {
  const a = expectSequence(node, 'attribute', 2);
  const oid = readOid(a.children[0], 'attribute type');
  return { oid, name: oidName(oid), values: setChildren(a.children[1], 'attribute values') };
}

function findSignerCertificate(sid: SignerInfo['sid'], certificates: CertificateInfo[]): CertificateInfo | undefined {
  if ('subjectKeyIdentifier' in sid) {
    return certificates.find((c) => {
      const ski = c.extensions.find((e) => e.oid === OIDS.subjectKeyIdentifier);
      if (!ski) return false;
      // The extension value is an OCTET STRING holding the identifier.
      const inner = ski.value.length > 2 && ski.value[0] === 0x04 ? ski.value.subarray(2) : ski.value;
      return Buffer.from(inner).toString('hex') === sid.subjectKeyIdentifier;
    });
  }
  return certificates.find((c) => c.serialNumber === sid.serialNumber && Buffer.compare(Buffer.from(c.issuerDer), Buffer.from(sid.issuerDer)) === 0);
}

export interface SignerVerification extends VerifyResult {
  /** When signed attributes are present: whether messageDigest equals the digest of the content. */
  messageDigestMatches?: boolean;
}

/**
 * Verifies one signer info. `detachedContent` is the signed file for a
 * detached signature (for an APK v1 signature: the .SF file); otherwise the
 * encapsulated content is used.
 */
export function verifySigner(sd: SignedData, signer: SignerInfo, detachedContent?: Uint8Array): SignerVerification {
  const cert = signer.certificate;
  if (!cert) return { valid: undefined, reason: 'signer certificate not found in the SignedData' };
  const content = detachedContent ?? sd.content;
  const digestName = hashNameOf(signer.digestAlgorithm.oid);
  if (signer.signedAttributesDer) {
    let messageDigestMatches: boolean | undefined;
    if (content && digestName && signer.messageDigest) {
      const actual = createHash(digestName).update(content).digest();
      messageDigestMatches = actual.length === signer.messageDigest.length && timingSafeEqual(actual, signer.messageDigest);
    }
    const r = verifySignature({
      algorithm: signer.signatureAlgorithm,
      ...(digestName ? { digestHint: digestName } : {}),
      spki: cert.publicKey.spki,
      data: signer.signedAttributesDer,
      signature: signer.signature,
    });
    if (messageDigestMatches === false) return { valid: false, reason: 'messageDigest does not match the content', messageDigestMatches };
    // RFC 5652 §5.3: signed attributes must carry messageDigest, otherwise the content is not bound.
    if (!signer.messageDigest) return { valid: false, reason: 'signed attributes without messageDigest' };
    if (messageDigestMatches === undefined && r.valid) return { valid: undefined, reason: 'content not available to check messageDigest' };
    return { ...r, ...(messageDigestMatches === undefined ? {} : { messageDigestMatches }) };
  }
  if (!content) return { valid: undefined, reason: 'detached signature: content not supplied' };
  return verifySignature({
    algorithm: signer.signatureAlgorithm,
    ...(digestName ? { digestHint: digestName } : {}),
    spki: cert.publicKey.spki,
    data: content,
    signature: signer.signature,
  });
}
