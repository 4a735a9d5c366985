/**
 * Builds an APK-shaped byte layout signed with APK Signature Scheme v2 or v3
 * by a fresh node:crypto key and a real self-signed certificate: entries |
 * signing block | central directory | EOCD. Switches break it on purpose.
 */
import { generateKeyPairSync, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { ANDROID_DEBUG_SUBJECT, buildTestCertificate } from '@citadel/engine-core';
import { computeContentDigest } from '../signing/content-digest.ts';
import { SIGNING_BLOCK_IDS, type ApkLayout } from '../signing/signing-block.ts';
import { ByteWriter, concatBytes } from '@citadel/engine-core/testing';

export interface SignedApkOptions {
  schemes?: ('v2' | 'v3')[];
  key?: 'rsa' | 'ec';
  /** Flip a byte of the entries section after signing (digest must fail). */
  tamperContent?: boolean;
  /** Flip a byte of the signature (signature must fail). */
  tamperSignature?: boolean;
  /** Make the footer size disagree with the header size. */
  badSizes?: boolean;
  minSdk?: number;
  maxSdk?: number;
}

const lp = (b: Uint8Array): Uint8Array => concatBytes([new ByteWriter().u32(b.length).toBytes(), b]);
const u32 = (n: number): Uint8Array => new ByteWriter().u32(n).toBytes();

export function layoutOf(bytes: Uint8Array): ApkLayout {
  // The EOCD of our builder has no comment: it is the last 22 bytes.
  const eocd = bytes.length - 22;
  const cd = new DataView(bytes.buffer, bytes.byteOffset).getUint32(eocd + 16, true);
  return { size: bytes.length, centralDirectoryOffset: cd, eocdOffset: eocd, readAt: (o, n) => bytes.subarray(o, o + n) };
}

function eocdRecord(cdSize: number, cdOffset: number): Uint8Array {
  return new ByteWriter().u32(0x06054b50).u16(0).u16(0).u16(1).u16(1).u32(cdSize).u32(cdOffset).u16(0).toBytes();
}

export async function buildSignedApk(o: SignedApkOptions = {}): Promise<{ bytes: Uint8Array; certificate: Uint8Array; publicKey: KeyObject }> {
  const schemes = o.schemes ?? ['v2'];
  const keyType = o.key ?? 'rsa';
  const { publicKey, privateKey } = keyType === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const certificate = buildTestCertificate({ subject: ANDROID_DEBUG_SUBJECT, publicKey, signingKey: privateKey, algorithm: keyType === 'rsa' ? 'sha256WithRSA' : 'ecdsaSha256' });
  const algorithm = keyType === 'rsa' ? 0x0103 : 0x0201;

  const entries = new Uint8Array(3000).map((_, i) => (i * 31 + 7) & 0xff);
  entries.set([0x50, 0x4b, 0x03, 0x04]);
  const cd = new Uint8Array(46).map((_, i) => i);
  cd.set([0x50, 0x4b, 0x01, 0x02]);

  // Digest over the unsigned layout: it only depends on entries, CD and EOCD (with CD offset = block offset).
  const unsigned = concatBytes([entries, cd, eocdRecord(cd.length, entries.length)]);
  const digest = await computeContentDigest(layoutOf(unsigned), entries.length, 'sha256');
  const spki = publicKey.export({ type: 'spki', format: 'der' });

  const pairs: Uint8Array[] = [];
  for (const scheme of schemes) {
    const v3 = scheme === 'v3';
    const sdk = v3 ? concatBytes([u32(o.minSdk ?? 24), u32(o.maxSdk ?? 0x7fffffff)]) : new Uint8Array(0);
    const signedData = concatBytes([lp(lp(concatBytes([u32(algorithm), lp(digest)]))), lp(lp(certificate)), sdk, lp(new Uint8Array(0))]);
    const signature = Uint8Array.from(cryptoSign('sha256', signedData, privateKey));
    if (o.tamperSignature) signature[10]! ^= 0xff;
    const signer = concatBytes([lp(signedData), sdk, lp(lp(concatBytes([u32(algorithm), lp(signature)]))), lp(spki)]);
    const value = lp(lp(signer));
    pairs.push(new ByteWriter().u64(value.length + 4).u32(v3 ? SIGNING_BLOCK_IDS.v3 : SIGNING_BLOCK_IDS.v2).bytes(value).toBytes());
  }
  const body = concatBytes(pairs);
  const size = body.length + 24;
  const block = concatBytes([new ByteWriter().u64(size).toBytes(), body, new ByteWriter().u64(o.badSizes ? size + 8 : size).toBytes(), Buffer.from('APK Sig Block 42', 'latin1')]);
  const bytes = concatBytes([entries, block, cd, eocdRecord(cd.length, entries.length + block.length)]);
  if (o.tamperContent) bytes[100]! ^= 0x01;
  return { bytes, certificate, publicKey };
}
