import { generateKeyPairSync } from 'node:crypto';
import { FormatError, OIDS, buildTestCertificate, buildTestSignedData } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { corpusHapAvailable, corpusHapBytes, mutations } from '../test-utils/corpus.ts';
import { bufferLocator, buildSigningBlock, locatorFromZipBytes } from '../test-utils/hap-block-writer.ts';
import { HAP_SUB_BLOCK_TYPES, readHapProfileJson, readHapSignature, readHapSigningBlock, readSignedDigest } from './index.ts';

const prefix = new Uint8Array(100).fill(0x50);
const cd = new Uint8Array([1, 2, 3, 4]);
const withBlock = (block: Uint8Array) => {
  const all = new Uint8Array(prefix.length + block.length + cd.length);
  all.set(prefix);
  all.set(block, prefix.length);
  all.set(cd, prefix.length + block.length);
  return bufferLocator(all, prefix.length + block.length);
};

describe('readHapSigningBlock', () => {
  const profile = new TextEncoder().encode('{"type":"debug"}');
  const signature = new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]);

  it('returns the sub-blocks with their types and absolute offsets', async () => {
    const block = buildSigningBlock([
      { type: HAP_SUB_BLOCK_TYPES.profile, data: profile },
      { type: HAP_SUB_BLOCK_TYPES.signature, data: signature },
    ]);
    const got = await readHapSigningBlock(withBlock(block));
    expect(got?.version).toBe(3);
    expect(got?.magic).toBe('current');
    expect(got?.offset).toBe(prefix.length);
    expect(got?.blocks.map((b) => b.kind)).toEqual(['profile', 'signature']);
    expect(got?.blocks[0]?.offset).toBe(prefix.length + 24);
    expect(Buffer.from(got!.blocks[0]!.data).toString()).toBe('{"type":"debug"}');
  });

  it('knows the legacy magic and reports unknown types', async () => {
    const block = buildSigningBlock([{ type: 0x12345678, data: signature }], { version: 2, legacyMagic: true });
    const got = await readHapSigningBlock(withBlock(block));
    expect(got?.magic).toBe('legacy');
    expect(got?.blocks[0]?.kind).toBe('unknown');
  });

  it('answers undefined for an unsigned package', async () => {
    expect(await readHapSigningBlock(bufferLocator(new Uint8Array(200), 150))).toBeUndefined();
    expect(await readHapSigningBlock(bufferLocator(new Uint8Array(200), 10))).toBeUndefined();
  });

  it('refuses hostile sizes, counts and offsets with FormatError', async () => {
    const good = buildSigningBlock([{ type: HAP_SUB_BLOCK_TYPES.profile, data: profile }]);
    const patch = (at: number, v: number) => {
      const b = good.slice();
      new DataView(b.buffer).setUint32(at, v, true);
      return b;
    };
    const tail = good.length - 32;
    const cases = [
      patch(tail + 4, 0xffffff), // block size larger than what precedes the central directory
      patch(tail + 4, 8), // block size below the tail size
      patch(tail, 1000), // sub-block count
      patch(4, 0xfffffff0), // sub-block length
      patch(8, 0), // data offset inside the heads
      patch(8, 13), // data leaving a gap / running past
    ];
    for (const c of cases) await expect(readHapSigningBlock(withBlock(c))).rejects.toThrow(FormatError);
    const overlapping = buildSigningBlock([
      { type: HAP_SUB_BLOCK_TYPES.profile, data: profile },
      { type: HAP_SUB_BLOCK_TYPES.signature, data: profile },
    ]);
    new DataView(overlapping.buffer).setUint32(20, 24, true); // second data offset = first's
    await expect(readHapSigningBlock(withBlock(overlapping))).rejects.toThrow(/overlaps|cover/);
  });
});

describe('readHapProfileJson', () => {
  it('reads a debug profile and reports wrong shapes', () => {
    const p = readHapProfileJson(
      JSON.stringify({
        type: 'debug',
        'bundle-info': { 'bundle-name': 'com.x', apl: 'system_core', 'development-certificate': '-----BEGIN CERTIFICATE-----' },
        'debug-info': { 'device-ids': ['a', 'b'], 'device-id-type': 'udid' },
        validity: { 'not-before': 1, 'not-after': 'soon' },
      }),
    );
    expect(p.type).toBe('debug');
    expect(p.bundleInfo.apl).toBe('system_core');
    expect(p.debugInfo?.deviceIds).toEqual(['a', 'b']);
    expect(p.validity?.notAfter).toBeUndefined();
    expect(p.issues).toEqual(['profile.validity.not-after: expected number, found string']);
  });

  it('refuses invalid or deeply nested JSON with FormatError', () => {
    expect(() => readHapProfileJson('{"type":')).toThrow(FormatError);
    expect(() => readHapProfileJson('['.repeat(1000) + ']'.repeat(1000))).toThrow(/depth/);
  });
});

describe('verification without a usable digest info', () => {
  it('is not_verifiable, with why, when the signed content is not a digest info', async () => {
    const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const cert = buildTestCertificate({ subject: [[OIDS.commonName, 'x']], publicKey: key.publicKey, signingKey: key.privateKey, algorithm: 'ecdsaSha256' });
    const sd = buildTestSignedData({ content: Buffer.from('digests'), certificates: [cert], signerKey: key.privateKey, digest: 'sha256', algorithm: 'ecdsaSha256', signedAttributes: true });
    const block = buildSigningBlock([{ type: HAP_SUB_BLOCK_TYPES.signature, data: sd }]);
    const eocd = new Uint8Array(22);
    new DataView(eocd.buffer).setUint32(0, 0x06054b50, true);
    const all = new Uint8Array([...prefix, ...block, ...eocd]);
    const v = (await readHapSignature(bufferLocator(all, prefix.length + block.length, prefix.length + block.length)))!.verification;
    expect(v).toMatchObject({ status: 'not_verifiable', signerSignature: { valid: true } });
    expect(v.reason).toMatch(/signed digest info: 7 bytes/);
  });
});

