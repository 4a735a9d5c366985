/**
 * Test utility: builds iOS inputs in code — an IPA (Info.plist as XML, a
 * main executable, embedded frameworks, a CMS-signed provisioning profile,
 * bundled files), zipped frameworks and libraries — and runs the engine on
 * them. Mach-O images come from the formats' writers; the binary spec names
 * only what the checks read (imports, strings, class names, flags, signature).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Assessment, Finding, ItemResult } from '@citadel/contracts';
import { type EngineOptions, OIDS, buildTestCertificate, buildTestSignedData, buildZip, type ZipWriterEntry } from '@citadel/engine-core';
import { engine } from '../engine.ts';
import { codeDirectory, entitlementsBlob, superBlob } from '../formats/test-utils/codesign-writer.ts';
import { type SymbolSpec, writeFat, writeMachO } from '../formats/test-utils/macho-writer.ts';

export type PlistJson = string | number | boolean | Date | Uint8Array | PlistJson[] | { [key: string]: PlistJson };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function xmlValue(v: PlistJson): string {
  if (typeof v === 'string') return `<string>${esc(v)}</string>`;
  if (typeof v === 'boolean') return v ? '<true/>' : '<false/>';
  if (typeof v === 'number') return Number.isInteger(v) ? `<integer>${v}</integer>` : `<real>${v}</real>`;
  if (v instanceof Date) return `<date>${v.toISOString().replace(/\.\d{3}Z$/, 'Z')}</date>`;
  if (v instanceof Uint8Array) return `<data>${Buffer.from(v).toString('base64')}</data>`;
  if (Array.isArray(v)) return `<array>${v.map(xmlValue).join('')}</array>`;
  return `<dict>${Object.entries(v).map(([k, x]) => `<key>${esc(k)}</key>${xmlValue(x)}`).join('')}</dict>`;
}

/** An XML property list. */
export function xmlPlist(root: PlistJson): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">${xmlValue(root)}</plist>\n`;
}

export const MH_PIE = 0x200000;
/** MH_NOUNDEFS | MH_DYLDLINK | MH_TWOLEVEL | MH_PIE, as ld64 writes for an app. */
export const APP_FLAGS = 0x1 | 0x4 | 0x80 | MH_PIE;
const ARM64 = { cputype: 0x0100000c, cpusubtype: 0 };
const ARMV7 = { cputype: 12, cpusubtype: 9 };
/** What a hardened Objective-C app imports: canary and ARC. */
export const SAFE_IMPORTS = ['___stack_chk_fail', '___stack_chk_guard', '_objc_release', '_objc_msgSend'];

export interface BinarySpec {
  /** Imported symbols (default SAFE_IMPORTS). */
  imports?: string[];
  /** C strings in __TEXT,__cstring. */
  strings?: string[];
  /** Class names in __TEXT,__objc_classname. */
  classNames?: string[];
  flags?: number;
  filetype?: number;
  encryption?: { cryptid: number };
  rpaths?: string[];
  dylibs?: string[];
  /** Local symbols left in the table (not stripped when > 0). */
  localSymbols?: number;
  /** XML entitlements signed into the code signature; false = no LC_CODE_SIGNATURE. */
  entitlements?: string | false;
  /** Raw __text bytes (e.g. an inline svc). */
  text?: Uint8Array;
  /** Also an armv7 slice (fat file). */
  armv7?: boolean;
  /** A __RESTRICT,__restrict section. */
  restrict?: boolean;
  minos?: string;
}

const packVersion = (v: string) => v.split('.').map(Number).reduce((acc, n, i) => acc + ((n || 0) << (16 - 8 * i)), 0);

export function buildBinary(spec: BinarySpec = {}, identifier = 'com.example.app'): Uint8Array {
  const dylibs = spec.dylibs ?? ['/usr/lib/libSystem.B.dylib', '/usr/lib/libobjc.A.dylib'];
  const symbols: SymbolSpec[] = [
    ...(spec.imports ?? SAFE_IMPORTS).map((name) => ({ name, kind: 'import' as const, library: 1 })),
    ...Array.from({ length: spec.localSymbols ?? 0 }, (_, i) => ({ name: `_local_function_${i}`, kind: 'local' as const })),
  ];
  const signature = spec.entitlements === false ? undefined : superBlob([
    { slot: 0, blob: codeDirectory({ identifier, teamId: 'TEAMID1234' }) },
    ...(spec.entitlements ? [{ slot: 5, blob: entitlementsBlob(spec.entitlements) }] : []),
  ]);
  const slice = (arch: { cputype: number; cpusubtype: number }, is64: boolean) =>
    writeMachO({
      is64,
      cputype: arch.cputype,
      cpusubtype: arch.cpusubtype,
      filetype: spec.filetype ?? 2,
      flags: spec.flags ?? APP_FLAGS,
      segments: [
        {
          name: '__TEXT',
          sections: [
            { name: '__text', data: spec.text ?? new Uint8Array([0xc0, 0x03, 0x5f, 0xd6]) },
            { name: '__cstring', data: Buffer.from((spec.strings ?? []).map((s) => `${s}\0`).join('')), flags: 2 },
            { name: '__objc_classname', data: Buffer.from((spec.classNames ?? []).map((s) => `${s}\0`).join('')), flags: 2 },
          ],
        },
        ...(spec.restrict ? [{ name: '__RESTRICT', sections: [{ name: '__restrict', data: new Uint8Array(0) }] }] : []),
      ],
      dylibs: dylibs.map((name) => ({ name })),
      ...(spec.rpaths ? { rpaths: spec.rpaths } : {}),
      ...(spec.encryption ? { encryption: spec.encryption } : {}),
      symbols,
      ...(signature ? { codeSignature: signature } : {}),
      buildVersion: { platform: 2, minos: packVersion(spec.minos ?? '15.0'), sdk: packVersion('17.0') },
      main: (spec.filetype ?? 2) === 2,
    });
  const arm64 = slice(ARM64, true);
  if (!spec.armv7) return arm64;
  return writeFat([{ ...ARMV7, data: slice(ARMV7, false) }, { ...ARM64, data: arm64 }]);
}

