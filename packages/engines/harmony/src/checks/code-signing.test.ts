import { generateKeyPairSync } from 'node:crypto';
import { OIDS, buildElf, buildTestCertificate, buildZip } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { type AbcRecordSpec, asm, asmCall, type CodeRefs } from '../formats/test-utils/abc-writer.ts';
import { ohpmPackageOf } from './sdks.ts';
import { assess, assessBytes, buildApp, buildHap, result, row } from '../testing/build-hap.ts';

const record = (name: string, requests: string[], literalStrings: string[]): AbcRecordSpec => ({ name: `com.example.app/entry/ets/${name}`, methods: ['func_main_0'], module: { requests }, literalStrings });
const withAbc = (...records: AbcRecordSpec[]) => ({ abc: { records } });

/** A record importing `imports` (local name = last part of the module), whose method `method` makes the given calls. */
const coded = (name: string, imports: string[], method: string, calls: (r: CodeRefs) => number[][], literalStrings: string[] = []): AbcRecordSpec => ({
  name: `com.example.app/entry/ets/${name}`,
  methods: ['func_main_0', { name: method, code: (r) => [...calls(r).flat(), ...asm('returnundefined')] }],
  module: { requests: imports, regularImports: imports.map((m, i) => ({ localName: m.replace(/^.*[.:]/, ''), importName: 'default', requestIdx: i })) },
  literalStrings,
});
const imp = (i: number) => asm('ldexternalmodulevar', i);
const global = (r: CodeRefs, n: string) => asm('tryldglobalbyname', 0, r.str(n));

/** The same APIs called badly or well. */
function appCode(bad: boolean): AbcRecordSpec[] {
  return [
    coded('crypto/Cipher', ['@ohos:security.cryptoFramework'], 'seal', (r) => [
      asmCall(r, imp(0), ['createCipher'], [bad ? 'AES128|ECB|PKCS7' : 'AES256|GCM|NoPadding']),
      asmCall(r, imp(0), ['createSymKeyGenerator'], [bad ? '3DES192' : 'AES256']),
      asmCall(r, imp(0), ['createMd'], [bad ? 'MD5' : 'SHA256']),
    ], bad ? ['IvParamsSpec', '1234567890abcdef'] : ['GcmParamsSpec']),
    coded('pages/Web', ['@ohos:web.webview'], 'initialRender', (r) => [
      ...(bad ? [asmCall(r, global(r, 'Web'), ['javaScriptProxy'], [])] : []),
      asmCall(r, global(r, 'Web'), ['fileAccess'], [bad]),
      asmCall(r, global(r, 'Web'), ['mixedMode'], [{ global: 'MixedMode', members: [bad ? 'All' : 'None'] }]),
      asmCall(r, imp(0), ['WebviewController', 'setWebDebuggingAccess'], [bad]),
    ]),
    coded('data/Store', ['@ohos:data.preferences', '@ohos:data.relationalStore', '@ohos:hilog'], 'save', (r) => [
      asmCall(r, asm('lda', 9), ['put'], [bad ? 'user_password' : 'theme', 'v']),
      asmCall(r, imp(2), ['info'], [0, 'tag', bad ? 'login token=%{public}s' : 'loaded %{public}d items', 'x']),
    ], bad ? [] : ['encrypt']),
  ];
}

