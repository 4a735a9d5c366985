/**
 * Builds small APKs in code for the engine's tests: a binary manifest, DEX
 * classes with real bytecode, resources, any other entries, and optionally
 * real v1 (JAR) and v2 signatures made with a fresh key, so every check can
 * be shown failing on one package and passing on another.
 */
import { createHash, generateKeyPairSync, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Assessment, Finding } from '@citadel/contracts';
import { ANDROID_DEBUG_SUBJECT, type EngineOptions, buildTestCertificate, buildTestSignedData, buildZip, type ZipWriterEntry } from '@citadel/engine-core';
import { computeContentDigest } from '../formats/signing/content-digest.ts';
import { SIGNING_BLOCK_IDS } from '../formats/signing/signing-block.ts';
import { type AttrSpec, type ElementSpec, writeAxml } from '../formats/testing/axml-writer.ts';
import { ByteWriter, concatBytes } from '@citadel/engine-core/testing';
import { type ClassSpec, writeDex } from '../formats/testing/dex-writer.ts';
import { layoutOf } from '../formats/testing/signing-block-builder.ts';
import { engine } from '../engine.ts';

export interface ManifestSpec {
  package?: string;
  minSdk?: number;
  targetSdk?: number;
  /** Attributes of <application>. */
  app?: AttrSpec[];
  /** Children of <application> (activities, services …). */
  components?: ElementSpec[];
  /** Other children of <manifest> (uses-permission, permission …). */
  children?: ElementSpec[];
}

export function manifest(m: ManifestSpec = {}): ElementSpec {
  return {
    name: 'manifest',
    attrs: [{ name: 'package', string: m.package ?? 'com.example.app' }, { name: 'versionCode', android: true, int: 3 }, { name: 'versionName', android: true, string: '1.2' }],
    children: [
      { name: 'uses-sdk', attrs: [{ name: 'minSdkVersion', android: true, int: m.minSdk ?? 26 }, { name: 'targetSdkVersion', android: true, int: m.targetSdk ?? 34 }] },
      ...(m.children ?? []),
      { name: 'application', attrs: m.app ?? [{ name: 'allowBackup', android: true, bool: false }], children: m.components ?? [] },
    ],
  };
}

export interface SignSpec {
  schemes: ('v1' | 'v2')[];
  debug?: boolean;
  /** Digest of the v1 signature (default sha256). */
  v1Digest?: 'sha1' | 'sha256';
  notAfter?: Date;
}

export interface ApkSpec {
  manifest?: ManifestSpec | Uint8Array;
  classes?: ClassSpec[];
  files?: Record<string, string | Uint8Array>;
  sign?: SignSpec;
}

interface Signer {
  key: KeyObject;
  cert: Buffer;
}

function newSigner(debug: boolean, notAfter?: Date): Signer {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const subject: [string, string][] = debug ? ANDROID_DEBUG_SUBJECT : [['2.5.4.6', 'CN'], ['2.5.4.10', 'Example Ltd'], ['2.5.4.3', 'Example Release']];
  return { key: privateKey, cert: buildTestCertificate({ subject, publicKey, signingKey: privateKey, algorithm: 'ecdsaSha256', ...(notAfter ? { notAfter } : {}) }) };
}

function v1Entries(entries: ZipWriterEntry[], signer: Signer, digest: 'sha1' | 'sha256', alsoV2: boolean): ZipWriterEntry[] {
  const name = digest === 'sha1' ? 'SHA1' : 'SHA-256';
  const b64 = (d: string | Uint8Array): string => createHash(digest).update(d).digest('base64');
  const sections = entries.map((e) => `Name: ${String(e.name)}\r\n${name}-Digest: ${b64(typeof e.data === 'string' ? Buffer.from(e.data) : (e.data ?? Buffer.alloc(0)))}\r\n\r\n`);
  const mf = `Manifest-Version: 1.0\r\nCreated-By: test\r\n\r\n${sections.join('')}`;
  const sf = `Signature-Version: 1.0\r\n${name}-Digest-Manifest: ${b64(mf)}\r\n${alsoV2 ? 'X-Android-APK-Signed: 2\r\n' : ''}Created-By: test\r\n\r\n`;
  const block = buildTestSignedData({ content: Buffer.from(sf), detached: true, certificates: [signer.cert], signerKey: signer.key, digest, algorithm: 'ecdsaSha256' });
  return [
    { name: 'META-INF/MANIFEST.MF', data: mf },
    { name: 'META-INF/CERT.SF', data: sf },
    { name: 'META-INF/CERT.EC', data: block },
  ];
}