let signer: { key: ReturnType<typeof generateKeyPairSync>; cert: Buffer } | undefined;
function profileSigner() {
  if (!signer) {
    const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const cert = buildTestCertificate({ subject: [[OIDS.organizationName, 'Apple Inc.'], [OIDS.commonName, 'Apple iPhone OS Provisioning Profile Signing']], publicKey: key.publicKey, signingKey: key.privateKey, algorithm: 'ecdsaSha256' });
    signer = { key, cert };
  }
  return signer;
}

export interface ProfileSpec {
  devices?: number;
  allDevices?: boolean;
  getTaskAllow?: boolean;
  expiration?: Date;
}

/** A CMS-signed provisioning profile around an XML plist. */
export function buildProfile(spec: ProfileSpec = {}): Buffer {
  const { key, cert } = profileSigner();
  const plist: Record<string, PlistJson> = {
    AppIDName: 'Example',
    Name: 'Example Profile',
    TeamIdentifier: ['TEAMID1234'],
    TeamName: 'Example Team',
    UUID: '00000000-1111-2222-3333-444444444444',
    CreationDate: new Date('2025-01-01T00:00:00Z'),
    ExpirationDate: spec.expiration ?? new Date('2030-01-01T00:00:00Z'),
    Entitlements: { 'application-identifier': 'TEAMID1234.com.example.app', 'get-task-allow': spec.getTaskAllow ?? false },
    DeveloperCertificates: [cert],
  };
  if (spec.allDevices) plist.ProvisionsAllDevices = true;
  if (spec.devices !== undefined) plist.ProvisionedDevices = Array.from({ length: spec.devices }, (_, i) => `device${i}`);
  return buildTestSignedData({ content: Buffer.from(xmlPlist(plist)), certificates: [cert], signerKey: key.privateKey, digest: 'sha256', algorithm: 'ecdsaSha256' });
}

export interface IpaSpec {
  name?: string;
  /** Extra Info.plist keys (merged over a minimal valid one), or the raw bytes of a broken one. */
  info?: Record<string, PlistJson> | Uint8Array;
  main?: BinarySpec;
  /** Raw main executable bytes instead of a built one. */
  mainBytes?: Uint8Array;
  frameworks?: { name: string; binary?: BinarySpec; bytes?: Uint8Array }[];
  profile?: ProfileSpec | Uint8Array;
  files?: { path: string; data: string | Buffer }[];
}

export function defaultInfo(name = 'Example'): Record<string, PlistJson> {
  return { CFBundleName: name, CFBundleExecutable: name, CFBundleIdentifier: 'com.example.app', CFBundleShortVersionString: '2.3.4', CFBundleVersion: '234', MinimumOSVersion: '15.0' };
}

export function buildIpa(spec: IpaSpec = {}): Buffer {
  const name = spec.name ?? 'Example';
  const app = `Payload/${name}.app/`;
  const info = spec.info instanceof Uint8Array ? Buffer.from(spec.info) : xmlPlist({ ...defaultInfo(name), ...(spec.info ?? {}) });
  const entries: ZipWriterEntry[] = [
    { name: `${app}Info.plist`, data: info },
    { name: `${app}${name}`, data: Buffer.from(spec.mainBytes ?? buildBinary(spec.main)) },
  ];
  if (spec.profile) entries.push({ name: `${app}embedded.mobileprovision`, data: spec.profile instanceof Uint8Array ? Buffer.from(spec.profile) : buildProfile(spec.profile) });
  for (const fw of spec.frameworks ?? []) {
    const dir = `${app}Frameworks/${fw.name}.framework/`;
    entries.push({ name: `${dir}Info.plist`, data: xmlPlist({ CFBundleExecutable: fw.name, CFBundleIdentifier: `org.${fw.name.toLowerCase()}` }) });
    entries.push({ name: `${dir}${fw.name}`, data: Buffer.from(fw.bytes ?? buildBinary({ filetype: 6, flags: 0x85, ...fw.binary }, `org.${fw.name}`)) });
  }
  for (const f of spec.files ?? []) entries.push({ name: `${app}${f.path}`, data: f.data });
  return buildZip(entries);
}

let dir: string | undefined;
let counter = 0;
/** Writes bytes to a fresh temp file (one folder per test process) and returns its path. */
export function tempFile(bytes: Uint8Array, name = 'input.ipa'): string {
  dir ??= mkdtempSync(join(tmpdir(), 'ios-engine-'));
  const path = join(dir, `${counter++}-${name}`);
  writeFileSync(path, bytes);
  return path;
}

export const FIXED_NOW = new Date('2026-01-01T00:00:00Z');

export function assessFile(path: string, name: string, options: EngineOptions = {}): Promise<Assessment> {
  return engine.run({ files: [{ path, name }] }, options, { now: () => FIXED_NOW });
}

export function assessIpa(spec: IpaSpec, options: EngineOptions = {}): Promise<Assessment> {
  return assessFile(tempFile(buildIpa(spec)), 'app.ipa', options);
}

export function row(a: Assessment, ruleId: string): Finding {
  const f = a.findings.find((x) => x.ruleId === ruleId);
  if (!f) throw new Error(`no row ${ruleId}`);
  return f;
}

export function result(a: Assessment, ruleId: string): ItemResult {
  return row(a, ruleId).result;
}
