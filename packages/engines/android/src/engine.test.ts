import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type EngineInputError, buildZip, catalogueSummary, deflateBomb, engineConformanceProblems, missingTranslations, sarifProblems, toSarif } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { ANDROID_CATALOGUE, engine } from './index.ts';
import { writeAxml } from './formats/testing/axml-writer.ts';
import { writeDex } from './formats/testing/dex-writer.ts';
import { assess, buildApk, manifest, result, row, tempFile } from './testing/build-apk.ts';
import { appClass, callStatic, str } from './testing/dex-helpers.ts';

const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/android/', import.meta.url));
const DIVA = `${CORPUS}diva.apk`;
const UNCRACKABLE = `${CORPUS}uncrackable-level1.apk`;
const run = (path: string, name: string) => engine.run({ files: [{ path, name }] }, {}, { now: () => new Date('2026-01-01T00:00:00Z') });

describe('engine and catalogue', () => {
  it('conforms to the engine contract; every item has zh-CN/en texts, MASVS and CWE; titles in four languages', () => {
    expect(CORPUS).toMatch(/\/shared\/corpus\/android\/$/);
    expect(engineConformanceProblems(engine)).toEqual([]);
    const s = catalogueSummary(ANDROID_CATALOGUE);
    expect(s.platforms.sort()).toEqual(['android', 'android_sdk']);
    for (const item of ANDROID_CATALOGUE.items) {
      expect(item.owasp?.length, item.id).toBeGreaterThan(0);
      expect(item.id.startsWith(`${item.platform}.`), item.id).toBe(true);
    }
    expect(missingTranslations(ANDROID_CATALOGUE.items).filter((m) => m.field === 'title')).toEqual([]);
  });

  it('accepts Android packages by magic and name', () => {
    const zip = Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0]);
    expect(engine.accepts('a.apk', zip)).toBe('android');
    expect(engine.accepts('a.xapk', zip)).toBe('android');
    expect(engine.accepts('lib.aar', zip)).toBe('android_sdk');
    expect(engine.accepts('lib.jar', zip)).toBe('android_sdk');
    expect(engine.accepts('a.apk', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46]))).toBeUndefined();
    expect(engine.accepts('a.ipa', zip)).toBeUndefined();
  });

  it('honours selected items, whitelists and the abort signal; SARIF of the result validates', async () => {
    const spec = { manifest: { app: [{ name: 'debuggable', android: true, bool: true }] }, classes: [appClass((r) => [...str(r, 0, 't'), ...str(r, 1, 'm'), ...callStatic(r, 'Landroid/util/Log;', 'd', ['Ljava/lang/String;', 'Ljava/lang/String;'], 'I', [0, 1])])] };
    const a = await assess(spec, 'app.apk', { selected: ['android.manifest.debuggable'], whitelist: [] });
    expect(result(a, 'android.manifest.debuggable')).toBe('fail');
    expect(result(a, 'android.code.insecure_logging')).toBe('not_executed');
    const w = await assess(spec, 'app.apk', { whitelist: [{ kind: 'class', pattern: 'com.example.*' }] });
    expect(row(w, 'android.code.insecure_logging').whitelisted).toBe(true);
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(engine.run({ files: [{ path: tempFile(await buildApk(spec)), name: 'app.apk' }] }, {}, { signal: controller.signal })).rejects.toThrow(/cancelled/);
    expect(sarifProblems(toSarif({ assessment: a, catalogue: ANDROID_CATALOGUE }))).toEqual([]);
  });

  it('assesses a JAR SDK from its class files (class-level evidence) as android_sdk', async () => {
    const { ByteWriter } = await import('@citadel/engine-core/testing');
    // A minimal class file: constant pool with a String, a Methodref to Runtime.exec, and the class/super entries.
    const utf = (s: string) => new ByteWriter().u8(1).bytes([s.length >> 8, s.length & 0xff]).bytes(Buffer.from(s)).toBytes();
    const u2 = (n: number) => [n >> 8, n & 0xff];
    const pool = [utf('com/example/sdk/Tool'), [7, ...u2(1)], utf('java/lang/Object'), [7, ...u2(3)], utf('java/lang/Runtime'), [7, ...u2(5)], utf('exec'), utf('(Ljava/lang/String;)Ljava/lang/Process;'), [12, ...u2(7), ...u2(8)], [10, ...u2(6), ...u2(9)], utf('http://sdk.example.com/report'), [8, ...u2(11)]];
    const body = Buffer.concat(pool.map((p) => Buffer.from(p as ArrayLike<number>)));
    const cls = Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52, ...u2(pool.length + 1)]), body, Buffer.from([0, 0x21, ...u2(2), ...u2(4), 0, 0, 0, 0, 0, 0, 0, 0])]);
    const jar = buildZip([{ name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\r\n' }, { name: 'com/example/sdk/Tool.class', data: cls }]);
    const a = await engine.run({ files: [{ path: tempFile(jar, 'tool-2.1.0.jar'), name: 'tool-2.1.0.jar' }] }, {}, {});
    expect(a.platform).toBe('android_sdk');
    expect(result(a, 'android_sdk.code.runtime_exec')).toBe('fail');
    expect(row(a, 'android_sdk.code.runtime_exec').evidence[0]).toMatchObject({ className: 'com.example.sdk.Tool', file: 'com/example/sdk/Tool.class' });
    expect(result(a, 'android_sdk.secrets.http_urls')).toBe('fail');
    expect(a.target).toMatchObject({ version: '2.1.0', packageName: 'com.example.sdk', category: 'other' });
    expect(a.findings.every((f) => f.ruleId.startsWith('android_sdk.'))).toBe(true);
  });
});

