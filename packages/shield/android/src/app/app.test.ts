import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipArchive, buildZip, deflateBomb } from '@citadel/engine-core';
import { DexFile, androidAttribute, parseAxml, readManifestInfo, valueAsBoolean, valueAsString } from '@citadel/engine-android';
import { buildApk } from '@citadel/engine-android/testing/build-apk';
import { writeDex } from '@citadel/engine-android/testing/dex-writer';
import { appClass } from '@citadel/engine-android/testing/dex-helpers';
import { ShieldError } from '@citadel/shield-core';
import { CORPUS, hasCorpus } from '@citadel/engine-core/testing';
import { stripDexDebugInfo } from '../dex/strip-debug.ts';
import { editManifestBooleans, reencodePool } from '../manifest/axml-patch.ts';
import { verifySignature } from '../signing/sign.ts';
import { findTool } from '../signing/tools.ts';
import { TOOLCHAINS, available, buildNative } from '../testing/build-inputs.ts';
import { hardenApp } from './module.ts';

const dir = mkdtempSync(join(tmpdir(), 'shield-app-'));
const tools = ['apksigner', 'zipalign', 'dexdump'] as const;
const haveTools = tools.every((x) => findTool(x));
const exportedActivity = { name: 'activity', attrs: [{ name: 'name', android: true, string: '.Open' }, { name: 'exported', android: true, bool: true }] };
const launcher = {
  name: 'activity',
  attrs: [{ name: 'name', android: true, string: '.Main' }, { name: 'exported', android: true, bool: true }],
  children: [{ name: 'intent-filter', children: [{ name: 'action', attrs: [{ name: 'name', android: true, string: 'android.intent.action.MAIN' }] }, { name: 'category', attrs: [{ name: 'name', android: true, string: 'android.intent.category.LAUNCHER' }] }] }],
};
// The engine's test DEX writer writes no map list (dexdump and ART refuse such a file), so APKs built
// here carry no code; DEX stripping runs on the corpus DEX files, which compilers wrote.
const spec = {
  manifest: { app: [{ name: 'label', android: true, string: 'Demo' }, { name: 'debuggable', android: true, bool: true }], components: [launcher, exportedActivity] },
};

async function entry(apk: Uint8Array | string, name: string): Promise<Buffer> {
  const z = await ZipArchive.open(apk);
  try {
    return await z.read(name);
  } finally {
    await z.close();
  }
}

describe('manifest editing', () => {
  it('sets existing flags, inserts missing ones in resource-id order, unexports a component; the engine reads them back', async () => {
    const m = await entry(await buildApk(spec), 'AndroidManifest.xml');
    const edits = [
      { target: 'application', attr: 'debuggable', resId: 0x0101000f, value: false },
      { target: 'application', attr: 'allowBackup', resId: 0x01010280, value: false },
      { target: 'application', attr: 'usesCleartextTraffic', resId: 0x010104ec, value: false },
      { target: 'com.example.app.Open', attr: 'exported', resId: 0x01010010, value: false },
      { target: 'com.example.app.Missing', attr: 'exported', resId: 0x01010010, value: false },
    ];
    const r = editManifestBooleans(m, edits);
    expect(r.outcomes.map((o) => `${o.attr}:${o.before}→${o.after}`)).toEqual(['debuggable:true→false', 'allowBackup:undefined→false', 'usesCleartextTraffic:undefined→false', 'exported:true→false', 'exported:absent→absent']);
    const doc = parseAxml(r.bytes);
    expect(doc.warnings).toEqual([]);
    const app = doc.root.children.find((c) => c.name === 'application')!;
    for (const a of ['debuggable', 'allowBackup', 'usesCleartextTraffic']) expect(valueAsBoolean(androidAttribute(app, a)?.value)).toBe(false);
    expect(valueAsString(androidAttribute(app, 'label')?.value)).toBe('Demo');
    const ids = app.attributes.map((a) => a.resourceId ?? 0);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const info = readManifestInfo(doc);
    expect(info.components.find((c) => c.name === 'com.example.app.Open')?.exported).toBe(false);
    expect(info.components.find((c) => c.name === 'com.example.app.Main')?.isLauncher).toBe(true);
  });

  it('edits a UTF-8 string pool (aapt2) as well as a UTF-16 one (aapt)', async () => {
    const m = reencodePool(await entry(await buildApk(spec), 'AndroidManifest.xml'), true);
    expect(m.readUInt32LE(8 + 16) & 0x100).toBe(0x100);
    const r = editManifestBooleans(m, [{ target: 'application', attr: 'allowBackup', resId: 0x01010280, value: false }, { target: 'application', attr: 'debuggable', resId: 0x0101000f, value: false }]);
    const app = parseAxml(r.bytes).root.children.find((c) => c.name === 'application')!;
    expect(valueAsBoolean(androidAttribute(app, 'allowBackup')?.value)).toBe(false);
    expect(valueAsBoolean(androidAttribute(app, 'debuggable')?.value)).toBe(false);
    expect(valueAsString(androidAttribute(app, 'label')?.value)).toBe('Demo');
    expect(readManifestInfo(parseAxml(r.bytes)).components.map((c) => c.name)).toEqual(['com.example.app.Main', 'com.example.app.Open']);
  });

  it('refuses manifests shaped to trip parsers and truncated ones', () => {
    expect(() => editManifestBooleans(Buffer.from('not xml at all'), [])).toThrow(/canonical|short|bounds/i);
    expect(() => editManifestBooleans(new Uint8Array(0), [])).toThrow();
  });
});