describe('readSignedDigest', () => {
  const info = (version: number, blocks: number, blockLength: number, alg: number, digestLength: number, digest: number) => {
    const b = Buffer.alloc(20 + digest);
    [version, blocks, blockLength, alg, digestLength].forEach((v, i) => b.writeInt32LE(v, i * 4));
    return b;
  };
  it('reads the digest block and refuses inconsistent lengths with FormatError', () => {
    const d = readSignedDigest(info(2, 1, 40, 0x201, 32, 32));
    expect([d.version, d.algorithmId, d.digest.length]).toEqual([2, 0x201, 32]);
    for (const bad of [info(2, 1, 40, 0x201, 32, 31), info(2, 0, 40, 0x201, 32, 32), info(2, 1, 41, 0x201, 32, 32), info(2, 1, 8, 0x201, 0, 0), info(2, 1, -1, 1, 0x7ffffff0, 4), new Uint8Array(19)]) {
      expect(() => readSignedDigest(bad)).toThrow(FormatError);
    }
  });
});

describe.skipIf(!corpusHapAvailable)('the corpus HAP signing block', () => {
  const hap = corpusHapAvailable ? corpusHapBytes() : new Uint8Array();

  it('holds a profile and a signature sub-block (version 3, current magic)', async () => {
    const block = await readHapSigningBlock(locatorFromZipBytes(hap));
    expect(block?.version).toBe(3);
    expect(block?.magic).toBe('current');
    expect(block?.size).toBe(5073);
    expect(block?.blocks.map((b) => [b.kind, b.data.length])).toEqual([
      ['profile', 3425],
      ['signature', 1592],
    ]);
  });

  it('reads the profile: release, apl normal, bundle name, certificates', async () => {
    const info = await readHapSignature(locatorFromZipBytes(hap));
    expect(info?.problems).toEqual([]);
    expect(info?.profile?.type).toBe('release');
    expect(info?.profile?.bundleInfo.apl).toBe('normal');
    expect(info?.profile?.bundleInfo.bundleName).toBe('com.example.helloworld');
    expect(info?.profile?.bundleInfo.appFeature).toBe('hos_normal_app');
    expect(info?.profile?.bundleInfo.distributionCertificatePem).toContain('BEGIN CERTIFICATE');
    expect(info?.profile?.appDistributionType).toBe('os_integration');
    expect(info?.profileCertificates).toHaveLength(3);
    expect(info?.signatureCertificates).toHaveLength(2);
    expect(info?.signer?.subject).toContain('CN=ide_demo_app');
  });

  it('verifies offline: package digest, signer signature, profile signature, signer chain link', async () => {
    const v = (await readHapSignature(locatorFromZipBytes(hap)))!.verification;
    expect(v).toMatchObject({ status: 'verified', digestAlgorithm: 'sha256', algorithmId: 0x201, contentDigestMatches: true, signerSignature: { valid: true }, profileSignature: { valid: true }, signerMatchesProfile: true });
    expect(v.chain).toEqual([{ subject: 'C=CN,O=Organization,OU=Unit,CN=ide_demo_app', issuer: 'CN=OpenHarmony Application CA,OU=OpenHarmony Team,O=OpenHarmony,C=CN', valid: true }]);
  });

  it('one changed byte in an entry, the central directory or the profile makes it tampered', async () => {
    const dv = new DataView(hap.buffer, hap.byteOffset, hap.length);
    const firstData = 30 + dv.getUint16(26, true) + dv.getUint16(28, true); // first entry's data
    const block = (await readHapSigningBlock(locatorFromZipBytes(hap)))!;
    const cd = block.offset + block.size;
    const profileJson = block.blocks.find((b) => b.kind === 'profile')!.offset + 200; // inside the encapsulated JSON
    for (const at of [firstData, cd + 40, profileJson]) {
      const bad = hap.slice();
      bad[at] = bad[at]! ^ 0x01;
      const v = (await readHapSignature(locatorFromZipBytes(bad)))!.verification;
      expect(v.status, `byte ${at}`).toBe('tampered');
      if (at === profileJson) expect(v.profileSignature?.valid).toBe(false);
      else expect(v.contentDigestMatches).toBe(false);
    }
  });

  it('a truncated signing block is a clear FormatError', async () => {
    const block = (await readHapSigningBlock(locatorFromZipBytes(hap)))!;
    const cut = 700;
    const short = new Uint8Array(hap.length - cut);
    short.set(hap.subarray(0, block.offset + 100));
    short.set(hap.subarray(block.offset + 100 + cut), block.offset + 100);
    const dv = new DataView(short.buffer);
    dv.setUint32(short.length - 22 + 16, block.offset + block.size - cut, true);
    await expect(readHapSignature(locatorFromZipBytes(short))).rejects.toThrow(/sub-block|signing block/);
  });

  it('survives 300 mutations of the signing block: parses or throws FormatError', async () => {
    const first = await readHapSigningBlock(locatorFromZipBytes(hap));
    const start = first!.offset;
    const end = start + first!.size;
    const region = hap.slice(start, end);
    let parsed = 0;
    for (const m of mutations(region, 300, 0x51)) {
      const all = hap.slice();
      if (m.length !== region.length) continue; // truncations shift the block; covered by the hostile cases
      all.set(m, start);
      try {
        await readHapSignature(locatorFromZipBytes(all));
        parsed++;
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
      }
    }
    expect(parsed).toBeGreaterThan(0);
  });
});