describe('ABC code checks', () => {
  it('fails each rule on weak calls and passes on their fixed version; evidence names record, method and call', async () => {
    const a = await assess({ abc: { records: appCode(true) } });
    const b = await assess({ abc: { records: appCode(false) } });
    const fails = ['crypto.ecb_mode', 'crypto.weak_cipher', 'crypto.weak_hash', 'webview.javascript_proxy', 'webview.file_access', 'webview.mixed_content', 'webview.debugging_access', 'storage.database_unencrypted', 'logging.hilog_sensitive'];
    const reviews = ['crypto.static_iv', 'storage.preferences_sensitive'];
    for (const k of fails) expect(result(a, k), k).toBe('fail');
    for (const k of reviews) expect(result(a, k), k).toBe('find_problem');
    for (const k of [...fails, ...reviews]) expect(result(b, k), k).toBe('pass');
    expect(row(a, 'crypto.ecb_mode').evidence).toEqual([
      expect.objectContaining({ file: 'ets/modules.abc', className: 'com.example.app/entry/ets/crypto/Cipher', method: 'seal', snippet: "cryptoFramework.createCipher('AES128|ECB|PKCS7')" }),
    ]);
    expect(row(a, 'webview.mixed_content').evidence[0]?.detail).toBe('mixed content allowed (MixedMode.All)');
    expect(row(a, 'logging.hilog_sensitive').evidence[0]?.snippet).toBe("hilog.info(0, 'tag', 'login token=%{public}s', 'x')");
    expect(row(a, 'crypto.static_iv').evidence.map((e) => e.snippet)).toEqual(['1234567890abcdef']);
  });

  it('a sensitive value spliced into console output fails (template literal or +)', async () => {
    const a = await assess({ abc: { records: [coded('pages/Login', [], 'submit', (r) => [asm('tryldglobalbyname', 0, r.str('console')), asm('sta', 2), asm('ldobjbyname', 0, r.str('log')), asm('sta', 1), asm('lda.str', r.str('login password ')), asm('sta', 5), asm('lda', 9), asm('add2', 0, 5), asm('sta', 3), asm('lda', 1), asm('callthis1', 0, 2, 3)])] } });
    expect(row(a, 'logging.hilog_sensitive').evidence[0]).toMatchObject({ className: 'com.example.app/entry/ets/pages/Login', method: 'submit', snippet: "console.log('login password ${…}')" });
  });

  it('strings that never reach a call are only findings to review, and harmless calls silence them', async () => {
    const stray = await assess(withAbc(record('crypto/Table', ['@ohos:security.cryptoFramework'], ['AES128|ECB|PKCS7', 'fileAccess'])));
    expect(row(stray, 'crypto.ecb_mode')).toMatchObject({ result: 'find_problem', evidence: [expect.objectContaining({ detail: expect.stringContaining('not seen as a constant argument') })] });
    const safe = await assess({ abc: { records: [coded('pages/Web', ['@ohos:web.webview'], 'build', (r) => [asmCall(r, global(r, 'Web'), ['fileAccess'], [false])], ['fileAccess', 'fileFromUrlAccess'])] } });
    expect(result(safe, 'webview.file_access')).toBe('pass');
  });

  it('files whose code is not decoded keep the string rules; bare MD5 without a crypto import is not reported', async () => {
    expect(result(await assess(withAbc(record('util/Names', ['@ohos:hilog'], ['MD5']))), 'crypto.weak_hash')).toBe('pass');
    const old = await assess({ abc: { version: [0, 0, 0, 2], records: [record('crypto/Weak', ['@ohos:security.cryptoFramework'], ['AES128|ECB|PKCS7'])] } });
    expect(result(old, 'crypto.ecb_mode')).toBe('fail');
    const f = await assess({ model: 'fa', ...withAbc(record('pages/index', ['@ohos:security.cryptoFramework'], ['SHA1'])) });
    expect(f.platform).toBe('harmony');
    expect(row(f, 'crypto.weak_hash')).toMatchObject({ result: 'find_problem', evidence: [expect.objectContaining({ file: 'assets/js/MainAbility/pages/index.abc' })] });
  });

  it('without any .abc the code items are not executed, with the reason', async () => {
    const a = await assess({});
    expect(result(a, 'crypto.weak_hash')).toBe('not_executed');
    expect(row(a, 'crypto.weak_hash').evidence[0]?.detail).toContain('no Ark bytecode');
  });
});

