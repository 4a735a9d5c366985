/**
 * Builds HarmonyOS packages in code for the engine's tests: a Stage-model
 * HAP (module.json) or an FA-model HAP (config.json), with Ark bytecode,
 * resources.index, native libraries, any other entries and a real signing
 * block (profile and signature as PKCS#7 SignedData made with a fresh key,
 * the signature over the package's digest, so it verifies),
 * plus .app bundles of several HAPs, so every check can be shown failing on
 * one package and passing on another.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Assessment, Finding } from '@citadel/contracts';
import { type EngineOptions, OIDS, buildTestCertificate, buildTestSignedData, buildZip, type ZipWriterEntry } from '@citadel/engine-core';
import { HAP_SUB_BLOCK_TYPES, computeHapContentDigestOfBytes } from '../formats/hap-signing/index.ts';
import { type AbcSpec, buildAbc } from '../formats/test-utils/abc-writer.ts';
import { buildSigningBlock } from '../formats/test-utils/hap-block-writer.ts';
import { type ResItemSpec, buildResourcesIndex } from '../formats/test-utils/resource-index-writer.ts';
import { engine } from '../engine.ts';

export interface SignSpec {
  /** Merged over a release profile for the package's bundle name, apl normal, valid 2020–2040. */
  profile?: Record<string, unknown>;
  /** Subject CN of the signing certificate and of its issuer. */
  signer?: string;
  issuer?: string;
}

export interface HapSpec {
  model?: 'stage' | 'fa';
  bundleName?: string;
  /** Stage: merged into module.json's "app" and "module"; FA: into config.json's "app", "deviceConfig" and "module". */
  app?: Record<string, unknown>;
  module?: Record<string, unknown>;
  deviceConfig?: Record<string, unknown>;
  abc?: AbcSpec;
  /** Items of the base config of resources.index. */
  strings?: Record<string, string>;
  files?: ZipWriterEntry[];
  /** false: no signing block. */
  sign?: SignSpec | false;
  /** Store every entry uncompressed (fuzzing then hits the structures, not the deflate stream). */
  stored?: boolean;
}

let keys: { root: { publicKey: KeyObject; privateKey: KeyObject }; leaf: { publicKey: KeyObject; privateKey: KeyObject } } | undefined;
const ec = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

function signingParts(bundleName: string, spec: SignSpec): { profile: Buffer; sign: (content: Uint8Array) => Buffer } {
  keys ??= { root: ec(), leaf: ec() };
  const issuer: [string, string][] = [[OIDS.organizationName, 'Example'], [OIDS.commonName, spec.issuer ?? 'Example Application CA']];
  const ca = buildTestCertificate({ subject: issuer, publicKey: keys.root.publicKey, signingKey: keys.root.privateKey, algorithm: 'ecdsaSha256', isCA: true });
  const leaf = buildTestCertificate({ subject: [[OIDS.organizationName, 'Example'], [OIDS.commonName, spec.signer ?? 'example_release']], issuer, publicKey: keys.leaf.publicKey, signingKey: keys.root.privateKey, algorithm: 'ecdsaSha256' });
  const profile = {
    'version-name': '2.0.0',
    'version-code': 2,
    uuid: '00000000-0000-0000-0000-000000000001',
    type: 'release',
    'app-distribution-type': 'app_gallery',
    issuer: 'pki_internal',
    validity: { 'not-before': 1577836800, 'not-after': 2208988800 },
    'bundle-info': { 'developer-id': 'dev', 'bundle-name': bundleName, apl: 'normal', 'app-feature': 'hos_normal_app', 'distribution-certificate': pem(leaf) },
    acls: { 'allowed-acls': [''] },
    permissions: { 'restricted-permissions': [] },
    ...(spec.profile ?? {}),
  };
  const signed = (content: Uint8Array) => buildTestSignedData({ content, certificates: [leaf, ca], signerKey: keys!.leaf.privateKey, digest: 'sha256', algorithm: 'ecdsaSha256', signedAttributes: true });
  return { profile: signed(Buffer.from(JSON.stringify(profile))), sign: signed };
}