describe('hostile input', () => {
  const expectInputError = async (bytes: Uint8Array, code: EngineInputError['code']) => {
    await expect(engine.run({ files: [{ path: tempFile(bytes), name: 'x.apk' }] }, {}, {})).rejects.toMatchObject({ name: 'EngineInputError', code });
  };

  it('a file that is not a ZIP, a truncated APK and a ZIP without Android content are input errors', async () => {
    await expectInputError(Buffer.from('not a zip at all, just text'), 'corrupt');
    const apk = await buildApk({ classes: [appClass((r) => str(r, 1, 'x'))] });
    await expectInputError(apk.subarray(0, Math.floor(apk.length / 2)), 'corrupt');
    await expectInputError(buildZip([{ name: 'readme.txt', data: 'hello' }]), 'unsupported_format');
  });

  it('a zip-bomb DEX ends as a partial result naming the unreadable entry', async () => {
    const bytes = buildZip([{ name: 'AndroidManifest.xml', data: Buffer.from(writeAxml(manifest())) }, { name: 'classes.dex', rawData: deflateBomb(64), declaredUncompressedSize: 1000 }]);
    const a = await assess(bytes);
    expect(a.unreadable.find((u) => u.file === 'classes.dex')?.reason).toMatch(/inflates|ratio|larger/i);
    expect(result(a, 'android.manifest.allow_backup')).toBe('pass');
  });

  it('a DEX with offsets past its end and a manifest with a forged string pool end as partial results', async () => {
    const dex = writeDex([appClass((r) => str(r, 1, 'x'))]);
    const view = new DataView(dex.buffer);
    view.setUint32(0x3c, 0x7ffffff0, true); // string_ids_off far past the end
    const a = await assess({ files: { 'classes.dex': dex } });
    expect(a.unreadable.some((u) => u.file === 'classes.dex')).toBe(true);
    expect(result(a, 'android.resilience.root_detection')).toBe('not_executed');

    // A string pool claiming a huge count of strings all pointing at one long run (billion-laughs style).
    const axml = writeAxml(manifest());
    const pool = Buffer.from(axml);
    pool.writeUInt32LE(0x0fffffff, 8 + 8); // string count
    const b = await assess(new Uint8Array(buildZip([{ name: 'AndroidManifest.xml', data: pool }])), 'x.apk');
    expect(b.unreadable.some((u) => u.file === 'AndroidManifest.xml')).toBe(true);
    expect(result(b, 'android.manifest.debuggable')).toBe('not_executed');
  });
});

