import { buildElf } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { assess, result, row } from '../testing/build-apk.ts';
import { appClass, str } from '../testing/dex-helpers.ts';

describe('certificate checks', () => {
  it('unsigned fails; a release v2 signature passes every certificate item', async () => {
    const unsigned = await assess({});
    expect(result(unsigned, 'android.certificate.unsigned')).toBe('fail');
    const signed = await assess({ manifest: { minSdk: 26 }, sign: { schemes: ['v1', 'v2'] } });
    expect(signed.target.signatureSchemes).toEqual(['v1', 'v2']);
    expect(signed.target.signatureVerified).toEqual({ v1: true, v2: true });
    for (const r of ['unsigned', 'signature_invalid', 'debug_certificate', 'janus', 'weak_signature_algorithm', 'certificate_validity']) expect(result(signed, `android.certificate.${r}`), r).toBe('pass');
    expect(signed.target.signer).toMatchObject({ subject: 'CN=Example Release,O=Example Ltd,C=CN', isDebug: false });
  });

  it('debug certificate, v1 only on an old minSdk (Janus), SHA-1 v1 digest, expired certificate', async () => {
    const a = await assess({ manifest: { minSdk: 19 }, sign: { schemes: ['v1'], debug: true, v1Digest: 'sha1', notAfter: new Date('2020-01-01T00:00:00Z') } });
    for (const r of ['debug_certificate', 'janus', 'weak_signature_algorithm', 'certificate_validity']) expect(result(a, `android.certificate.${r}`), r).toBe('fail');
    expect(result(a, 'android.certificate.signature_invalid')).toBe('pass');
    // v1 alone on minSdk 24+ is not Janus.
    expect(result(await assess({ manifest: { minSdk: 24 }, sign: { schemes: ['v1'] } }), 'android.certificate.janus')).toBe('pass');
  });

  it('a tampered v1 signature file is reported as invalid', async () => {
    const { buildApk } = await import('../testing/build-apk.ts');
    const { openZip, buildZip } = await import('@citadel/engine-core');
    const bytes = await buildApk({ sign: { schemes: ['v1'] } });
    const zip = await openZip(bytes);
    const entries = await Promise.all(zip.entries.map(async (e) => ({ name: e.name, data: e.name.endsWith('.SF') ? Buffer.from((await zip.read(e)).toString().replace('Created-By: test', 'Created-By: evil')) : await zip.read(e) })));
    await zip.close();
    expect(result(await assess(buildZip(entries)), 'android.certificate.signature_invalid')).toBe('fail');
  });
});

describe('native checks', () => {
  const lib = (o: Parameters<typeof buildElf>[0]) => ({ 'lib/arm64-v8a/libnative.so': buildElf({ bits: 64, ...o }), 'lib/armeabi-v7a/libnative.so': buildElf({ bits: 32, ...o }) });
  it('fails each protection on a weak library, per ABI, and passes a hardened one', async () => {
    const bad = await assess({ files: lib({ gnuStack: 'rwx', relro: false, bindNow: 'none', imports: ['strcpy', 'system'], rpath: '/data/local/tmp', textrel: true, localSymbols: ['helper'], loadAlign: 0x1000 }) });
    for (const r of ['nx', 'stack_canary', 'relro', 'fortify', 'rpath', 'text_relocations', 'dangerous_functions', 'not_stripped', 'page_alignment_16k']) expect(result(bad, `android.native.${r}`), r).toBe('fail');
    expect(row(bad, 'android.native.nx').evidence.map((e) => e.file)).toEqual(['lib/arm64-v8a/libnative.so', 'lib/armeabi-v7a/libnative.so']);
    expect(row(bad, 'android.native.page_alignment_16k').evidence).toHaveLength(1); // only the 64-bit one must be 16 KB aligned
    expect(row(bad, 'android.native.dangerous_functions').evidence[0]!.snippet).toMatch(/strcpy/);
    expect(bad.target.nativeLibraries).toEqual({ 'arm64-v8a': ['libnative.so'], 'armeabi-v7a': ['libnative.so'] });
    const good = await assess({ files: lib({ imports: ['__stack_chk_fail', '__memcpy_chk', 'snprintf'], loadAlign: 0x4000, sectionHeaders: true }) });
    for (const r of ['nx', 'stack_canary', 'relro', 'fortify', 'rpath', 'text_relocations', 'dangerous_functions', 'not_stripped', 'page_alignment_16k', 'pie']) expect(result(good, `android.native.${r}`), r).toBe('pass');
    expect(result(await assess({ files: { 'lib/x86/tool.so': buildElf({ bits: 32, type: 'exec' }) } }), 'android.native.pie')).toBe('fail');
  });
});