describe('DEX debug stripping', () => {
  it('refuses a DEX without a map list and a truncated one', () => {
    const dex = writeDex([{ ...appClass(() => []), sourceFile: 'Main.java' }]);
    expect(() => stripDexDebugInfo(dex)).toThrow(/map list/);
    expect(() => stripDexDebugInfo(Buffer.from(dex).subarray(0, 100))).toThrow();
  });

  const diva = CORPUS.diva;
  it.skipIf(!hasCorpus(diva) || !findTool('dexdump'))('DIVA: every debug table removed, dexdump still reads the file', async () => {
    const dex = await entry(diva, 'classes.dex');
    const r = stripDexDebugInfo(dex);
    expect(r.debugRefsCleared).toBeGreaterThan(1000);
    expect(r.sourceFilesCleared).toBeGreaterThan(100);
    const before = new DexFile(dex);
    const d = new DexFile(r.bytes);
    expect(d.header.checksumValid && d.header.signatureValid).toBe(true);
    expect(d.classes().map((c) => c.name)).toEqual(before.classes().map((c) => c.name));
    expect(d.classes().every((c) => c.sourceFile === undefined)).toBe(true);
    expect(stripDexDebugInfo(r.bytes).debugRefsCleared).toBe(0);
    const p = join(dir, 'diva-classes.dex');
    writeFileSync(p, r.bytes);
    // dexdump -d disassembles every method and verifies the checksum; the line tables are gone from its listing.
    const listing = execFileSync(findTool('dexdump')!, ['-d', p], { encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(listing).toMatch(/Class descriptor/);
    expect(listing).not.toMatch(/0x[0-9a-f]{4} line=\d+/);
  });
});

describe.skipIf(!haveTools)('APK hardening', () => {
  it.skipIf(!findTool('keytool'))("protects and signs with the customer's keystore; verified; stripped native library inside; a wrong password fails without the password in the message", async () => {
    const ks = join(dir, 'customer.p12');
    execFileSync(findTool('keytool')!, ['-genkeypair', '-keystore', ks, '-storetype', 'PKCS12', '-storepass', 'S3cret-pass', '-alias', 'release', '-keyalg', 'RSA', '-keysize', '2048', '-validity', '3650', '-dname', 'CN=Customer Release, O=Example'], { stdio: 'ignore' });
    const tc = TOOLCHAINS.find((x) => x.abi === 'arm64-v8a' && available(x));
    const lib = tc ? readFileSync((await buildNative(tc, mkdtempSync(join(dir, 'lib')))).lib) : undefined;
    const apk = await buildApk({ ...spec, ...(lib ? { files: { 'lib/arm64-v8a/libcitadel.so': lib } } : {}), sign: { schemes: ['v1', 'v2'] } });
    const input = join(dir, 'demo.apk');
    writeFileSync(input, apk);
    const work = mkdtempSync(join(dir, 'job-'));
    const keystore = { path: ks, password: 'S3cret-pass', alias: 'release' };
    const r = await hardenApp({ path: input, name: 'demo.apk' }, { unexport: ['com.example.app.Open', 'com.example.app.Main'] }, { workDir: work, extras: { keystore } });
    expect(r.verification.ok, JSON.stringify(r.verification.checks.filter((c) => !c.ok))).toBe(true);
    expect(r.outputName).toBe('demo-protected.apk');
    expect(r.applied.map((a) => a.id)).toEqual(expect.arrayContaining(['manifest.debuggable', 'manifest.allowBackup', 'manifest.usesCleartextTraffic', 'manifest.exported:com.example.app.Open', 'signature.replaced', ...(lib ? ['so.strip'] : [])]));
    // the launcher is never unexported, whatever the strategy says
    expect(r.applied.some((a) => a.id.endsWith('com.example.app.Main'))).toBe(false);
    expect(r.verification.checks.find((c) => c.id === 'apksigner')?.detail).toMatch(/v2 true, v3 true; CN=Customer Release/);
    expect(r.verification.checks.find((c) => c.id === 'rescan')?.detail).toMatch(/manifest\.debuggable: fail → pass/);
    expect(r.verification.unverified?.[0]?.['zh-CN']).toMatch(/启动测试/);
    if (lib) expect((await entry(r.outputPath, 'lib/arm64-v8a/libcitadel.so')).includes('secret_mixer_internal')).toBe(false);
    // the signature check can fail: the unsigned intermediate does not verify
    expect((await verifySignature(join(work, 'unsigned.apk'))).ok).toBe(false);

    const err = await hardenApp({ path: input, name: 'demo.apk' }, {}, { workDir: mkdtempSync(join(dir, 'ks-')), extras: { keystore: { ...keystore, password: 'wrong-Pa55word' } } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShieldError);
    expect((err as ShieldError).code).toBe('SHIELD_SIGN_FAILED');
    expect(JSON.stringify({ m: (err as Error).message, d: (err as ShieldError).detail })).not.toMatch(/wrong-Pa55word/);
  });

  it.skipIf(!hasCorpus(CORPUS.uncrackable))('UnCrackable Level 1: protected, re-signed, DEX re-read by dexdump, flags fixed in the re-scan', async () => {
    const r = await hardenApp({ path: CORPUS.uncrackable, name: 'uncrackable-level1.apk' }, { signWith: 'oneOff' }, { workDir: mkdtempSync(join(dir, 'unc-')) });
    expect(r.verification.ok, JSON.stringify(r.verification.checks.filter((c) => !c.ok))).toBe(true);
    expect(r.applied.map((a) => a.id)).toEqual(expect.arrayContaining(['manifest.allowBackup', 'dex.strip-debug']));
    expect(r.verification.checks.find((c) => c.id === 'rescan')?.detail).toMatch(/manifest\.allow_backup: fail → pass/);
    expect(r.metrics.scoreAfter).toBeGreaterThan(r.metrics.scoreBefore!);
    expect(r.applied.map((a) => a.id)).toContain('signature.one-off');
  });

  it('hostile or unusable inputs end with a clear error', async () => {
    const apk = await buildApk(spec);
    const manifestBytes = await entry(apk, 'AndroidManifest.xml');
    // 8 MiB of zeros at a ratio over 1000: the archive limits stop it while inflating
    const bomb = buildZip([{ name: 'AndroidManifest.xml', data: manifestBytes }, { name: 'assets/bomb.bin', rawData: deflateBomb(8), declaredUncompressedSize: 8 << 20 }]);
    const cases: [string, Uint8Array, Record<string, unknown>, string][] = [
      ['bomb.apk', bomb, { signWith: 'oneOff' }, 'SHIELD_BAD_INPUT'],
      ['trunc.apk', apk.subarray(0, apk.length - 30), { signWith: 'oneOff' }, 'SHIELD_BAD_INPUT'],
      ['nokey.apk', apk, {}, 'SHIELD_KEYSTORE_REQUIRED'],
      ['bad.apk', apk, { signWith: 'oneOff', stripDexDebug: 'yes' }, 'SHIELD_BAD_STRATEGY'],
      ['x.aab', apk, { signWith: 'oneOff' }, 'SHIELD_NOT_APK'],
    ];
    for (const [name, bytes, strategy, code] of cases) {
      const p = join(dir, name);
      writeFileSync(p, bytes);
      const err = await hardenApp({ path: p, name }, strategy as never, { workDir: mkdtempSync(join(dir, 'h-')) }).catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(ShieldError);
      expect((err as ShieldError).code, name).toBe(code);
    }
  });
});
