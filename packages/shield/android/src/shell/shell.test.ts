import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZipArchive } from '@citadel/engine-core';
import { DexFile, androidAttribute, parseAxml, valueAsString } from '@citadel/engine-android';
import { buildApk, manifest } from '@citadel/engine-android/testing/build-apk';
// The engine's AXML writer is not exported as a testing entry; the test reaches it by path.
import { writeAxml } from '../../../../engines/android/src/formats/testing/axml-writer.ts';
import { ShieldError } from '@citadel/shield-core';
import { hardenApp } from '../app/module.ts';
import { setApplicationClass } from '../manifest/axml-patch.ts';
import { findTool } from '../signing/tools.ts';
import { assembleStub } from './assemble.ts';
import { ATTR_APP_COMPONENT_FACTORY, STUB_CLASS, type ShellConfig } from './config.ts';
import { runStubOnJvm } from './jvm.ts';
import { runStartupOnJvm } from './jvm-framework/run.ts';
import { openPayload, sealPayload } from './payload.ts';
import { findShellTool } from './tools.ts';

const dir = mkdtempSync(join(tmpdir(), 'shield-shell-'));
const haveTools = (['apksigner', 'zipalign', 'dexdump'] as const).every((x) => findTool(x)) && (['smali', 'enjarify', 'java', 'javac', 'keytool'] as const).every((x) => findShellTool(x));

/** A small two-DEX app written in smali (the engine's test DEX writer has no map list, which dexdump and ART refuse). */
const APP_SMALI: Record<string, string[]> = {
  'classes.dex': [
    `.class public Lcom/example/app/App;\n.super Landroid/app/Application;\n.method public constructor <init>()V\n.locals 0\ninvoke-direct {p0}, Landroid/app/Application;-><init>()V\nreturn-void\n.end method\n`,
    `.class public Lcom/example/app/Main;\n.super Landroid/app/Activity;\n.source "Main.java"\n.method public constructor <init>()V\n.locals 0\n.line 7\ninvoke-direct {p0}, Landroid/app/Activity;-><init>()V\nreturn-void\n.end method\n`,
  ],
  'classes2.dex': [`.class public Lcom/example/app/Secret;\n.super Ljava/lang/Object;\n.method public static token()Ljava/lang/String;\n.locals 1\nconst-string v0, "SECRET_TOKEN_42"\nreturn-object v0\n.end method\n`],
};

function smaliDex(name: string, sources: string[]): Buffer {
  const src = join(dir, `src-${name}`);
  mkdirSync(src, { recursive: true });
  sources.forEach((s, i) => writeFileSync(join(src, `C${i}.smali`), s));
  const out = join(dir, name);
  execFileSync(findShellTool('smali')!, ['assemble', '--api', '15', '-j', '1', '-o', out, src], { stdio: 'ignore' });
  return readFileSync(out);
}

const launcher = {
  name: 'activity',
  attrs: [{ name: 'name', android: true, string: '.Main' }, { name: 'exported', android: true, bool: true }],
  children: [{ name: 'intent-filter', children: [{ name: 'action', attrs: [{ name: 'name', android: true, string: 'android.intent.action.MAIN' }] }, { name: 'category', attrs: [{ name: 'name', android: true, string: 'android.intent.category.LAUNCHER' }] }] }],
};

async function entries(apk: string): Promise<Map<string, Buffer>> {
  const z = await ZipArchive.open(apk);
  try {
    const m = new Map<string, Buffer>();
    for (const e of z.entries) if (!e.isDirectory) m.set(e.name, await z.read(e));
    return m;
  } finally {
    await z.close();
  }
}