describe('secrets, endpoints, SDKs and packers', () => {
  it('finds API keys, credentials, http URLs and sensitive words in DEX strings, resources and assets', async () => {
    const a = await assess(
      {
        classes: [appClass((r) => [...str(r, 1, 'AKIAQ3EGUXHVZ7KRT5PW'), ...str(r, 2, 'http://api.example.cn/v1/login'), ...str(r, 3, 'Project Falcon build')])],
        files: { 'assets/config.json': '{\n  "host": "10.0.0.8",\n  "password": "Pr0d-S3cret!x"\n}\n' },
      },
      'app.apk',
      { sensitiveWords: ['falcon'] },
    );
    expect(result(a, 'android.secrets.api_keys')).toBe('fail');
    expect(row(a, 'android.secrets.api_keys').evidence[0]).toMatchObject({ className: 'com.example.app.Main', method: 'run', detail: expect.stringMatching(/aws_access_key_id/) });
    expect(result(a, 'android.secrets.hardcoded_credentials')).toBe('fail');
    expect(row(a, 'android.secrets.hardcoded_credentials').evidence[0]).toMatchObject({ file: 'assets/config.json', line: 3 });
    expect(result(a, 'android.secrets.http_urls')).toBe('fail');
    expect(result(a, 'android.secrets.endpoints')).toBe('find_problem');
    expect(row(a, 'android.secrets.endpoints').evidence.map((e) => e.snippet)).toEqual(expect.arrayContaining(['http://api.example.cn/v1/login', '10.0.0.8']));
    expect(result(a, 'android.secrets.sensitive_words')).toBe('find_problem');
    const clean = await assess({ classes: [appClass((r) => str(r, 1, 'hello world'))] });
    for (const r of ['api_keys', 'hardcoded_credentials', 'http_urls', 'endpoints']) expect(result(clean, `android.secrets.${r}`), r).toBe('pass');
    expect(result(clean, 'android.secrets.sensitive_words')).toBe('not_executed');
  });

  it('detects a packer from its native library and stub application, and reports no packer on a plain app', async () => {
    const packed = await assess({ manifest: { app: [{ name: 'name', android: true, string: 'com.stub.StubApp' }, { name: 'allowBackup', android: true, bool: false }] }, files: { 'lib/arm64-v8a/libjiagu_a64.so': buildElf({ bits: 64, imports: ['__stack_chk_fail'] }) } });
    expect(result(packed, 'android.packer.hardening')).toBe('safe');
    expect(row(packed, 'android.packer.hardening').evidence.map((e) => e.file ?? e.className)).toEqual(expect.arrayContaining(['lib/arm64-v8a/libjiagu_a64.so']));
    expect(packed.target.packers).toEqual(['360 加固 (Jiagu 360)']);
    // Protections hidden in a packed DEX are not concluded absent.
    expect(result(packed, 'android.resilience.root_detection')).toBe('not_executed');
    expect(result(await assess({}), 'android.packer.hardening')).toBe('pass');
    // A stub class found only in the DEX.
    const stub = await assess({ classes: [appClass((r) => str(r, 1, 'x'), { name: 'Lcom/secneo/apkwrapper/ApplicationWrapper;' })] });
    expect(row(stub, 'android.packer.hardening').evidence).toEqual([expect.objectContaining({ className: 'com.secneo.apkwrapper.ApplicationWrapper', detail: expect.stringMatching(/in the DEX/) })]);    // Citadel's own shell: its payload and stub Application.
    const citadel = await assess({ manifest: { app: [{ name: 'name', android: true, string: 'com.citadel.shell.ShellApp' }] }, files: { 'assets/citadel/payload.bin': Buffer.from([1, 2, 3]) } });
    expect(citadel.target.packers).toEqual(['Citadel 加固 (Citadel shield)']);
  });

  it('lists third-party SDKs from class names', async () => {
    const a = await assess({ classes: [appClass((r) => str(r, 1, 'x'), { name: 'Lcom/tencent/bugly/crashreport/CrashReport;' }), appClass((r) => str(r, 1, 'y'))] });
    expect(a.sdks.map((s) => s.name).join()).toMatch(/Bugly/i);
    expect(result(a, 'android.sdk.third_party')).toBe('find_problem');
    expect(result(await assess({ classes: [appClass((r) => str(r, 1, 'y'))] }), 'android.sdk.third_party')).toBe('pass');
  });
});
