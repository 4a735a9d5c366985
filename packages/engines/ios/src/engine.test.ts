import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildZip, catalogueSummary, engineConformanceProblems, missingTranslations, sarifProblems, toSarif } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { writeAr } from './formats/test-utils/ar-writer.ts';
import { writeFat } from './formats/test-utils/macho-writer.ts';
import { IOS_CATALOGUE, engine } from './index.ts';
import { SAFE_IMPORTS, assessFile, assessIpa, buildBinary, buildIpa, result, row, tempFile, xmlPlist } from './testing/build-ipa.ts';

describe('engine and catalogue', () => {
  it('conforms to the engine contract; ids, MASVS and CWE on every item; titles in four languages, texts in zh-CN and en', () => {
    expect(engineConformanceProblems(engine)).toEqual([]);
    const s = catalogueSummary(IOS_CATALOGUE);
    expect(s.platforms.sort()).toEqual(['ios', 'ios_sdk']);
    for (const item of IOS_CATALOGUE.items) {
      expect(item.id.startsWith(`${item.platform}.`), item.id).toBe(true);
      expect(item.owasp?.every((o) => o.startsWith('MASVS-')), item.id).toBe(true);
      expect(item.cwe?.length, item.id).toBeGreaterThan(0);
    }
    expect(missingTranslations(IOS_CATALOGUE.items).filter((m) => m.field === 'title')).toEqual([]);
  });

  it('accepts IPAs, zipped frameworks, static and dynamic libraries; refuses the rest', () => {
    const zip = buildZip([{ name: 'Payload/A.app/Info.plist', data: 'x' }]);
    const fwZip = buildZip([{ name: 'Foo.xcframework/Info.plist', data: 'x' }]);
    expect(engine.accepts('a.ipa', zip.subarray(0, 4096))).toBe('ios');
    expect(engine.accepts('upload.zip', zip.subarray(0, 4096))).toBe('ios');
    expect(engine.accepts('sdk.zip', fwZip.subarray(0, 4096))).toBe('ios_sdk');
    expect(engine.accepts('Foo.framework.zip', Uint8Array.from([0x50, 0x4b, 3, 4]))).toBe('ios_sdk');
    expect(engine.accepts('libfoo.a', Buffer.from('!<arch>\n'))).toBe('ios_sdk');
    expect(engine.accepts('libfoo.dylib', buildBinary({ filetype: 6 }).subarray(0, 4096))).toBe('ios_sdk');
    expect(engine.accepts('a.apk', zip.subarray(0, 4096))).toBeUndefined();
    expect(engine.accepts('Foo.class', Uint8Array.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52]))).toBeUndefined();
    expect(engine.accepts('notes.zip', buildZip([{ name: 'readme.txt', data: 'x' }]))).toBeUndefined();
  });

  it('honours selected items, whitelists and the abort signal; reports progress; SARIF of the result validates', async () => {
    const spec = { main: { imports: [...SAFE_IMPORTS, '_NSLog'] } };
    const selected = await assessIpa(spec, { selected: ['ios.code.nslog'] });
    expect(result(selected, 'ios.code.nslog')).toBe('fail');
    expect(result(selected, 'ios.binary.pie')).toBe('not_executed');
    const w = await assessIpa(spec, { whitelist: [{ kind: 'file', pattern: 'Payload/Example.app/Example' }] });
    expect(row(w, 'ios.code.nslog').whitelisted).toBe(true);
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(engine.run({ files: [{ path: tempFile(buildIpa(spec)), name: 'a.ipa' }] }, {}, { signal: controller.signal })).rejects.toThrow(/cancelled/);
    const progress: number[] = [];
    const a = await engine.run({ files: [{ path: tempFile(buildIpa(spec)), name: 'a.ipa' }] }, {}, { onProgress: (p) => progress.push(p.done) });
    expect(progress.at(-1)).toBe(a.findings.length);
    expect(sarifProblems(toSarif({ assessment: a, catalogue: IOS_CATALOGUE }))).toEqual([]);
  });

  it('finds credentials, high-entropy strings and configured sensitive words, and lists package anomalies', async () => {
    const a = await assessIpa(
      { main: { strings: ['db_password = "Hunter2Hunter2"', 'kQ9vX2mZ7pL4rT8wY1nB6cJ3hF5dG0sA'] }, files: [{ path: 'notes.txt', data: 'internal project Falcon' }] },
      { sensitiveWords: ['Falcon'] },
    );
    expect(result(a, 'ios.secrets.hardcoded_credentials')).toBe('fail');
    expect(result(a, 'ios.secrets.high_entropy_strings')).toBe('find_problem');
    expect(row(a, 'ios.secrets.sensitive_words').evidence[0]).toMatchObject({ file: 'Payload/Example.app/notes.txt', line: 1, snippet: 'Falcon' });
    expect(result(await assessIpa({}), 'ios.secrets.sensitive_words')).toBe('not_executed');
    const dup = tempFile(buildZip([
      { name: 'Payload/Example.app/Info.plist', data: xmlPlist({ CFBundleExecutable: 'Example' }) },
      { name: 'Payload/Example.app/Example', data: Buffer.from(buildBinary()) },
      { name: 'Payload/Example.app/x.txt', data: 'a' },
      { name: 'Payload/Example.app/x.txt', data: 'b' },
    ]));
    const d = await assessFile(dup, 'dup.ipa');
    expect(result(d, 'ios.info.package_anomalies')).toBe('fail');
    expect(result(await assessIpa({}), 'ios.info.package_anomalies')).toBe('pass');
  });
});

