import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS, hasCorpus, seededRandom } from '../test-support/corpus.ts';
import { FormatError } from '../binary/byte-reader.ts';
import { hasUnzip, mutations, unzipEntry } from '../test-support/unzip-entry.ts';
import { parseSignedData, verifySigner } from './cms.ts';
import { parseDer } from './der.ts';
import { OIDS } from './oid.ts';
import { ANDROID_DEBUG_SUBJECT, type TestSignatureAlgorithm, buildTestCertificate, buildTestSignedData } from './testing.ts';
import { isValidAt, parseCertificate, verifyCertificateSignature } from './x509.ts';

const { diva, ipa, hap } = CORPUS;

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const ed = generateKeyPairSync('ed25519');

describe('X.509', () => {
  it('reads a self-signed Android debug certificate built here', () => {
    const der = buildTestCertificate({ subject: ANDROID_DEBUG_SUBJECT, publicKey: rsa.publicKey, signingKey: rsa.privateKey, algorithm: 'sha1WithRSA' });
    const c = parseCertificate(der);
    expect(c.subject).toBe('CN=Android Debug,O=Android,C=US');
    expect(c.issuer).toBe(c.subject);
    expect(c.isAndroidDebug).toBe(true);
    expect(c.selfIssued).toBe(true);
    expect(c.selfSigned).toBe(true);
    expect(c.version).toBe(3);
    expect(c.serialNumber).toBe('218330df');
    expect(c.signatureAlgorithm.name).toBe('sha1WithRSAEncryption');
    expect(c.signatureHash).toBe('sha1');
    expect(c.publicKey).toMatchObject({ algorithm: 'rsa', bits: 2048 });
    expect(c.notBefore).toBe('2015-11-02T08:32:11.000Z');
    expect(c.notAfter).toBe('2055-10-25T08:32:11.000Z');
    expect(isValidAt(c, new Date('2020-01-01'))).toBe(true);
    expect(isValidAt(c, new Date('2060-01-01'))).toBe(false);
    // Agrees with OpenSSL's reading of the same bytes.
    const x = new X509Certificate(der);
    expect(c.fingerprints.sha256).toBe(x.fingerprint256.replace(/:/g, '').toLowerCase());
    expect(c.fingerprints.sha1).toBe(x.fingerprint.replace(/:/g, '').toLowerCase());
    expect(c.serialNumber).toBe(x.serialNumber.toLowerCase());
  });

  it.each<[TestSignatureAlgorithm, typeof rsa, string, number | undefined]>([
    ['sha256WithRSA', rsa, 'rsa', 2048],
    ['md5WithRSA', rsa, 'rsa', 2048],
    ['rsaPss', rsa, 'rsa', 2048],
    ['ecdsaSha256', ec, 'ec', 256],
    ['ed25519', ed, 'ed25519', 256],
  ])('verifies %s certificate signatures', (algorithm, keys, keyAlg, bits) => {
    const c = parseCertificate(buildTestCertificate({ subject: [[OIDS.commonName, 'Self']], publicKey: keys.publicKey, signingKey: keys.privateKey, algorithm }));
    expect(c.selfSigned).toBe(true);
    expect(c.publicKey.algorithm).toBe(keyAlg);
    expect(c.publicKey.bits).toBe(bits);
    expect(c.isAndroidDebug).toBe(false);
  });

  it('chains: a leaf signed by a CA verifies against the CA, not against itself', () => {
    const caDer = buildTestCertificate({ subject: [[OIDS.commonName, 'CA']], publicKey: rsa.publicKey, signingKey: rsa.privateKey, algorithm: 'sha256WithRSA', isCA: true });
    const leafDer = buildTestCertificate({
      subject: [[OIDS.organizationName, 'Acme, Inc.'], [OIDS.commonName, ' leaf']],
      issuer: [[OIDS.commonName, 'CA']],
      publicKey: ec.publicKey,
      signingKey: rsa.privateKey,
      algorithm: 'sha256WithRSA',
    });
    const ca = parseCertificate(caDer);
    const leaf = parseCertificate(leafDer);
    expect(ca.isCA).toBe(true);
    expect(leaf.isCA).toBe(false);
    expect(leaf.subject).toBe('CN=\\ leaf,O=Acme\\, Inc.');
    expect(leaf.selfIssued).toBe(false);
    expect(verifyCertificateSignature(leaf, ca).valid).toBe(true);
    expect(verifyCertificateSignature(leaf, leaf).valid).toBe(false);
  });

  it('a tampered certificate is not self-signed', () => {
    const der = buildTestCertificate({ subject: [[OIDS.commonName, 'Self']], publicKey: rsa.publicKey, signingKey: rsa.privateKey, algorithm: 'sha256WithRSA' });
    const i = der.indexOf(Buffer.from('Self'));
    der[i] = 'T'.charCodeAt(0);
    der[der.indexOf(Buffer.from('Self'))] = 'T'.charCodeAt(0);
    expect(parseCertificate(der).selfSigned).toBe(false);
  });

  it('truncated and mutated certificates fail with FormatError only', () => {
    const der = buildTestCertificate({ subject: ANDROID_DEBUG_SUBJECT, publicKey: ec.publicKey, signingKey: ec.privateKey, algorithm: 'ecdsaSha256' });
    for (let len = 0; len < der.length; len += 7) expect(() => parseCertificate(der.subarray(0, len))).toThrow(FormatError);
    for (const m of mutations(der, 300, seededRandom(7))) {
      try {
        parseCertificate(m);
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
      }
    }
  });
});