describe('corpus: DIVA', () => {
  it.skipIf(!existsSync(DIVA))('finds the ground truth of DIVA', async () => {
    const a = await run(DIVA, 'diva.apk');
    expect(a.target).toMatchObject({ appName: 'Diva', packageName: 'jakhar.aseem.diva', minSdkVersion: 15, targetSdkVersion: 23, signatureSchemes: ['v1'], signer: { subject: 'CN=Android Debug,O=Android,C=US', isDebug: true } });
    for (const r of ['manifest.debuggable', 'manifest.allow_backup', 'manifest.min_sdk_low', 'manifest.exported_provider', 'manifest.exported_activity', 'certificate.debug_certificate', 'certificate.janus', 'native.nx', 'native.stack_canary', 'native.dangerous_functions', 'secrets.hardcoded_credentials', 'code.insecure_logging', 'code.sql_injection']) {
      expect(result(a, `android.${r}`), r).toBe('fail');
    }
    expect(row(a, 'android.manifest.exported_provider').evidence[0]!.className).toBe('jakhar.aseem.diva.NotesProvider');
    expect(row(a, 'android.manifest.exported_activity').evidence.map((e) => e.className).sort()).toEqual(['jakhar.aseem.diva.APICreds2Activity', 'jakhar.aseem.diva.APICredsActivity']);
    // NX is missing in every ABI; the stack canary in every ABI except x86, whose build has one.
    const abis = ['armeabi', 'armeabi-v7a', 'arm64-v8a', 'x86', 'x86_64', 'mips', 'mips64'];
    expect(row(a, 'android.native.nx').evidence.map((e) => e.file).sort()).toEqual(abis.map((x) => `lib/${x}/libdivajni.so`).sort());
    expect(row(a, 'android.native.stack_canary').evidence.map((e) => e.file).sort()).toEqual(abis.filter((x) => x !== 'x86').map((x) => `lib/${x}/libdivajni.so`).sort());
    expect(row(a, 'android.native.dangerous_functions').evidence.every((e) => e.snippet?.includes('strcpy'))).toBe(true);
    expect(row(a, 'android.code.sql_injection').evidence.map((e) => `${e.className}.${e.method}`)).toEqual(expect.arrayContaining(['jakhar.aseem.diva.SQLInjectionActivity.search', 'jakhar.aseem.diva.InsecureDataStorage2Activity.saveCredentials']));
    expect(row(a, 'android.code.insecure_logging').evidence.some((e) => e.className === 'jakhar.aseem.diva.LogActivity' && e.method === 'checkout')).toBe(true);
    expect(row(a, 'android.secrets.hardcoded_credentials').evidence.some((e) => e.className === 'jakhar.aseem.diva.HardcodeActivity' && /vendorsecretkey/.test(e.detail ?? ''))).toBe(true);
    expect(row(a, 'android.secrets.hardcoded_credentials').evidence.some((e) => e.className === 'jakhar.aseem.diva.APICredsActivity')).toBe(true);
    expect(a.unreadable).toEqual([]);
  });
});

describe('corpus: UnCrackable Level 1', () => {
  it.skipIf(!existsSync(UNCRACKABLE))('reports root and debugger detection as protections, the ECB cipher and the hard-coded AES key, v1+v2', async () => {
    const a = await run(UNCRACKABLE, 'uncrackable-level1.apk');
    expect(a.target).toMatchObject({ packageName: 'owasp.mstg.uncrackable1', signatureSchemes: ['v1', 'v2'], signatureVerified: { v1: true, v2: true } });
    expect(result(a, 'android.resilience.root_detection')).toBe('safe');
    expect(row(a, 'android.resilience.root_detection').evidence.map((e) => e.className)).toEqual(expect.arrayContaining(['sg.vantagepoint.a.c']));
    expect(result(a, 'android.resilience.debugger_detection')).toBe('safe');
    expect(row(a, 'android.resilience.debugger_detection').evidence[0]!.className).toBe('sg.vantagepoint.a.b');
    // Cipher.getInstance("AES") is AES/ECB/PKCS5Padding on Android.
    expect(result(a, 'android.crypto.ecb_mode')).toBe('fail');
    expect(row(a, 'android.crypto.ecb_mode').evidence[0]).toMatchObject({ className: 'sg.vantagepoint.a.a', method: 'a' });
    expect(result(a, 'android.crypto.hardcoded_key')).toBe('fail');
    expect(row(a, 'android.crypto.hardcoded_key').evidence[0]!.snippet).toBe('8d127684cbc37c17616d806cf50473cc');
    expect(result(a, 'android.certificate.janus')).toBe('pass');
    expect(result(a, 'android.resilience.obfuscation')).toBe('safe');
  });
});
