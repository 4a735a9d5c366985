import { describe, expect, it } from 'vitest';
import { X509Certificate, createHash } from 'node:crypto';
import { verifyApkSigningBlock } from './verify-schemes.ts';
import { readSigningBlock } from './signing-block.ts';
import { analyzeV1Signature, isV1SignatureEntry, verifyV1EntryDigest } from './v1-jar.ts';
import { parseJarManifest } from './jar-manifest.ts';
import { buildSignedApk, layoutOf } from '../testing/signing-block-builder.ts';
import { apkLayout, corpusApk, corpusAvailable, extractEntry, listEntries } from '../testing/corpus.ts';

describe('APK Signing Block', () => {
  it('verifies a v2 RSA signature and digest, returning the certificate as DER', async () => {
    const { bytes, certificate } = await buildSignedApk({ schemes: ['v2'] });
    const report = await verifyApkSigningBlock(layoutOf(bytes));
    expect(report.problems).toEqual([]);
    expect(report.signingBlock?.pairs.map((p) => p.name)).toEqual(['v2']);
    const v2 = report.schemes.v2!;
    expect(v2.verified).toBe(true);
    const signer = v2.signers[0]!;
    expect(signer.signatures).toEqual([{ algorithm: 0x0103, name: 'RSASSA-PKCS1-v1_5 with SHA2-256', valid: true }]);
    expect(signer.digests[0]!.valid).toBe(true);
    expect(signer.publicKeyMatchesCertificate).toBe(true);
    expect(Buffer.compare(Buffer.from(signer.certificates[0]!), certificate)).toBe(0);
    expect(new X509Certificate(Buffer.from(signer.certificates[0]!)).subject).toContain('CN=Android Debug');
  });

  it('verifies v2 + v3 with an EC key and reports the v3 SDK range', async () => {
    const { bytes } = await buildSignedApk({ schemes: ['v2', 'v3'], key: 'ec', minSdk: 28, maxSdk: 33 });
    const report = await verifyApkSigningBlock(layoutOf(bytes));
    expect(report.schemes.v2?.verified).toBe(true);
    expect(report.schemes.v3?.verified).toBe(true);
    expect(report.schemes.v3?.signers[0]).toMatchObject({ minSdk: 28, maxSdk: 33 });
    expect(report.schemes['v3.1']).toBeUndefined();
  });

  it('fails the digest when content changed after signing, and the signature when it was altered', async () => {
    const content = await verifyApkSigningBlock(layoutOf((await buildSignedApk({ tamperContent: true })).bytes));
    expect(content.schemes.v2?.verified).toBe(false);
    expect(content.schemes.v2?.signers[0]?.digests[0]?.valid).toBe(false);
    expect(content.schemes.v2?.signers[0]?.signatures[0]?.valid).toBe(true);
    const sig = await verifyApkSigningBlock(layoutOf((await buildSignedApk({ tamperSignature: true })).bytes));
    expect(sig.schemes.v2?.verified).toBe(false);
    expect(sig.schemes.v2?.signers[0]?.signatures[0]?.valid).toBe(false);
  });

  it('reports disagreeing size fields as a problem, not an exception', async () => {
    const report = await verifyApkSigningBlock(layoutOf((await buildSignedApk({ badSizes: true })).bytes));
    expect(report.signingBlock).toBeUndefined();
    expect(report.problems.join()).toMatch(/size/);
  });

  it('finds no block in an APK without one', async () => {
    const plain = new Uint8Array(200);
    plain.set([0x50, 0x4b, 0x05, 0x06], 178);
    new DataView(plain.buffer).setUint32(178 + 16, 150, true);
    expect(await readSigningBlock(layoutOf(plain))).toBeUndefined();
  });
});