describe('iOS SDK platform', () => {
  const sdkBinary = (extra = {}) => buildBinary({ filetype: 6, flags: 0x85, imports: [...SAFE_IMPORTS, '_NSLog'], strings: ['http://sdk.example.com/collect'], ...extra }, 'com.example.sdk');

  it('assesses a zipped framework: name, version and architectures from its bundle, ios_sdk ids only', async () => {
    const zip = buildZip([
      { name: 'ExampleSDK.framework/Info.plist', data: xmlPlist({ CFBundleName: 'ExampleSDK', CFBundleExecutable: 'ExampleSDK', CFBundleShortVersionString: '3.1.0' }) },
      { name: 'ExampleSDK.framework/ExampleSDK', data: Buffer.from(sdkBinary({ armv7: true })) },
    ]);
    const a = await assessFile(tempFile(zip, 'ExampleSDK.framework.zip'), 'ExampleSDK.framework.zip');
    expect(a.platform).toBe('ios_sdk');
    expect(a.findings.every((f) => f.ruleId.startsWith('ios_sdk.'))).toBe(true);
    expect(a.target).toMatchObject({ kind: 'framework', name: 'ExampleSDK', version: '3.1.0', architectures: ['armv7', 'arm64'] });
    expect(result(a, 'ios_sdk.code.nslog')).toBe('fail');
    expect(result(a, 'ios_sdk.secrets.http_urls')).toBe('fail');
    expect(result(a, 'ios_sdk.binary.pie')).toBe('pass');
  });

  it('reads only the device slice of an xcframework', async () => {
    const zip = buildZip([
      { name: 'Foo.xcframework/Info.plist', data: xmlPlist({ AvailableLibraries: [] }) },
      { name: 'Foo.xcframework/ios-arm64/Foo.framework/Info.plist', data: xmlPlist({ CFBundleExecutable: 'Foo', CFBundleShortVersionString: '1.2' }) },
      { name: 'Foo.xcframework/ios-arm64/Foo.framework/Foo', data: Buffer.from(sdkBinary()) },
      { name: 'Foo.xcframework/ios-arm64_x86_64-simulator/Foo.framework/Foo', data: Buffer.from(sdkBinary()) },
    ]);
    const a = await assessFile(tempFile(zip), 'Foo.xcframework.zip');
    expect(a.target).toMatchObject({ kind: 'xcframework', binaries: ['Foo.xcframework/ios-arm64/Foo.framework/Foo'], version: '1.2' });
  });

  it('assesses a universal static library (fat file of ar archives) object by object', async () => {
    const obj = (imports: string[]) => buildBinary({ filetype: 1, flags: 0, imports, entitlements: false, strings: ['AKIAIOSFODNN7REALKEY'] });
    const ar = (imports: string[][]) => writeAr(imports.map((im, i) => ({ name: `part${i}.o`, data: obj(im) })), 'bsd');
    const fat = writeFat([{ cputype: 12, cpusubtype: 9, data: ar([['_strcpy'], ['___stack_chk_fail']]) }, { cputype: 0x0100000c, cpusubtype: 0, data: ar([['_strcpy'], ['_objc_msgSend']]) }]);
    const a = await assessFile(tempFile(fat, 'libfoo.a'), 'libfoo-2.0.1.a');
    expect(a.platform).toBe('ios_sdk');
    expect(a.target).toMatchObject({ kind: 'static_library', name: 'foo-2.0.1', version: '2.0.1' });
    expect(row(a, 'ios_sdk.binary.stack_canary').evidence.map((e) => e.detail)).toEqual(['arm64: none of 2 objects imports ___stack_chk_fail or ___stack_chk_guard']);
    expect(row(a, 'ios_sdk.binary.arc').evidence.map((e) => e.detail)).toEqual(['arm64: none of 2 objects imports ARC runtime calls']);
    expect(result(a, 'ios_sdk.code.unsafe_memory_functions')).toBe('fail');
    expect(result(a, 'ios_sdk.secrets.api_keys')).toBe('fail');
  });

  it('assesses a bare dynamic library', async () => {
    const a = await assessFile(tempFile(sdkBinary(), 'libbar.dylib'), 'libbar.dylib');
    expect(a.target).toMatchObject({ kind: 'dylib', name: 'bar' });
    expect(result(a, 'ios_sdk.code.nslog')).toBe('fail');
  });
});