describe('shell payload', () => {
  it('seals and opens several DEX files; a changed byte or a wrong key does not give them back', () => {
    const key = Buffer.alloc(16, 7);
    const dex = [Buffer.from('dex\n035\0first'), Buffer.from('second one')];
    const blob = sealPayload(dex, key);
    expect(openPayload(blob, key)).toEqual(dex);
    expect(blob.includes(Buffer.from('first'))).toBe(false);
    const tryOpen = (b: Buffer, k: Buffer): Buffer[] | string => {
      try {
        return openPayload(b, k);
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(tryOpen(blob, Buffer.alloc(16, 8))).not.toEqual(dex);
    const changed = Buffer.from(blob);
    changed[changed.length - 1]! ^= 1;
    expect(tryOpen(changed, key)).not.toEqual(dex);
    expect(() => openPayload(Buffer.from('XXXX'), key)).toThrow();
  });
});

describe.skipIf(!haveTools)('DEX shell', () => {
  let apkPath = '';
  beforeAll(async () => {
    const files = Object.fromEntries(Object.entries(APP_SMALI).map(([n, s]) => [n, smaliDex(n, s)]));
    const apk = await buildApk({
      manifest: { minSdk: 21, app: [{ name: 'name', android: true, string: '.App' }, { name: 'appComponentFactory', android: true, string: 'androidx.core.app.CoreComponentFactory' }, { name: 'debuggable', android: true, bool: true }], components: [launcher] },
      files,
      sign: { schemes: ['v1', 'v2'] },
    });
    apkPath = join(dir, 'demo.apk');
    writeFileSync(apkPath, apk);
  });

  it('encrypts both DEX files behind the stub; every check passes, the stub decryptor on the JVM gives them back', async () => {
    const t0 = Date.now();
    const r = await hardenApp({ path: apkPath, name: 'demo.apk' }, { signWith: 'oneOff', dexShell: true, rootResponse: 'exit', emulatorResponse: 'report', encryptStringsIn: ['com.example.app.Secret'] }, { workDir: mkdtempSync(join(dir, 'job-')) });
    console.log(`small APK with shell: ${Date.now() - t0} ms, score ${r.metrics.scoreBefore} → ${r.metrics.scoreAfter}`);
    expect(r.verification.ok, JSON.stringify(r.verification.checks.filter((c) => !c.ok))).toBe(true);
    const ids = r.verification.checks.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['apksigner', 'zipalign', 'dex', 'shell.stub', 'shell.payload', 'shell.jvm', 'shell.classes', 'shell.cert', 'shell.rescan', 'shell.startup', 'strings']));
    // the start-up path on the JDK against the framework stand-in: loaders, restore, and each response as configured
    const startup = r.verification.checks.find((c) => c.id === 'shell.startup')?.detail ?? '';
    expect(startup).toMatch(/api34: started loader=InMemoryDexClassLoader flags=64 app=com\.example\.app\.App created=1 warnings=;/);
    expect(startup).toMatch(/api28-again: started loader=DexClassLoader/);
    expect(startup).toMatch(/wrong-cert: killed warnings=CitadelShield:tamper: signing certificate/);
    expect(startup).toMatch(/debugger: started .*warnings=CitadelShield:debugger/);
    expect(startup).toMatch(/root: killed warnings=CitadelShield:root/);
    expect(startup).toMatch(/emulator: started .*warnings=CitadelShield:emulator/);
    expect(startup).toMatch(/hook: started .*warnings=CitadelShield:hook framework/);
    expect(r.verification.checks.find((c) => c.id === 'strings')?.detail).toMatch(/classes2\.dex: 1 calls; 1 of 1 strings decrypted/);
    expect(r.applied.find((a) => a.id === 'dex.shell')?.detail).toMatch(/classes\.dex, classes2\.dex → assets\/citadel\/payload\.bin.*com\.example\.app\.App → com\.citadel\.shell\.ShellApp; android:appComponentFactory removed/);
    expect(r.applied.find((a) => a.id === 'shell.checks')?.detail).toBe('tamper=exit, debug=report, root=exit, emulator=report, hook=report');
    expect(r.verification.checks.find((c) => c.id === 'shell.rescan')?.detail).toMatch(/resilience\.debugger_detection: \w+ → safe/);
    // the JVM run of the stub's pure checks on this server: no tracer, no su, no hook library
    expect(r.verification.checks.find((c) => c.id === 'shell.jvm')?.detail).toMatch(/count=2, checksum=true, traced=false/);

    const out = await entries(r.outputPath);
    expect([...out.keys()].filter((n) => n.endsWith('.dex'))).toEqual(['classes.dex']);
    for (const b of out.values()) expect(b.includes(Buffer.from('SECRET_TOKEN_42'))).toBe(false);
    const app = parseAxml(out.get('AndroidManifest.xml')!).root.children.find((c) => c.name === 'application')!;
    expect(valueAsString(androidAttribute(app, 'name')?.value)).toBe(STUB_CLASS);
    expect(androidAttribute(app, 'appComponentFactory')).toBeUndefined();
    expect(new DexFile(out.get('classes.dex')!).classes().some((c) => c.name.startsWith('Lcom/example/'))).toBe(false);
    // dexdump of the stub as the verification ran it
    const p = join(dir, 'stub.dex');
    writeFileSync(p, out.get('classes.dex')!);
    expect(execFileSync(findTool('dexdump')!, ['-d', p], { encoding: 'utf8' })).toMatch(/Lcom\/citadel\/shell\/Loader;\.load:/);
  }, 180_000);

  it('a stub whose payload digest does not match: its checksum test says false and every start ends at the tamper response', async () => {
    const key = Buffer.alloc(16, 3);
    const dex = [Buffer.from('dex\n035\0payload under test')];
    const blob = sealPayload(dex, key);
    const cfg: ShellConfig = { app: '', key, payloadSha256: Buffer.alloc(32), certSha256: Buffer.alloc(32), tamper: 'exit', debug: 'off', root: 'off', emulator: 'off', hook: 'off' };
    const work = mkdtempSync(join(dir, 'jvm-'));
    const stub = await assembleStub(cfg, work);
    const good = await runStubOnJvm(stub, blob, work);
    expect(good.ok).toBe(true);
    expect(good.dex).toEqual(dex);
    expect(good.facts.checksum).toBe('false'); // the digest in this Config is zeros
    // so the start-up check fails: every start ends at the tamper response
    const startup = await runStartupOnJvm({ jar: good.jar!, classes: good.classes!, workDir: work, payload: blob, certDer: Buffer.alloc(8), sealed: dex, config: cfg });
    expect(startup.ok).toBe(false);
    expect(startup.detail).toMatch(/api34: killed warnings=CitadelShield:tamper: payload checksum/);
    // (a changed payload meeting the stub is the start-up check's "changed-payload" case)
  }, 180_000);

  it('the manifest editor points android:name at the stub, inserting it when absent', async () => {
    const apk = await buildApk({ manifest: { app: [{ name: 'label', android: true, string: 'Demo' }], components: [launcher] } });
    const z = await ZipArchive.open(apk);
    const bytes = await z.read('AndroidManifest.xml');
    await z.close();
    const r = setApplicationClass(bytes, STUB_CLASS, [ATTR_APP_COMPONENT_FACTORY]);
    expect(r.before).toBeUndefined();
    const app = parseAxml(r.bytes).root.children.find((c) => c.name === 'application')!;
    expect(valueAsString(androidAttribute(app, 'name')?.value)).toBe(STUB_CLASS);
    expect(valueAsString(androidAttribute(app, 'label')?.value)).toBe('Demo');
  });

  it('refuses an APK that already carries the shell, one without DEX, and a malformed DEX (shell or string encryption)', async () => {
    const withShell = join(dir, 'again.apk');
    writeFileSync(withShell, await buildApk({ manifest: { components: [launcher] }, files: { 'classes.dex': smaliDex('c.dex', APP_SMALI['classes2.dex']!), 'assets/citadel/payload.bin': 'x' } }));
    const noDex = join(dir, 'nodex.apk');
    writeFileSync(noDex, await buildApk({ manifest: { components: [launcher] } }));
    // a DEX that is not one: named, never sealed or re-assembled
    const badDex = join(dir, 'baddex.apk');
    writeFileSync(badDex, await buildApk({ manifest: { components: [launcher] }, files: { 'classes.dex': Buffer.concat([Buffer.from('dex\n035\0'), Buffer.alloc(200, 0x41)]) } }));
    const cases: [string, Record<string, unknown>, string][] = [
      [withShell, { dexShell: true }, 'SHIELD_ALREADY_SHELLED'],
      [noDex, { dexShell: true }, 'SHIELD_NO_DEX'],
      [badDex, { dexShell: true, stripDexDebug: false }, 'SHIELD_DEX_UNSUPPORTED'],
      [badDex, { encryptStringsIn: ['com.example.*'], stripDexDebug: false }, 'SHIELD_DEX_UNSUPPORTED'],
    ];
    for (const [p, strategy, code] of cases) {
      const err = await hardenApp({ path: p, name: 'a.apk' }, { signWith: 'oneOff', ...strategy }, { workDir: mkdtempSync(join(dir, 'e-')) }).catch((e: unknown) => e);
      expect(err, code).toBeInstanceOf(ShieldError);
      expect((err as ShieldError).code, code).toBe(code);
    }
  }, 180_000);

  it('refuses one APK of a split set with a message to merge it first', async () => {
    const p = join(dir, 'base.apk');
    // a config split: the plain split="…" attribute on <manifest>, as aapt2 writes it
    const root = manifest({ components: [launcher] });
    root.attrs = [...(root.attrs ?? []), { name: 'split', string: 'config.arm64_v8a' }];
    writeFileSync(p, await buildApk({ manifest: writeAxml(root), files: { 'classes.dex': smaliDex('s.dex', APP_SMALI['classes2.dex']!) } }));
    const err = await hardenApp({ path: p, name: 'base.apk' }, { signWith: 'oneOff' }, { workDir: mkdtempSync(join(dir, 's-')) }).catch((e: unknown) => e);
    expect((err as ShieldError).code).toBe('SHIELD_SPLIT_APK');
    expect((err as ShieldError).message).toMatch(/universal|通用/);
  }, 180_000);
});