function pem(der: Uint8Array): string {
  return `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
}

/** The digest info hapsigner puts in the signature sub-block: version 2, one block of ECDSA-with-SHA-256 (0x201). */
function digestInfo(digest: Uint8Array): Buffer {
  const head = Buffer.alloc(20);
  head.writeInt32LE(2, 0);
  head.writeInt32LE(1, 4);
  head.writeInt32LE(8 + digest.length, 8);
  head.writeInt32LE(0x201, 12);
  head.writeInt32LE(digest.length, 16);
  return Buffer.concat([head, digest]);
}

/**
 * Signs an unsigned ZIP the way hapsigner does: the digest over its entries,
 * central directory, end record and the profile sub-block goes into the
 * signature sub-block, and the signing block is inserted before the central
 * directory (the end record's CD offset moves by the block's size).
 */
export function signZip(unsigned: Buffer, bundleName: string, spec: SignSpec = {}): Buffer {
  const eocd = unsigned.length - 22;
  if (unsigned.readUInt32LE(eocd) !== 0x06054b50) throw new Error('signZip: expects a ZIP without a comment');
  const cd = unsigned.readUInt32LE(eocd + 16);
  const parts = signingParts(bundleName, spec);
  const digest = computeHapContentDigestOfBytes(unsigned, { centralDirectoryOffset: cd, eocdOffset: eocd }, cd, [{ kind: 'profile', data: parts.profile }], 'sha256');
  const block = Buffer.from(
    buildSigningBlock([
      { type: HAP_SUB_BLOCK_TYPES.signature, data: parts.sign(digestInfo(digest)) },
      { type: HAP_SUB_BLOCK_TYPES.profile, data: parts.profile },
    ]),
  );
  const signed = Buffer.concat([unsigned.subarray(0, cd), block, unsigned.subarray(cd)]);
  signed.writeUInt32LE(cd + block.length, signed.length - 22 + 16);
  return signed;
}

function stageManifest(s: HapSpec): object {
  return {
    app: { bundleName: s.bundleName ?? 'com.example.app', vendor: 'example', versionCode: 1000000, versionName: '1.0.0', minAPIVersion: 12, targetAPIVersion: 12, apiReleaseType: 'Release', debug: false, label: '$string:app_name', ...(s.app ?? {}) },
    module: {
      name: 'entry',
      type: 'entry',
      mainElement: 'EntryAbility',
      deviceTypes: ['phone'],
      abilities: [{ name: 'EntryAbility', srcEntry: './ets/entryability/EntryAbility.ets', exported: true, skills: [{ actions: ['action.system.home'], entities: ['entity.system.home'] }] }],
      ...(s.module ?? {}),
    },
  };
}

function faManifest(s: HapSpec): object {
  return {
    app: { bundleName: s.bundleName ?? 'com.example.app', vendor: 'example', version: { code: 1, name: '1.0' }, apiVersion: { compatible: 8, target: 8 }, ...(s.app ?? {}) },
    deviceConfig: s.deviceConfig ?? { default: {} },
    module: {
      package: 'com.example.app',
      name: '.MyApplication',
      mainAbility: '.MainAbility',
      deviceType: ['phone'],
      distro: { moduleType: 'entry', moduleName: 'entry' },
      abilities: [{ name: '.MainAbility', type: 'page', visible: true, skills: [{ actions: ['action.system.home'], entities: ['entity.system.home'] }] }],
      ...(s.module ?? {}),
    },
  };
}

export function buildHap(s: HapSpec = {}): Buffer {
  const stage = (s.model ?? 'stage') === 'stage';
  const strings: ResItemSpec[] = Object.entries({ app_name: 'Example App', ...(s.strings ?? {}) }).map(([name, value], i) => ({ id: 0x01000000 + i, type: 9, name, value }));
  const entries: ZipWriterEntry[] = [
    { name: stage ? 'module.json' : 'config.json', data: JSON.stringify(stage ? stageManifest(s) : faManifest(s)) },
    { name: 'resources.index', data: Buffer.from(buildResourcesIndex([{ keys: [], items: strings }])) },
    ...(s.abc ? [{ name: stage ? 'ets/modules.abc' : 'assets/js/MainAbility/pages/index.abc', data: Buffer.from(buildAbc(s.abc)) }] : []),
    ...(s.files ?? []),
  ];
  if (s.stored) for (const e of entries) e.method = 'stored';
  const unsigned = buildZip(entries);
  return s.sign === false ? unsigned : signZip(unsigned, s.bundleName ?? 'com.example.app', s.sign);
}

/** An .app bundle: pack.info plus the given modules as .hap/.hsp entries. */
export function buildApp(modules: { name: string; hap: Buffer }[], bundleName = 'com.example.app'): Buffer {
  const packInfo = { summary: { app: { bundleName, version: { code: 1000000, name: '1.0.0' } }, modules: [] }, packages: modules.map((m) => ({ name: m.name.replace(/\.(hap|hsp)$/, ''), moduleType: 'entry', deviceType: ['phone'] })) };
  return buildZip([{ name: 'pack.info', data: JSON.stringify(packInfo) }, ...modules.map((m) => ({ name: m.name, data: m.hap, method: 'stored' as const }))]);
}

let dir: string | undefined;
let n = 0;
export function tempFile(bytes: Uint8Array, name = 'app.hap'): string {
  dir ??= mkdtempSync(join(tmpdir(), 'harmony-engine-'));
  const path = join(dir, `${n++}-${name}`);
  writeFileSync(path, bytes);
  return path;
}

export const NOW = new Date('2026-01-01T00:00:00Z');

export async function assessBytes(bytes: Uint8Array, name = 'app.hap', options: EngineOptions = {}): Promise<Assessment> {
  return engine.run({ files: [{ path: tempFile(bytes, name), name }] }, options, { now: () => NOW });
}

export async function assess(spec: HapSpec, options: EngineOptions = {}): Promise<Assessment> {
  return assessBytes(buildHap(spec), 'app.hap', options);
}

export function row(a: Assessment, key: string): Finding {
  const f = a.findings.find((x) => x.ruleId === `${a.platform}.${key}`);
  if (!f) throw new Error(`no row ${a.platform}.${key}`);
  return f;
}

export const result = (a: Assessment, key: string): Finding['result'] => row(a, key).result;