describe('secrets, SDKs, native libraries, archive anomalies', () => {
  it('a secret loaded by decoded code names the record and method that use it', async () => {
    const a = await assess({ abc: { records: [coded('net/Client', ['@ohos:net.http'], 'connect', (r) => [asm('lda.str', r.str('AKIAQ3EGUXHVZ7KRT5PW')), asm('sta', 4), asmCall(r, imp(0), ['createHttp'], [])])] } });
    expect(row(a, 'secrets.api_keys').evidence[0]).toMatchObject({ file: 'ets/modules.abc', className: 'com.example.app/entry/ets/net/Client', method: 'connect' });
  });

  it('finds keys, URLs and credentials in ABC strings, resources.index values and rawfile texts', async () => {
    const a = await assess({
      ...withAbc(record('net/Api', ['@ohos:net.http'], ['http://api.example.cn/login', 'AKIAQ3EGUXHVZ7KRT5PW'])),
      strings: { server: 'https://203.0.113.7/report' },
      files: [{ name: 'resources/rawfile/config.json', data: '{\n  "mode": "prod",\n  "password": "Sup3r-Secret-9"\n}' }],
    });
    expect(result(a, 'secrets.http_urls')).toBe('fail');
    expect(result(a, 'secrets.api_keys')).toBe('fail');
    expect(row(a, 'secrets.api_keys').evidence[0]).toMatchObject({ file: 'ets/modules.abc', detail: expect.stringContaining('aws_access_key_id') });
    const cred = row(a, 'secrets.hardcoded_credentials').evidence[0];
    expect(cred).toMatchObject({ file: 'resources/rawfile/config.json', line: 3 });
    expect(row(a, 'secrets.endpoints').evidence.map((e) => e.snippet)).toEqual(expect.arrayContaining(['http://api.example.cn/login', 'https://203.0.113.7/report']));
    expect(result(await assess({}), 'secrets.http_urls')).toBe('pass');
    const words = await assess({ strings: { t: 'internal project falcon' } }, { sensitiveWords: ['falcon'] });
    expect(row(words, 'secrets.sensitive_words').evidence[0]).toMatchObject({ file: 'resources.index', className: 'string:t' });
  });

  it('names ohpm packages from module paths and matches them against the SDK library', async () => {
    expect(ohpmPackageOf('@normalized:N&&&@tencent/wechat_open_sdk/Index&1.0.16')).toEqual({ name: '@tencent/wechat_open_sdk', version: '1.0.16' });
    expect(ohpmPackageOf('@package:pkg_modules/.ohpm/@ohos+axios@2.2.0/pkg_modules/@ohos/axios/index')).toEqual({ name: '@ohos/axios' });
    expect(ohpmPackageOf('entry/oh_modules/dayjs/esm/index')).toEqual({ name: 'dayjs' });
    expect(ohpmPackageOf('com.example.app&@bdmap/map/src/main/ets/Index&1.2.0')).toEqual({ name: '@bdmap/map', version: '1.2.0' });
    for (const p of ['@ohos:net.http', '@bundle:com.x/lib/Index', '@normalized:Y&&&libentry.so&', './util']) expect(ohpmPackageOf(p), p).toBeUndefined();
    const a = await assess(withAbc(record('pages/Pay', ['@normalized:N&&&@tencent/wechat_open_sdk/Index&1.0.16', '@normalized:N&&&@cashier_alipay/cashiersdk/Index&15.8.39', '@normalized:N&&&dayjs/esm/index&1.11.0'], [])));
    expect(a.sdks.map((s) => [s.name, s.category, s.version])).toEqual([
      ['WeChat OpenSDK (HarmonyOS)', 'social', '1.0.16'],
      ['Alipay SDK (HarmonyOS)', 'payment', '15.8.39'],
    ]);
    expect(result(a, 'sdk.third_party')).toBe('find_problem');
    expect(row(a, 'sdk.third_party').attribution).toEqual({ kind: 'sdk', name: 'WeChat OpenSDK (HarmonyOS)' });
    expect((a.target['ohpmPackages'] as { name: string }[]).map((p) => p.name)).toEqual(['@tencent/wechat_open_sdk', '@cashier_alipay/cashiersdk', 'dayjs']);
    expect(result(await assess(withAbc(record('pages/Index', ['@ohos:hilog'], []))), 'sdk.third_party')).toBe('pass');
  });

  it('native libraries: unprotected .so fails, hardened .so passes, a broken one is unreadable', async () => {
    const weak = buildElf({ gnuStack: 'rwx', relro: false, bindNow: 'none', imports: ['strcpy', 'system'], localSymbols: ['helper'], textrel: true, rpath: '/data/local/tmp' });
    const strong = buildElf({ imports: ['__stack_chk_fail', '__memcpy_chk'] });
    const a = await assess({ files: [{ name: 'libs/arm64-v8a/libweak.so', data: weak }] });
    for (const k of ['native.nx', 'native.stack_canary', 'native.relro', 'native.fortify', 'native.rpath', 'native.text_relocations', 'native.dangerous_functions', 'native.not_stripped']) expect(result(a, k), k).toBe('fail');
    const b = await assess({ files: [{ name: 'libs/arm64-v8a/libstrong.so', data: strong }, { name: 'libs/armeabi-v7a/libbroken.so', data: Buffer.from('not an elf') }] });
    for (const k of ['native.nx', 'native.stack_canary', 'native.relro', 'native.fortify', 'native.rpath', 'native.text_relocations', 'native.dangerous_functions', 'native.not_stripped']) expect(result(b, k), k).toBe('pass');
    expect(b.unreadable.map((u) => u.file)).toContain('libs/armeabi-v7a/libbroken.so');
    expect((b.target['nativeLibraries'] as { abi: string }[]).map((l) => l.abi)).toEqual(['arm64-v8a', 'armeabi-v7a']);
  });

  it('archive anomalies (duplicate entries, wrong manifest shapes) are reported', async () => {
    const a = await assess({ app: { debug: 'true' }, files: [{ name: 'x.txt', data: 'a' }, { name: 'x.txt', data: 'b' }] });
    expect(row(a, 'info.archive_anomalies').evidence.map((e) => e.detail)).toEqual(expect.arrayContaining([expect.stringContaining('duplicate'), expect.stringContaining('boolean written as the string')]));
    expect(result(await assess({}), 'info.archive_anomalies')).toBe('pass');
  });
});

