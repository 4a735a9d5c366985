import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipArchive, buildZip } from '@citadel/engine-core';
import { ShieldError } from '@citadel/shield-core';
import { findTool } from '../signing/tools.ts';
import { stripClassDebug } from './class-strip.ts';
import { readClassModel } from './class-model.ts';
import { parseConsumerRules } from './consumer-rules.ts';
import { hardenSdk } from './module.ts';
import { TOOLCHAINS, available, buildNative, runLoader } from '../testing/build-inputs.ts';

const dir = mkdtempSync(join(tmpdir(), 'shield-sdk-'));
const haveJdk = !!(findTool('javac') && findTool('java'));

/** Internals to rename: a package-private class, private fields and methods, a lambda, an anonymous class inside a private method, a name used by reflection. */
const LIB = `package com.example.sdk;
import java.util.function.IntUnaryOperator;
public class Lib {
  private static int mixInternal(int a, int b) { int localSecretName = a * 31; return localSecretName + b; }
  private final int secretCounterField;
  private static int reflectedField = 42;
  public Lib(int c) { secretCounterField = c; }
  public int counter() { return secretCounterField + hiddenStep(1); }
  private int hiddenStep(int x) { IntUnaryOperator op = v -> v + secretCounterField; return op.applyAsInt(x); }
  public static int api(int a, int b) { return mixInternal(a, b) + new SecretHelper("CITADEL").size(); }
  public static String describe() { return new SecretHelper("x") + " " + anonymousInside() + " " + KeptByRule.name(); }
  private static String anonymousInside() { Object o = new Object() { public String toString() { return "anon"; } }; return o.toString() + "@" + o.getClass().getEnclosingMethod().getParameterCount(); }
  public static String reflect() throws Exception { return String.valueOf(Lib.class.getDeclaredField("reflectedField").getInt(null)); }
  public static String where() { return new Throwable().getStackTrace()[0].toString(); }
}
class SecretHelper {
  private final String secretPayload;
  SecretHelper(String s) { secretPayload = s; }
  int size() { return secretPayload.length(); }
  @Override public String toString() { return "helper:" + secretPayload; }
}
class KeptByRule { static String name() { return "kept"; } }
`;
const MAIN = `import com.example.sdk.Lib;
public class Main { public static void main(String[] a) throws Exception { System.out.println(Lib.api(2, 3) + " " + new Lib(5).counter() + " " + Lib.describe() + " " + Lib.reflect() + " " + Lib.where()); } }
`;
const SAME = '72 11 helper:x anon@0 kept 42 com.example.sdk.Lib.where';
const INTERNAL = ['SecretHelper', 'secretPayload', 'mixInternal', 'hiddenStep', 'secretCounterField', 'anonymousInside'];

