import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipArchive, buildZip } from '@citadel/engine-core';
import { ShieldError } from '@citadel/shield-core';
import { findTool } from '../signing/tools.ts';
import { stripClassDebug } from './class-strip.ts';
import { hardenSdk } from './module.ts';

const dir = mkdtempSync(join(tmpdir(), 'shield-sdk-'));
const haveJdk = !!(findTool('javac') && findTool('java'));

const LIB = `package com.example.sdk;
public class Lib {
  private static int mixInternal(int a, int b) { int localSecretName = a * 31; return localSecretName + b; }
  public static int api(int a, int b) { return mixInternal(a, b) + "CITADEL".length(); }
  public static String where() { return new Throwable().getStackTrace()[0].toString(); }
}
`;
const MAIN = `import com.example.sdk.Lib;
public class Main { public static void main(String[] a) { System.out.println(Lib.api(2, 3) + " " + Lib.where()); } }
`;

/** Compiles the library with full debug information (javac -g) and a caller; returns the library's JAR bytes and the caller's folder. */
function compile(): { jar: Buffer; mainDir: string } {
  const src = join(dir, 'src/com/example/sdk');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'Lib.java'), LIB);
  writeFileSync(join(dir, 'Main.java'), MAIN);
  const classes = join(dir, 'classes');
  execFileSync(findTool('javac')!, ['-g', '--release', '11', '-d', classes, join(src, 'Lib.java')]);
  const mainDir = join(dir, 'main');
  execFileSync(findTool('javac')!, ['--release', '11', '-cp', classes, '-d', mainDir, join(dir, 'Main.java')]);
  const jar = buildZip([{ name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\r\n\r\n' }, { name: 'com/example/sdk/Lib.class', data: readFileSync(join(classes, 'com/example/sdk/Lib.class')) }]);
  return { jar, mainDir };
}

const run = (jar: string, mainDir: string): string => execFileSync(findTool('java')!, ['-Xshare:auto', '-XX:TieredStopAtLevel=1', '-cp', `${jar}:${mainDir}`, 'Main'], { encoding: 'utf8' }).trim();

describe.skipIf(!haveJdk)('SDK hardening', () => {
  it('JAR and AAR: debug attributes gone, the caller gives the same result, consumer rules kept', async () => {
    const { jar, mainDir } = compile();
    const jarPath = join(dir, 'lib.jar');
    writeFileSync(jarPath, jar);
    const before = run(jarPath, mainDir);
    expect(before).toBe('72 com.example.sdk.Lib.where(Lib.java:5)');

    const r = await hardenSdk({ path: jarPath, name: 'lib.jar' }, {}, { workDir: mkdtempSync(join(dir, 'job-')) });
    expect(r.verification.ok, JSON.stringify(r.verification.checks)).toBe(true);
    // same result; the line table and source file name are gone from the stack trace
    expect(run(r.outputPath, mainDir)).toBe('72 com.example.sdk.Lib.where(Unknown Source)');
    const cls = await (await ZipArchive.open(r.outputPath)).read('com/example/sdk/Lib.class');
    expect(cls.includes('LineNumberTable')).toBe(true); // the name stays in the constant pool, unreferenced
    expect(stripClassDebug(cls).removed).toBe(0);
    expect(r.metrics.attributesRemoved).toBeGreaterThanOrEqual(5);

    const aarPath = join(dir, 'lib.aar');
    const rules = '-keep class com.example.sdk.Lib { public *; }\n';
    writeFileSync(aarPath, buildZip([{ name: 'AndroidManifest.xml', data: '<manifest package="com.example.sdk"/>' }, { name: 'classes.jar', data: jar }, { name: 'proguard.txt', data: rules }]));
    const aar = await hardenSdk({ path: aarPath, name: 'lib.aar' }, {}, { workDir: mkdtempSync(join(dir, 'job-')) });
    expect(aar.verification.ok, JSON.stringify(aar.verification.checks)).toBe(true);
    const z = await ZipArchive.open(aar.outputPath);
    expect((await z.read('proguard.txt')).toString()).toBe(rules);
    const inner = join(dir, 'inner.jar');
    writeFileSync(inner, await z.read('classes.jar'));
    await z.close();
    expect(run(inner, mainDir)).toBe('72 com.example.sdk.Lib.where(Unknown Source)');
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