const CORPUS_IPA = fileURLToPath(new URL('../../../../../shared/corpus/ios/undebuggable.ipa', import.meta.url));

describe('corpus: OWASP UnDebuggable crackme', () => {
  it.skipIf(!existsSync(CORPUS_IPA))('reports what the IPA truly says', async () => {
    expect(CORPUS_IPA).toMatch(/\/shared\/corpus\/ios\/undebuggable\.ipa$/);
    const a = await assessFile(CORPUS_IPA, 'undebuggable.ipa');
    expect(a.target).toMatchObject({
      appName: 'UnDebuggable', bundleId: 'sg.vp.UnDebuggable', versionName: '1.0', versionCode: '1', minimumOSVersion: '8.0',
      teamId: 'LRUD9L355Y', teamName: 'Vantage Point Security Pte. Ltd.', architectures: ['armv7', 'arm64'], encrypted: false,
      sha256: '871f0652f5c0809fd6d8236dd7ca635dfcafb95bb11703920a925f3867f61a00',
      provisioning: { type: 'development', provisionedDevices: 12, expirationDate: '2018-01-26T12:22:58.000Z' },
    });
    expect((a.target.signer as { subject: string }).subject).toMatch(/iPhone Developer: Bernhard Müller/);
    expect(a.target.linkedFrameworks).toContain('/System/Library/Frameworks/UIKit.framework/UIKit');
    // Entitlements signed into the binary say get-task-allow true; the profile is a development one, expired in 2018.
    expect(row(a, 'ios.provisioning.get_task_allow').evidence[0]).toMatchObject({ snippet: 'get-task-allow = true', detail: 'entitlements of the code signature' });
    expect(result(a, 'ios.provisioning.development_profile')).toBe('fail');
    expect(result(a, 'ios.provisioning.profile_expired')).toBe('fail');
    // Both slices: PIE, canary, ARC, signed, stripped; not FairPlay-encrypted; no __RESTRICT; rpath only inside the bundle.
    for (const id of ['pie', 'stack_canary', 'arc', 'code_signature', 'symbols_not_stripped', 'rpath', 'stack_execution']) expect(result(a, `ios.binary.${id}`), id).toBe('pass');
    expect(row(a, 'ios.binary.encryption').evidence.map((e) => e.detail)).toEqual(['armv7: cryptid 0', 'arm64: cryptid 0']);
    expect(result(a, 'ios.binary.restrict_segment')).toBe('fail');
    expect(result(a, 'ios.plist.min_os_version')).toBe('fail');
    expect(result(a, 'ios.network.ats_arbitrary_loads')).toBe('pass');
    // memcpy is the only listed import (review); no ptrace, sysctl, svc #0x80 or jailbreak strings anywhere in the binary.
    expect(row(a, 'ios.code.unsafe_memory_functions')).toMatchObject({ result: 'find_problem', evidence: [{ snippet: '_memcpy' }] });
    expect(result(a, 'ios.resilience.debugger_detection')).toBe('fail');
    expect(result(a, 'ios.resilience.jailbreak_detection')).toBe('fail');
    expect(a.sdks).toEqual([]);
    expect(a.unreadable).toEqual([]);
  });
});