describe('signing checks', () => {
  it('a release profile from a private CA passes every signing item', async () => {
    const a = await assess({});
    for (const k of ['signing.unsigned', 'signing.signature_invalid', 'signing.debug_profile', 'signing.apl_elevated', 'signing.profile_validity', 'signing.bundle_mismatch', 'signing.test_certificate', 'signing.weak_signature_algorithm']) expect(result(a, k), k).toBe('pass');
    expect(a.target['profileType']).toBe('release');
    expect(a.target['signature']).toMatchObject({ status: 'verified', contentDigestMatches: true, signerSignatureValid: true, profileSignatureValid: true, signerMatchesProfile: true });
    expect((a.target['signer'] as { subject: string }).subject).toContain('CN=example_release');
  });

  it('each signing problem fails its item', async () => {
    expect(result(await assess({ sign: false }), 'signing.unsigned')).toBe('fail');
    expect(row(await assess({ sign: { profile: { type: 'debug', 'debug-info': { 'device-ids': ['a', 'b'], 'device-id-type': 'udid' } } } }), 'signing.debug_profile').evidence[0]?.detail).toBe('debug profile for 2 device(s)');
    expect(result(await assess({ sign: { profile: { 'bundle-info': { 'bundle-name': 'com.example.app', apl: 'system_core' } } } }), 'signing.apl_elevated')).toBe('fail');
    expect(row(await assess({ sign: { profile: { validity: { 'not-before': 1577836800, 'not-after': 1689473258 } } } }), 'signing.profile_validity').evidence[0]?.detail).toBe('profile expired on 2023-07-16T02:07:38.000Z');
    expect(result(await assess({ sign: { profile: { 'bundle-info': { 'bundle-name': 'com.other.app', apl: 'normal' } } } }), 'signing.bundle_mismatch')).toBe('fail');
    expect(result(await assess({ sign: { issuer: 'OpenHarmony Application CA' } }), 'signing.test_certificate')).toBe('fail');
  });

  it('a byte changed after signing fails signing.signature_invalid; an unsigned package is not "tampered"', async () => {
    const data = Buffer.alloc(4096, 0x41);
    const hap = buildHap({ stored: true, files: [{ name: 'resources/rawfile/blob.bin', data }] });
    const at = hap.indexOf(data) + 2000;
    hap[at] = hap[at]! ^ 0x01;
    const a = await assessBytes(hap);
    expect(row(a, 'signing.signature_invalid').evidence[0]?.detail).toMatch(/sha256 digest of the package differs/);
    expect(a.target['signature']).toMatchObject({ status: 'tampered', contentDigestMatches: false });
    const other = buildTestCertificate({ subject: [[OIDS.commonName, 'someone_else']], publicKey: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey, signingKey: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey, algorithm: 'ecdsaSha256' });
    const pem = `-----BEGIN CERTIFICATE-----\n${other.toString('base64')}\n-----END CERTIFICATE-----`;
    const resigned = await assess({ sign: { profile: { 'bundle-info': { 'bundle-name': 'com.example.app', apl: 'normal', 'distribution-certificate': pem } } } });
    expect(row(resigned, 'signing.signature_invalid').evidence[0]?.detail).toMatch(/not the distribution certificate the profile was issued for/);
    expect(resigned.target['signature']).toMatchObject({ status: 'verified', signerMatchesProfile: false });
    const u = await assess({ sign: false });
    expect(result(u, 'signing.signature_invalid')).toBe('pass');
    expect(u.target['signature']).toEqual({ status: 'unsigned' });
  });
});