/** Compiles the library with full debug information (javac -g) and a caller; returns the library's JAR bytes and the caller's folder. */
let compiled: { jar: Buffer; mainDir: string } | undefined;
function compile(): { jar: Buffer; mainDir: string } {
  if (compiled) return compiled;
  const src = join(dir, 'src/com/example/sdk');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'Lib.java'), LIB);
  writeFileSync(join(dir, 'Main.java'), MAIN);
  const classes = join(dir, 'classes');
  execFileSync(findTool('javac')!, ['-g', '--release', '11', '-d', classes, join(src, 'Lib.java')]);
  const mainDir = join(dir, 'main');
  execFileSync(findTool('javac')!, ['--release', '11', '-cp', classes, '-d', mainDir, join(dir, 'Main.java')]);
  const names = ['Lib', 'Lib$1', 'SecretHelper', 'KeptByRule'];
  const jar = buildZip([{ name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\r\n\r\n' }, ...names.map((n) => ({ name: `com/example/sdk/${n}.class`, data: readFileSync(join(classes, `com/example/sdk/${n}.class`)) }))]);
  compiled = { jar, mainDir };
  return compiled;
}

const run = (jar: string, mainDir: string): string => execFileSync(findTool('java')!, ['-Xshare:auto', '-XX:TieredStopAtLevel=1', '-cp', `${jar}:${mainDir}`, 'Main'], { encoding: 'utf8' }).trim();

async function entries(path: string): Promise<Map<string, Buffer>> {
  const z = await ZipArchive.open(path);
  const m = new Map<string, Buffer>();
  for (const e of z.entries) m.set(e.name, await z.read(e));
  await z.close();
  return m;
}

describe('consumer rules', () => {
  it('-keep patterns become keep prefixes', () => {
    expect(parseConsumerRules('# c\n-keep class com.example.sdk.Lib { public *; }\n-keepclassmembers,allowobfuscation class com.example.api.** { *; }\n-keepnames public interface a.B\n-dontwarn x.**\n')).toEqual(['com/example/sdk/Lib', 'com/example/api/*', 'a/B']);
  });
});

describe.skipIf(!haveJdk)('SDK hardening', () => {
  it('JAR and AAR: internals renamed, debug attributes gone, the caller gives the same result, consumer rules kept and honoured', async () => {
    const { jar, mainDir } = compile();
    const jarPath = join(dir, 'lib.jar');
    writeFileSync(jarPath, jar);
    const before = run(jarPath, mainDir);
    expect(before).toMatch(new RegExp(`^${SAME}\\(Lib\\.java:\\d+\\)$`));

    const t0 = Date.now();
    const r = await hardenSdk({ path: jarPath, name: 'lib.jar' }, {}, { workDir: mkdtempSync(join(dir, 'job-')) });
    console.info(`[measure] test SDK JAR: ${r.metrics.inputBytes} → ${r.metrics.outputBytes} bytes, ${Date.now() - t0} ms (protect ${r.metrics.protectMs} ms)`);
    expect(r.verification.ok, JSON.stringify(r.verification.checks)).toBe(true);
    expect(r.applied.map((a) => a.id)).toEqual(['class.strip-debug', 'class.rename']);
    // same result; the line table and source file name are gone from the stack trace
    expect(run(r.outputPath, mainDir)).toBe(`${SAME}(Unknown Source)`);
    const out = await entries(r.outputPath);
    expect([...out.keys()].sort()).toEqual(['META-INF/MANIFEST.MF', 'com/example/sdk/Lib$1.class', 'com/example/sdk/Lib.class', 'com/example/sdk/a.class', 'com/example/sdk/b.class']);
    const all = Buffer.concat([...out.values()]);
    for (const n of INTERNAL) expect(all.includes(n), n).toBe(false);
    expect(all.includes('reflectedField')).toBe(true); // named in a string: kept for reflection
    expect(stripClassDebug(out.get('com/example/sdk/Lib.class')!).removed).toBe(0);
    expect(r.metrics.membersRenamed).toBeGreaterThanOrEqual(5);

    const aarPath = join(dir, 'lib.aar');
    const rules = '-keep class com.example.sdk.KeptByRule { *; }\n';
    writeFileSync(aarPath, buildZip([{ name: 'AndroidManifest.xml', data: '<manifest package="com.example.sdk"/>' }, { name: 'classes.jar', data: jar }, { name: 'proguard.txt', data: rules }]));
    const aar = await hardenSdk({ path: aarPath, name: 'lib.aar' }, {}, { workDir: mkdtempSync(join(dir, 'job-')) });
    expect(aar.verification.ok, JSON.stringify(aar.verification.checks)).toBe(true);
    const z = await ZipArchive.open(aar.outputPath);
    expect((await z.read('proguard.txt')).toString()).toBe(rules);
    const inner = join(dir, 'inner.jar');
    writeFileSync(inner, await z.read('classes.jar'));
    await z.close();
    expect(run(inner, mainDir)).toBe(`${SAME}(Unknown Source)`);
    expect([...(await entries(inner)).keys()]).toContain('com/example/sdk/KeptByRule.class');

    // debug-only strategy: names stay
    const d = await hardenSdk({ path: jarPath, name: 'lib.jar' }, { rename: false }, { workDir: mkdtempSync(join(dir, 'job-')) });
    expect([...(await entries(d.outputPath)).keys()]).toContain('com/example/sdk/SecretHelper.class');
    expect(run(d.outputPath, mainDir)).toBe(`${SAME}(Unknown Source)`);
  });

  it('AAR native libraries are packed: each still loads with the same results, its strings are gone', async () => {
    const tcs = TOOLCHAINS.filter((tc) => available(tc) && ['x86_64', 'arm64-v8a'].includes(tc.abi));
    if (tcs.length === 0) return;
    const { jar } = compile();
    const libs = await Promise.all(tcs.map(async (tc) => ({ tc, ...(await buildNative(tc, mkdtempSync(join(dir, `so-${tc.abi}-`)))) })));
    const aarPath = join(dir, 'native.aar');
    writeFileSync(aarPath, buildZip([{ name: 'AndroidManifest.xml', data: '<manifest package="com.example.sdk"/>' }, { name: 'classes.jar', data: jar }, ...libs.map((l) => ({ name: `jni/${l.tc.abi}/libcitadel.so`, data: readFileSync(l.lib) }))]));
    const r = await hardenSdk({ path: aarPath, name: 'native.aar' }, {}, { workDir: mkdtempSync(join(dir, 'job-')) });
    expect(r.verification.ok, JSON.stringify(r.verification.checks)).toBe(true);
    expect(r.applied.map((a) => a.id)).toEqual(expect.arrayContaining(['so.pack', 'so.strip', 'class.rename']));
    const out = await entries(r.outputPath);
    for (const l of libs) {
      const so = out.get(`jni/${l.tc.abi}/libcitadel.so`)!;
      expect(so.includes('CITADEL_SECRET_ONE')).toBe(false);
      const f = join(mkdtempSync(join(dir, 'x-')), 'libcitadel.so');
      writeFileSync(f, so);
      const before = runLoader(l.tc, l.loader, l.lib);
      expect(before).toContain('CITADEL_SECRET_ONE');
      expect(runLoader(l.tc, l.loader, f)).toBe(before);
    }
  });

  it('string encryption in selected classes: same output, the strings are no longer in the classes, reflection names kept', async () => {
    const { jar, mainDir } = compile();
    const jarPath = join(dir, 'strings.jar');
    writeFileSync(jarPath, jar);
    const r = await hardenSdk({ path: jarPath, name: 'strings.jar' }, { encryptStringsIn: ['com/example/sdk/'] }, { workDir: mkdtempSync(join(dir, 'job-')) });
    expect(r.verification.ok, JSON.stringify(r.verification.checks)).toBe(true);
    expect(r.applied.map((a) => a.id).sort()).toEqual(['class.rename', 'class.strings', 'class.strip-debug']);
    expect(execFileSync(findTool('java')!, ['-Xverify:all', '-cp', `${r.outputPath}:${mainDir}`, 'Main'], { encoding: 'utf8' }).trim()).toBe(`${SAME}(Unknown Source)`);
    const out = await entries(r.outputPath);
    const classes = Buffer.concat([...out].filter(([k]) => k.endsWith('.class')).map(([, v]) => v));
    for (const s of ['CITADEL', 'anon']) expect(classes.includes(s), s).toBe(false);
    // a literal inside Java 9+ string concatenation is part of an invokedynamic recipe (a bootstrap argument): stays
    expect(classes.includes('helper:\u0001')).toBe(true);
    expect([...out.keys()]).toContain('com/example/sdk/S0.class'); // the decryptor
    // the same inside an AAR's classes.jar
    const aarPath = join(dir, 'strings.aar');
    writeFileSync(aarPath, buildZip([{ name: 'AndroidManifest.xml', data: '<manifest package="com.example.sdk"/>' }, { name: 'classes.jar', data: jar }]));
    const aar = await hardenSdk({ path: aarPath, name: 'strings.aar' }, { encryptStringsIn: ['com/example/sdk/Lib'] }, { workDir: mkdtempSync(join(dir, 'job-')) });
    expect(aar.verification.ok, JSON.stringify(aar.verification.checks)).toBe(true);
    expect(aar.verification.checks.map((c) => c.id)).toContain('strings:classes.jar');
    const inner = join(dir, 'strings-inner.jar');
    writeFileSync(inner, (await entries(aar.outputPath)).get('classes.jar')!);
    expect(run(inner, mainDir)).toBe(`${SAME}(Unknown Source)`);
    await expect(hardenSdk({ path: jarPath, name: 'strings.jar' }, { encryptStringsIn: ['org/none/'] }, { workDir: mkdtempSync(join(dir, 'job-')) })).rejects.toMatchObject({ code: 'SHIELD_BAD_STRATEGY' });
  });

  it('the rename verification fails when a reference is left dangling', async () => {
    const { jar } = compile();
    const { renameJar } = await import('./rename.ts');
    const { verifyRename } = await import('./verify-rename.ts');
    const before = new Map<string, Buffer>();
    for (const [k, v] of await entries(await (async () => { const p = join(dir, 'v.jar'); writeFileSync(p, jar); return p; })())) if (k.endsWith('.class')) before.set(k, v);
    const r = renameJar(before, []);
    const after = new Map([...r.classes.values()].map((c) => [c.name, c.bytes] as const));
    expect(verifyRename(before, after, r.classMap, r.goneMemberNames).ok).toBe(true);
    // put the original Lib back: its references to the old names no longer resolve
    after.set('com/example/sdk/Lib.class', before.get('com/example/sdk/Lib.class')!);
    const v = verifyRename(before, after, r.classMap, r.goneMemberNames);
    expect(v.ok).toBe(false);
    expect(v.detail).toMatch(/does not resolve|still/);
    expect(() => readClassModel(Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52, 0, 2, 9]))).toThrow();
  });

  it('a damaged class file or a wrong type is a clear error', async () => {
    const bad = join(dir, 'bad.jar');
    writeFileSync(bad, buildZip([{ name: 'a/B.class', data: Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52, 0, 9, 1, 0]) }]));
    await expect(hardenSdk({ path: bad, name: 'bad.jar' }, {}, { workDir: mkdtempSync(join(dir, 'job-')) })).rejects.toMatchObject({ code: 'SHIELD_CLASS_UNSUPPORTED' });
    const err = await hardenSdk({ path: bad, name: 'bad.zip' }, {}, { workDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShieldError);
    expect((err as ShieldError).text['zh-CN']).toBe('SDK 加固只接受 JAR 或 AAR 文件');
  });
});
