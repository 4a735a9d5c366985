/**
 * Test-input builders: real, verifiable X.509 certificates and CMS
 * SignedData made with node:crypto keys. For tests of any engine that reads
 * signatures (APK v1, mobileprovision, HAP profile); not used at run time.
 */
import { type KeyObject, createHash, sign as cryptoSign, constants } from 'node:crypto';
import { der } from './der-writer.ts';
import { OIDS } from './oid.ts';
import { parseCertificate } from './x509.ts';

export type TestSignatureAlgorithm = 'sha256WithRSA' | 'sha1WithRSA' | 'md5WithRSA' | 'rsaPss' | 'ecdsaSha256' | 'ed25519';

/** The well-known Android SDK debug certificate subject, in stored order. */
export const ANDROID_DEBUG_SUBJECT: [string, string][] = [
  [OIDS.countryName, 'US'],
  [OIDS.organizationName, 'Android'],
  [OIDS.commonName, 'Android Debug'],
];

function algorithmIdentifier(alg: TestSignatureAlgorithm): Buffer {
  switch (alg) {
    case 'sha256WithRSA':
      return der.seq(der.oid(OIDS.sha256WithRSAEncryption), der.null());
    case 'sha1WithRSA':
      return der.seq(der.oid(OIDS.sha1WithRSAEncryption), der.null());
    case 'md5WithRSA':
      return der.seq(der.oid(OIDS.md5WithRSAEncryption), der.null());
    case 'rsaPss':
      return der.seq(
        der.oid(OIDS.rsassaPss),
        der.seq(
          der.explicit(0, der.seq(der.oid(OIDS.sha256), der.null())),
          der.explicit(1, der.seq(der.oid(OIDS.mgf1), der.seq(der.oid(OIDS.sha256), der.null()))),
          der.explicit(2, der.int(32)),
        ),
      );
    case 'ecdsaSha256':
      return der.seq(der.oid(OIDS.ecdsaWithSHA256));
    case 'ed25519':
      return der.seq(der.oid(OIDS.ed25519));
  }
}

function signWith(alg: TestSignatureAlgorithm, data: Uint8Array, key: KeyObject): Buffer {
  switch (alg) {
    case 'sha256WithRSA':
    case 'ecdsaSha256':
      return cryptoSign('sha256', data, key);
    case 'sha1WithRSA':
      return cryptoSign('sha1', data, key);
    case 'md5WithRSA':
      return cryptoSign('md5', data, key);
    case 'rsaPss':
      return cryptoSign('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
    case 'ed25519':
      return cryptoSign(null, data, key);
  }
}

export interface TestCertificateOptions {
  subject: [string, string][];
  /** Defaults to the subject (self-issued). */
  issuer?: [string, string][];
  serial?: bigint;
  notBefore?: Date;
  notAfter?: Date;
  publicKey: KeyObject;
  /** Key that signs the certificate: the subject's own private key for a self-signed one, else the issuer's. */
  signingKey: KeyObject;
  algorithm: TestSignatureAlgorithm;
  isCA?: boolean;
}

/** A DER certificate signed for real. */
export function buildTestCertificate(o: TestCertificateOptions): Buffer {
  const alg = algorithmIdentifier(o.algorithm);
  const spki = o.publicKey.export({ type: 'spki', format: 'der' });
  const extensions = o.isCA ? [der.explicit(3, der.seq(der.seq(der.oid(OIDS.basicConstraints), der.bool(true), der.octets(der.seq(der.bool(true))))))] : [];
  const tbs = der.seq(
    der.explicit(0, der.int(2)),
    der.int(o.serial ?? 0x218330dfn),
    alg,
    der.name(o.issuer ?? o.subject),
    der.seq(der.utcTime(o.notBefore ?? new Date('2015-11-02T08:32:11Z')), der.generalizedTime(o.notAfter ?? new Date('2055-10-25T08:32:11Z'))),
    der.name(o.subject),
    spki,
    ...extensions,
  );
  return der.seq(tbs, alg, der.bits(signWith(o.algorithm, tbs, o.signingKey)));
}

export interface TestSignedDataOptions {
  content: Uint8Array;
  /** Leave the content out of the structure (APK v1 style: the .SF file is signed separately). */
  detached?: boolean;
  /** Certificates to embed; the first one is the signer's. */
  certificates: Buffer[];
  signerKey: KeyObject;
  digest: 'sha1' | 'sha256';
  algorithm: TestSignatureAlgorithm;
  /** Add contentType/messageDigest/signingTime signed attributes (CMS style). Default false (jarsigner style). */
  signedAttributes?: boolean;
  /** Replace the messageDigest value (to build a tampered signature). */
  messageDigestOverride?: Uint8Array;
}

/** A DER ContentInfo holding SignedData with one signer. */
export function buildTestSignedData(o: TestSignedDataOptions): Buffer {
  const signerCert = parseCertificate(o.certificates[0]!);
  const digestAlg = der.seq(der.oid(o.digest === 'sha1' ? OIDS.sha1 : OIDS.sha256), der.null());
  // jarsigner names rsaEncryption and relies on the digest algorithm; other algorithms carry their own hash.
  const signerAlg = o.algorithm === 'sha256WithRSA' || o.algorithm === 'sha1WithRSA' ? der.seq(der.oid(OIDS.rsaEncryption), der.null()) : algorithmIdentifier(o.algorithm);
  const signAlg: TestSignatureAlgorithm = o.algorithm === 'sha256WithRSA' || o.algorithm === 'sha1WithRSA' ? (o.digest === 'sha1' ? 'sha1WithRSA' : 'sha256WithRSA') : o.algorithm;

  let attrs: Buffer | undefined;
  let signed: Uint8Array = o.content;
  if (o.signedAttributes) {
    const md = o.messageDigestOverride ?? createHash(o.digest).update(o.content).digest();
    const set = der.setOf(
      der.seq(der.oid(OIDS.contentType), der.set(der.oid(OIDS.data))),
      der.seq(der.oid(OIDS.messageDigest), der.set(der.octets(md))),
      der.seq(der.oid(OIDS.signingTime), der.set(der.utcTime(new Date('2020-01-02T03:04:05Z')))),
    );
    signed = set;
    attrs = Buffer.concat([Buffer.from([0xa0]), set.subarray(1)]);
  }
  const signerInfo = der.seq(
    der.int(1),
    der.seq(Buffer.from(signerCert.issuerDer), der.int(BigInt(`0x${signerCert.serialNumber}`))),
    digestAlg,
    ...(attrs ? [attrs] : []),
    signerAlg,
    der.octets(signWith(signAlg, signed, o.signerKey)),
  );
  const encap = o.detached ? der.seq(der.oid(OIDS.data)) : der.seq(der.oid(OIDS.data), der.explicit(0, der.octets(o.content)));
  const signedData = der.seq(der.int(1), der.set(digestAlg), encap, der.implicitConstructed(0, Buffer.concat(o.certificates)), der.set(signerInfo));
  return der.seq(der.oid(OIDS.signedData), der.explicit(0, signedData));
}