describe('v1 JAR signature files', () => {
  const mf = Buffer.from('Manifest-Version: 1.0\r\nCreated-By: test\r\n\r\nName: classes.dex\r\nSHA-256-Digest: ' + Buffer.from(sha256('dex')).toString('base64') + '\r\n\r\nName: res/a_very_long_name_that_needs_to_be_wrapped_over_seventy_two_b\r\n ytes.xml\r\nSHA-256-Digest: AAAA\r\n\r\n');

  it('parses sections, continuation lines, and checks entry digests', () => {
    const m = parseJarManifest(mf);
    expect(m.main.attributes.get('Created-By')).toBe('test');
    expect([...m.entries.keys()]).toEqual(['classes.dex', 'res/a_very_long_name_that_needs_to_be_wrapped_over_seventy_two_bytes.xml']);
    expect(verifyV1EntryDigest(m, 'classes.dex', Buffer.from('dex'))).toBe(true);
    expect(verifyV1EntryDigest(m, 'classes.dex', Buffer.from('dex2'))).toBe(false);
    expect(verifyV1EntryDigest(m, 'missing', Buffer.from(''))).toBeUndefined();
  });

  it('finds signers, their blocks and the X-Android-APK-Signed header', () => {
    const sf = Buffer.from(`Signature-Version: 1.0\r\nX-Android-APK-Signed: 2, 3\r\nSHA-256-Digest-Manifest: ${Buffer.from(sha256(mf)).toString('base64')}\r\n\r\n`);
    const report = analyzeV1Signature([
      { name: 'META-INF/MANIFEST.MF', bytes: mf },
      { name: 'META-INF/KEY.SF', bytes: sf },
      { name: 'META-INF/KEY.RSA', bytes: Buffer.from([0x30, 0x00]) },
    ]);
    expect(report.present).toBe(true);
    expect(report.signers).toMatchObject([{ name: 'KEY', blockFile: 'META-INF/KEY.RSA', apkSignedSchemes: [2, 3], manifestDigestValid: true }]);
    expect(isV1SignatureEntry('META-INF/KEY.RSA')).toBe(true);
    expect(isV1SignatureEntry('META-INF/services/x.SF')).toBe(false);
  });
});

function sha256(data: string | Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

async function v1Of(apk: string): Promise<ReturnType<typeof analyzeV1Signature>> {
  const path = corpusApk(apk);
  const names = (await listEntries(path)).filter(isV1SignatureEntry);
  return analyzeV1Signature(await Promise.all(names.map(async (name) => ({ name, bytes: await extractEntry(path, name) }))));
}

describe('signatures of the real corpus', () => {
  it.skipIf(!corpusAvailable('diva.apk'))('DIVA: v1 only, manifest digest valid', async () => {
    const layout = await apkLayout(corpusApk('diva.apk'));
    try {
      const report = await verifyApkSigningBlock(layout);
      expect(report.signingBlock).toBeUndefined();
      expect(report.schemes).toEqual({});
    } finally {
      await layout.close();
    }
    const v1 = await v1Of('diva.apk');
    expect(v1.present).toBe(true);
    expect(v1.signers).toMatchObject([{ name: 'CERT', blockFile: 'META-INF/CERT.RSA', apkSignedSchemes: [], manifestDigestValid: true }]);
    expect(v1.signers[0]!.blockBytes!.length).toBeGreaterThan(500);
    // DIVA's .SF digests some long-named sections as if unwrapped; Android accepts it because the whole-manifest digest matches.
    expect(v1.signers[0]!.sectionsVerified).toBeGreaterThan(300);
    expect(verifyV1EntryDigest(v1.manifest!, 'classes.dex', await extractEntry(corpusApk('diva.apk'), 'classes.dex'))).toBe(true);
  });

  it.skipIf(!corpusAvailable('uncrackable-level1.apk'))('UnCrackable Level 1: v1 + v2, v2 digest and signature verify', async () => {
    const layout = await apkLayout(corpusApk('uncrackable-level1.apk'));
    try {
      const report = await verifyApkSigningBlock(layout);
      expect(Object.keys(report.schemes)).toEqual(['v2']);
      expect(report.schemes.v2?.verified).toBe(true);
      expect(report.schemes.v2?.signers[0]?.digests[0]?.valid).toBe(true);
      expect(report.signingBlock?.pairs.map((p) => p.name)).toEqual(['v2', 'verity-padding']);
    } finally {
      await layout.close();
    }
    const v1 = await v1Of('uncrackable-level1.apk');
    expect(v1.present).toBe(true);
    expect(v1.signers[0]).toMatchObject({ apkSignedSchemes: [2], manifestDigestValid: true, sectionsFailed: [] });
  });
});
