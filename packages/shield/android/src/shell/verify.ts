/**
 * Verification of the DEX shell in a signed output, each check reading the
 * output afresh: the stub DEX parses and defines the class the manifest now
 * names; the payload asset decrypts (in Node, and by the stub's own routine
 * on a JVM) back to the DEX files sealed, whose classes are the input's; the
 * classes the input manifest names are in the payload and nowhere readable
 * in the APK; the certificate digest in the stub is the signer's; the
 * engine's re-scan sees the stub's checks.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Assessment } from '@citadel/contracts';
import { ZipArchive } from '@citadel/engine-core';
import { DexFile, androidAttribute, parseAxml, readManifestInfo, valueAsString } from '@citadel/engine-android';
import type { VerificationCheck } from '@citadel/shield-core';
import { stripDexDebugInfo } from '../dex/strip-debug.ts';
import { sameClasses } from '../dex/strings.ts';
import { requireTool, runTool, tail } from '../signing/tools.ts';
import { t } from '../text.ts';
import type { ShellBuild } from './build.ts';
import { PAYLOAD_ENTRY, STUB_CLASS, STUB_CLASSES } from './config.ts';
import { runStubOnJvm } from './jvm.ts';
import { runStartupOnJvm } from './jvm-framework/run.ts';
import { openPayload } from './payload.ts';

const check = (id: string, title: ReturnType<typeof t>, ok: boolean, detail: string): VerificationCheck => ({ id, title, ok, detail: detail.slice(0, 1000) });
const descriptor = (dotted: string): string => `L${dotted.replace(/\./g, '/')};`;
const resultOf = (a: Assessment, key: string): string => a.findings.find((f) => f.ruleId === `android.${key}`)?.result ?? 'absent';
const sameBytes = (a: Buffer[], b: Buffer[]): boolean => a.length === b.length && a.every((x, i) => x.equals(b[i]!));

export async function verifyShell(o: { input: string; output: string; workDir: string; shell: ShellBuild & { originalApp: string }; strippedDex: string[]; stringDex: string[]; before: Assessment; after: Assessment; signal?: AbortSignal }): Promise<VerificationCheck[]> {
  const checks: VerificationCheck[] = [];
  const s = o.shell;
  const out = await ZipArchive.open(o.output);
  const inp = await ZipArchive.open(o.input);
  try {
    // 1. The stub: the only DEX left in the APK, parses, defines the shell's classes; the manifest names it.
    const outDex = out.entries.filter((e) => /^classes\d*\.dex$/.test(e.name)).map((e) => e.name);
    const stubBytes = await out.read('classes.dex');
    const stub = new DexFile(stubBytes);
    const defs = new Map(stub.classes().map((c) => [c.name, c]));
    const manifest = parseAxml(await out.read('AndroidManifest.xml'));
    const appEl = manifest.root.children.find((c) => c.name === 'application');
    const named = appEl ? valueAsString(androidAttribute(appEl, 'name')?.value) : undefined;
    const problems: string[] = [];
    if (outDex.length !== 1) problems.push(`DEX entries in the APK: ${outDex.join(', ')}`);
    if (!stub.header.checksumValid || !stub.header.signatureValid) problems.push('stub checksum or signature invalid');
    for (const c of STUB_CLASSES) if (!defs.has(c)) problems.push(`${c} missing`);
    if (defs.get(descriptor(STUB_CLASS))?.superclass !== 'Landroid/app/Application;') problems.push('the stub does not extend android.app.Application');
    if (named !== STUB_CLASS) problems.push(`manifest android:name = ${named ?? '(none)'}`);
    if (androidAttribute(appEl!, 'appComponentFactory')) problems.push('android:appComponentFactory still set');
    checks.push(check('shell.stub', t('壳 DEX 可解析，含清单所指的壳 Application 及其类', 'The stub DEX parses and defines the shell Application the manifest names, with its classes', '殼 DEX 可解析，含清單所指的殼 Application 及其類別', 'スタブ DEX は解析でき、マニフェストが指すシェル Application とそのクラスを含む'), problems.length === 0, problems.length ? problems.join('; ') : `classes.dex: ${stub.classes().length} classes (${[...defs.keys()].join(', ')}); android:name = ${named}`));

    // 2. The payload, decrypted in Node: the DEX files sealed, their classes those of the input.
    const blob = await out.read(PAYLOAD_ENTRY);
    const p2: string[] = [];
    let nodeDex: Buffer[] = [];
    try {
      nodeDex = openPayload(blob, s.config.key);
    } catch (e) {
      p2.push(`decrypt: ${(e as Error).message}`);
    }
    if (!createHash('sha256').update(blob).digest().equals(s.config.payloadSha256)) p2.push('asset SHA-256 differs from the one in the stub');
    if (nodeDex.length && !sameBytes(nodeDex, s.dex)) p2.push('decrypted bytes differ from the DEX files sealed');
    const originalClasses = new Set<string>();
    let classes = 0;
    for (const [i, name] of s.dexNames.entries()) {
      const beforeDex = new DexFile(await inp.read(name));
      const before = beforeDex.classes().map((c) => c.name);
      for (const c of before) originalClasses.add(c);
      const d = nodeDex[i];
      if (!d) continue;
      // dexdump over every sealed DEX, as over the DEX files of the APK
      const path = join(o.workDir, `sealed-${name}`);
      writeFileSync(path, d);
      const dd = await runTool(requireTool('dexdump'), ['-d', path], o.signal ? { signal: o.signal } : {});
      if (dd.code !== 0 || /Failure to verify|ERROR:/i.test(dd.stderr)) p2.push(`${name}: dexdump ${tail(dd, 3)}`);
      const after = new DexFile(d);
      if (!after.header.checksumValid || !after.header.signatureValid) p2.push(`${name}: checksum or signature invalid`);
      if (!sameClasses(after, beforeDex, o.stringDex.includes(name))) p2.push(`${name}: class list differs from the input`);
      if (o.strippedDex.includes(name)) {
        const again = stripDexDebugInfo(d);
        if (again.debugRefsCleared > 0 || again.sourceFilesCleared > 0) p2.push(`${name}: debug information left`);
      }
      classes += before.length;
    }
    checks.push(check('shell.payload', t('加密载荷解密后与封装的 DEX 一致，dexdump 可解析，类与原应用相同', 'The encrypted payload decrypts to the DEX files sealed; dexdump reads them; their classes are the app\'s', '加密載荷解密後與封裝的 DEX 一致，dexdump 可解析，類別與原應用程式相同', '暗号化ペイロードは封入した DEX に復号され、dexdump で解析でき、クラスは元のアプリと同じ'), p2.length === 0 && nodeDex.length === s.dexNames.length, p2.length ? p2.join('; ') : `${s.dexNames.join(', ')}: ${classes} classes, ${blob.length} bytes, AES-128-CTR`));

    // 3. The stub's own decryptor, run on the JVM over the same asset.
    const jvm = await runStubOnJvm(stubBytes, blob, o.workDir, o.signal);
    const jvmOk = jvm.ok && sameBytes(jvm.dex, s.dex) && jvm.facts.checksum === 'true';
    checks.push(check('shell.jvm', t('壳自身的解密例程（enjarify 转换后在 JDK 上运行）还原出原 DEX', 'The stub\'s own decryptor (translated by enjarify, run on the JDK) gives back the original DEX files', '殼自身的解密常式（enjarify 轉換後在 JDK 上執行）還原出原 DEX', 'スタブ自身の復号ルーチン（enjarify で変換し JDK で実行）が元の DEX を復元'), jvmOk, jvm.ok && !jvmOk ? `${jvm.detail}; bytes ${sameBytes(jvm.dex, s.dex) ? 'equal' : 'differ'}` : jvm.detail));

    // 3b. The whole start-up path on the JDK, against the framework stand-in.
    const startup = jvm.jar ? await runStartupOnJvm({ jar: jvm.jar, ...(jvm.classes ? { classes: jvm.classes } : {}), workDir: o.workDir, payload: blob, certDer: s.certDer, sealed: s.dex, config: s.config, ...(o.signal ? { signal: o.signal } : {}) }) : { ok: false, detail: 'the stub could not be translated for the JDK' };
    checks.push(check('shell.startup', t('壳的完整启动路径在 JDK 上针对框架替身（类名、方法与字段同 AOSP）运行：API 34 内存加载、API 28 文件加载（含二次启动）、原 Application 恢复，各项检测按策略响应', 'The stub\'s whole start-up path run on the JDK against a stand-in of the framework (AOSP names, methods and fields): in-memory loading on API 34, files on API 28 (a second start too), the original Application restored, each check answering as the strategy says', '殼的完整啟動路徑在 JDK 上針對框架替身（類別名稱、方法與欄位同 AOSP）執行：API 34 記憶體載入、API 28 檔案載入（含二次啟動）、原 Application 恢復，各項偵測依策略回應', 'スタブの起動経路全体を JDK 上でフレームワークの代役（AOSP と同じ名前・メソッド・フィールド）に対して実行：API 34 はメモリ、API 28 はファイル（再起動も）、元の Application を復元、各チェックは戦略どおりに応答'), startup.ok, startup.detail));

    // 4. What the input manifest names: in the payload, not readable in the APK.
    const info = readManifestInfo(parseAxml(await inp.read('AndroidManifest.xml')));
    const wanted = [...(s.originalApp ? [s.originalApp] : []), ...info.components.map((c) => c.name)].map(descriptor).filter((d) => originalClasses.has(d));
    const payloadClasses = new Set(nodeDex.flatMap((d) => new DexFile(d).classes().map((c) => c.name)));
    const plain = [...defs.keys()].filter((c) => originalClasses.has(c));
    const notSealed = wanted.filter((c) => !payloadClasses.has(c));
    checks.push(check('shell.classes', t('清单所列的类只在加密载荷中，APK 中不可直接读取任何原有类', 'The classes the manifest names are only in the encrypted payload; no original class is readable in the APK', '清單所列的類別只在加密載荷中，APK 中不可直接讀取任何原有類別', 'マニフェストのクラスは暗号化ペイロード内のみで、APK から元のクラスは読めない'), notSealed.length === 0 && plain.length === 0, [`${wanted.length} manifest classes sealed`, `${originalClasses.size} original classes, ${plain.length} readable in the APK`, ...notSealed.slice(0, 5).map((c) => `not in payload: ${c}`)].join('; ')));

    // 5. The certificate digest the stub checks is the signer's, as apksigner reports it.
    const r = await runTool(requireTool('apksigner'), ['verify', '--print-certs', o.output], o.signal ? { signal: o.signal } : {});
    const signer = /Signer #1 certificate SHA-256 digest: ([0-9a-f]{64})/.exec(r.stdout)?.[1];
    checks.push(check('shell.cert', t('壳中记录的签名证书摘要与 apksigner 读出的签名者一致', 'The certificate digest in the stub is the signer\'s, as apksigner reads it', '殼中記錄的簽章憑證摘要與 apksigner 讀出的簽署者一致', 'スタブに記録した証明書ダイジェストが apksigner の読む署名者と一致'), signer === s.config.certSha256.toString('hex'), signer ? `SHA-256 ${signer.slice(0, 16)}…` : tail(r)));
  } finally {
    await inp.close();
    await out.close();
  }

  // 6. The engine's re-scan sees the checks that are on (hook detection has no engine rule).
  const keys: [string, string][] = [['tamper', 'resilience.tamper_detection'], ['debug', 'resilience.debugger_detection'], ['root', 'resilience.root_detection'], ['emulator', 'resilience.emulator_detection']];
  const rows: string[] = [];
  const missing: string[] = [];
  for (const [opt, key] of keys) {
    if (s.config[opt as 'tamper'] === 'off') continue;
    const a = resultOf(o.after, key);
    rows.push(`${key}: ${resultOf(o.before, key)} → ${a}`);
    if (a !== 'safe') missing.push(key);
  }
  checks.push(check('shell.rescan', t('Android 引擎复测识别出壳中启用的运行时检测', 'The Android engine\'s re-scan recognises the run-time checks switched on in the shell', 'Android 引擎複測識別出殼中啟用的執行時偵測', 'Android エンジンの再スキャンがシェルで有効にした実行時チェックを認識'), missing.length === 0, [`score ${o.before.score.score} → ${o.after.score.score}`, ...rows].join('; ')));
  return checks;
}