describe('.app bundles', () => {
  it('assesses every HAP/HSP inside, with module-prefixed evidence and pack.info', async () => {
    const entry = buildHap({ app: { debug: true } });
    const feature = buildHap({ module: { name: 'feature', type: 'feature', extensionAbilities: [{ name: 'Svc', type: 'service', exported: true }] } });
    const a = await assessBytes(buildApp([{ name: 'entry-default.hap', hap: entry }, { name: 'feature-default.hap', hap: feature }]), 'bundle.app');
    expect(a.target['kind']).toBe('app');
    expect((a.target['modules'] as { file: string }[]).map((m) => m.file)).toEqual(['entry-default.hap', 'feature-default.hap']);
    expect(row(a, 'manifest.debug').evidence[0]?.file).toBe('entry-default.hap/module.json');
    expect(row(a, 'manifest.exported_extension_ability').evidence[0]?.file).toBe('feature-default.hap/module.json');
    const broken = await assessBytes(buildApp([{ name: 'entry-default.hap', hap: entry }, { name: 'bad.hsp', hap: Buffer.from('PK\u0003\u0004 broken') }]), 'bundle.app');
    expect(broken.unreadable.map((u) => u.file)).toContain('bad.hsp');
  });

  it('refuses archives that are not HarmonyOS packages', async () => {
    await expect(assessBytes(buildZip([{ name: 'AndroidManifest.xml', data: 'x' }]), 'x.hap')).rejects.toMatchObject({ name: 'EngineInputError', code: 'unsupported_format' });
    await expect(assessBytes(Buffer.from('not a zip at all'), 'x.hap')).rejects.toMatchObject({ name: 'EngineInputError' });
  });
});