async function v2Block(unsigned: Buffer, signer: Signer): Promise<Buffer> {
  const layout = layoutOf(unsigned);
  const digest = await computeContentDigest(layout, layout.centralDirectoryOffset, 'sha256');
  const lp = (b: Uint8Array): Uint8Array => concatBytes([new ByteWriter().u32(b.length).toBytes(), b]);
  const u32 = (n: number): Uint8Array => new ByteWriter().u32(n).toBytes();
  const algorithm = 0x0201; // ECDSA with SHA2-256
  const signedData = concatBytes([lp(lp(concatBytes([u32(algorithm), lp(digest)]))), lp(lp(signer.cert)), lp(new Uint8Array(0))]);
  const signature = Uint8Array.from(cryptoSign('sha256', signedData, signer.key));
  const spki = signer.key.type === 'private' ? (await import('node:crypto')).createPublicKey(signer.key).export({ type: 'spki', format: 'der' }) : Buffer.alloc(0);
  const value = lp(lp(concatBytes([lp(signedData), lp(lp(concatBytes([u32(algorithm), lp(signature)]))), lp(spki)])));
  const pair = new ByteWriter().u64(value.length + 4).u32(SIGNING_BLOCK_IDS.v2).bytes(value).toBytes();
  const size = pair.length + 24;
  return Buffer.from(concatBytes([new ByteWriter().u64(size).toBytes(), pair, new ByteWriter().u64(size).toBytes(), Buffer.from('APK Sig Block 42', 'latin1')]));
}

export async function buildApk(spec: ApkSpec = {}): Promise<Buffer> {
  const entries: ZipWriterEntry[] = [];
  const m = spec.manifest;
  entries.push({ name: 'AndroidManifest.xml', data: Buffer.from(m instanceof Uint8Array ? m : writeAxml(manifest(m))) });
  if (spec.classes) entries.push({ name: 'classes.dex', data: Buffer.from(writeDex(spec.classes)) });
  for (const [name, data] of Object.entries(spec.files ?? {})) entries.push({ name, data: typeof data === 'string' ? data : Buffer.from(data) });
  return spec.sign ? buildSignedZip(entries, spec.sign) : buildZip(entries);
}

/** A ZIP of these entries signed as asked (v1: META-INF files added; v2: a signing block before the central directory). */
export async function buildSignedZip(entries: ZipWriterEntry[], sign: SignSpec): Promise<Buffer> {
  const signer = newSigner(sign.debug ?? false, sign.notAfter);
  const all = sign.schemes.includes('v1') ? [...entries, ...v1Entries(entries, signer, sign.v1Digest ?? 'sha256', sign.schemes.includes('v2'))] : entries;
  const unsigned = buildZip(all);
  if (!sign.schemes.includes('v2')) return unsigned;
  return buildZip(all, { beforeCentralDirectory: await v2Block(unsigned, signer) });
}

let dir: string | undefined;
let counter = 0;

/** Writes bytes to a temporary file and returns its path. */
export function tempFile(bytes: Uint8Array, name = 'app.apk'): string {
  dir ??= mkdtempSync(join(tmpdir(), 'citadel-android-'));
  const path = join(dir, `${counter++}-${name}`);
  writeFileSync(path, bytes);
  return path;
}

/** Builds, writes and assesses an APK (or given bytes) with the engine. */
export async function assess(spec: ApkSpec | Uint8Array, name = 'app.apk', options: EngineOptions = {}): Promise<Assessment> {
  const bytes = spec instanceof Uint8Array ? spec : await buildApk(spec);
  const path = tempFile(bytes, name);
  return engine.run({ files: [{ path, name }] }, options, { now: () => new Date('2026-01-01T00:00:00Z') });
}

export function row(a: Assessment, ruleId: string): Finding {
  const f = a.findings.find((x) => x.ruleId === ruleId);
  if (!f) throw new Error(`no row for ${ruleId}`);
  return f;
}

/** The result of a rule, for compact assertions. */
export const result = (a: Assessment, ruleId: string): Finding['result'] => row(a, ruleId).result;