describe('CMS SignedData', () => {
  const certDer = buildTestCertificate({ subject: ANDROID_DEBUG_SUBJECT, publicKey: rsa.publicKey, signingKey: rsa.privateKey, algorithm: 'sha256WithRSA' });
  const sf = Buffer.from('Signature-Version: 1.0\r\nSHA-256-Digest-Manifest: abc=\r\n\r\n');

  it('detached jarsigner-style signature (no signed attributes) verifies against the .SF bytes', () => {
    const sd = parseSignedData(buildTestSignedData({ content: sf, detached: true, certificates: [certDer], signerKey: rsa.privateKey, digest: 'sha256', algorithm: 'sha256WithRSA' }));
    expect(sd.content).toBeUndefined();
    expect(sd.certificates).toHaveLength(1);
    const [signer] = sd.signers;
    expect(signer!.certificate?.isAndroidDebug).toBe(true);
    expect(signer!.signatureAlgorithm.name).toBe('rsaEncryption');
    expect(signer!.signatureHash).toBe('sha256');
    expect(verifySigner(sd, signer!, sf).valid).toBe(true);
    expect(verifySigner(sd, signer!, Buffer.from('tampered')).valid).toBe(false);
    expect(verifySigner(sd, signer!).valid).toBeUndefined();
  });

  it.each<[TestSignatureAlgorithm, typeof rsa]>([
    ['sha256WithRSA', rsa],
    ['rsaPss', rsa],
    ['ecdsaSha256', ec],
  ])('encapsulated content with signed attributes, %s', (algorithm, keys) => {
    const cert = buildTestCertificate({ subject: [[OIDS.commonName, 'Signer']], publicKey: keys.publicKey, signingKey: keys.privateKey, algorithm });
    const plist = Buffer.from('<?xml version="1.0"?><plist><dict/></plist>');
    const sd = parseSignedData(buildTestSignedData({ content: plist, certificates: [cert], signerKey: keys.privateKey, digest: 'sha256', algorithm, signedAttributes: true }));
    expect(Buffer.from(sd.content!).toString()).toBe(plist.toString());
    const signer = sd.signers[0]!;
    expect(signer.signingTime).toBe('2020-01-02T03:04:05.000Z');
    expect(signer.messageDigest).toHaveLength(32);
    expect(verifySigner(sd, signer)).toMatchObject({ valid: true, messageDigestMatches: true });
  });

  it('a wrong messageDigest fails even though the attribute signature is valid', () => {
    const sd = parseSignedData(
      buildTestSignedData({
        content: sf,
        certificates: [certDer],
        signerKey: rsa.privateKey,
        digest: 'sha256',
        algorithm: 'sha256WithRSA',
        signedAttributes: true,
        messageDigestOverride: Buffer.alloc(32, 1),
      }),
    );
    expect(verifySigner(sd, sd.signers[0]!)).toMatchObject({ valid: false, messageDigestMatches: false });
  });

  it('signed by a different key than the certificate → invalid', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const sd = parseSignedData(buildTestSignedData({ content: sf, certificates: [certDer], signerKey: other.privateKey, digest: 'sha1', algorithm: 'sha1WithRSA' }));
    expect(verifySigner(sd, sd.signers[0]!).valid).toBe(false);
  });

  it('rejects non-SignedData and survives mutation', () => {
    expect(() => parseSignedData(Buffer.from('300d06092a864886f70d010701a000', 'hex'))).toThrow(FormatError);
    const good = buildTestSignedData({ content: sf, certificates: [certDer], signerKey: rsa.privateKey, digest: 'sha256', algorithm: 'sha256WithRSA', signedAttributes: true });
    for (const m of mutations(good, 300, seededRandom(99))) {
      try {
        const sd = parseSignedData(m);
        for (const s of sd.signers) verifySigner(sd, s);
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
      }
    }
  });

  describe('real samples', () => {
    it.skipIf(!hasUnzip || !hasCorpus(diva))('DIVA META-INF/CERT.RSA: Android debug certificate, SHA-1 with RSA, verifies over CERT.SF', () => {
      const sd = parseSignedData(unzipEntry(diva, 'META-INF/CERT.RSA'));
      expect(sd.certificates).toHaveLength(1);
      const cert = sd.certificates[0]!;
      expect(cert.subject).toBe('CN=Android Debug,O=Android,C=US');
      expect(cert.isAndroidDebug).toBe(true);
      expect(cert.selfSigned).toBe(true);
      expect(cert.serialNumber).toBe('218330df');
      expect(cert.notBefore).toBe('2015-11-02T08:32:11.000Z');
      expect(cert.notAfter).toBe('2045-10-25T08:32:11.000Z');
      expect(cert.signatureAlgorithm.name).toBe('sha256WithRSAEncryption');
      expect(cert.publicKey).toMatchObject({ algorithm: 'rsa', bits: 2048 });
      const signer = sd.signers[0]!;
      expect(signer.digestAlgorithm.name).toBe('sha1');
      expect(signer.signatureHash).toBe('sha1');
      expect(signer.signedAttributes).toBeUndefined();
      expect(verifySigner(sd, signer, unzipEntry(diva, 'META-INF/CERT.SF')).valid).toBe(true);
      expect(cert.fingerprints.sha256).toBe(new X509Certificate(cert.der).fingerprint256.replace(/:/g, '').toLowerCase());
    });

    it.skipIf(!hasUnzip || !hasCorpus(ipa))('UnDebuggable embedded.mobileprovision: plist content, Apple chain, valid signature', () => {
      const sd = parseSignedData(unzipEntry(ipa, 'Payload/UnDebuggable.app/embedded.mobileprovision'));
      const plist = Buffer.from(sd.content!).toString('utf8');
      expect(plist).toContain('<key>get-task-allow</key>');
      expect(plist).toContain('LRUD9L355Y');
      expect(sd.certificateErrors).toEqual([]);
      expect(sd.certificates.length).toBeGreaterThanOrEqual(1);
      const signer = sd.signers[0]!;
      expect(signer.certificate?.subject).toMatch(/Apple/);
      expect(verifySigner(sd, signer).valid).toBe(true);
    });
    it.skipIf(!hasCorpus(hap))('helloworld-stage.hap: the profile SignedData (found by its OID) names the OpenHarmony chain and verifies', () => {
      expect(statSync(hap).size).toBeLessThan(1_000_000);
      const bytes = readFileSync(hap);
      const at = bytes.indexOf(Buffer.from('06092a864886f70d010702', 'hex')) - 4;
      const profile = bytes.subarray(at, at + parseDer(bytes, {}, at).raw.length);
      const sd = parseSignedData(profile);
      expect(sd.certificates.map((c) => c.subject)).toContain('CN=OpenHarmony Application Root CA,OU=OpenHarmony Team,O=OpenHarmony,C=CN');
      const json = JSON.parse(Buffer.from(sd.content!).toString('utf8')) as { type: string };
      expect(json.type).toBe('release');
      const signer = sd.signers[0]!;
      expect(signer.certificate?.publicKey).toMatchObject({ algorithm: 'ec', curve: 'prime256v1', bits: 256 });
      expect(verifySigner(sd, signer)).toMatchObject({ valid: true, messageDigestMatches: true });
    });
  });
});
