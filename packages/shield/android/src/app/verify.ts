/**
 * Verification of a protected APK, each check independent of the code that
 * produced it: apksigner verifies the v1/v2/v3 signatures, zipalign checks
 * alignment (and the 16 KiB alignment of stored native libraries is read back
 * from the ZIP), dexdump disassembles every DEX, and the product's own Android
 * engine re-opens and re-scans the output — the manifest flags read back as
 * set, the signature is valid, no class was lost, no debug table is left, the
 * stripped libraries keep their exports.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Assessment } from '@citadel/contracts';
import { ZipArchive } from '@citadel/engine-core';
import { DexFile, androidAttribute, parseAxml, valueAsBoolean } from '@citadel/engine-android';
import type { VerificationCheck } from '@citadel/shield-core';
import { stripDexDebugInfo } from '../dex/strip-debug.ts';
import { verifyAlignment, verifySignature } from '../signing/sign.ts';
import { requireTool, runTool, tail } from '../signing/tools.ts';
import { sameClasses } from '../dex/strings.ts';
import { countDecryptCalls, runStrOnJvm } from '../dex/strings-verify.ts';
import { PAYLOAD_ENTRY } from '../shell/config.ts';
import { openPayload } from '../shell/payload.ts';
import { verifyShell } from '../shell/verify.ts';
import { compareStripped } from '../so/verify-elf.ts';
import { t } from '../text.ts';
import { SO_ALIGNMENT } from '../zip/aligned-writer.ts';
import type { RebuildResult } from './rebuild.ts';

const check = (id: string, title: ReturnType<typeof t>, ok: boolean, detail?: string): VerificationCheck => ({ id, title, ok, ...(detail ? { detail: detail.slice(0, 1000) } : {}) });

/** The rewritten DEX files as shipped (in the APK, or sealed in the shell's payload): dexdump shows each call, the shipped Str.d decrypts every string on the JDK. */
async function verifyStrings(r: RebuildResult, output: string, workDir: string, signal?: AbortSignal): Promise<VerificationCheck> {
  const zip = await ZipArchive.open(output);
  const problems: string[] = [];
  const done: string[] = [];
  try {
    const sealed = r.shell ? openPayload(await zip.read(PAYLOAD_ENTRY), r.shell.config.key) : [];
    const dir = join(workDir, 'verify-strings');
    mkdirSync(dir, { recursive: true });
    for (const x of r.strings) {
      const bytes = r.shell ? sealed[r.shell.dexNames.indexOf(x.name)] : await zip.read(x.name);
      if (!bytes) {
        problems.push(`${x.name}: not found in the output`);
        continue;
      }
      const p = join(dir, x.name);
      writeFileSync(p, bytes);
      const calls = await countDecryptCalls(p, signal);
      if (!calls.ok || calls.calls !== x.pairs.length) problems.push(`${x.name}: dexdump ${calls.detail}, ${x.pairs.length} strings replaced`);
      const jvm = await runStrOnJvm(p, x.pairs, dir, signal);
      if (!jvm.ok) problems.push(`${x.name}: ${jvm.detail}`);
      else done.push(`${x.name}: ${calls.calls} calls; ${jvm.detail}`);
    }
  } finally {
    await zip.close();
  }
  return check('strings', t('字符串加密：dexdump 可见每处解密调用，随包发布的解密类在 JDK 上还原全部字符串', 'String encryption: dexdump shows every decrypt call; the shipped decryptor class gives back every string on the JDK', '字串加密：dexdump 可見每處解密呼叫，隨套件發布的解密類別在 JDK 上還原全部字串', '文字列暗号化：dexdump で全復号呼び出しを確認、同梱の復号クラスが JDK 上で全文字列を復元'), problems.length === 0, problems.length ? problems.join('; ') : done.join('; '));
}

const resultOf = (a: Assessment, key: string): string => a.findings.find((f) => f.ruleId === `android.${key}`)?.result ?? 'absent';

export async function verifyApk(o: { input: string; output: string; workDir: string; rebuild: RebuildResult; before: Assessment; after: Promise<Assessment>; signal?: AbortSignal }): Promise<VerificationCheck[]> {
  const checks: VerificationCheck[] = [];
  const sig = await verifySignature(o.output, o.signal);
  checks.push(check('apksigner', t('apksigner 验证签名（v2、v3；minSdk 低于 24 时含 v1）', 'apksigner verifies the signatures (v2, v3; v1 too below minSdk 24)', 'apksigner 驗證簽章（v2、v3；minSdk 低於 24 時含 v1）', 'apksigner による署名検証（v2、v3、minSdk 24 未満では v1 も）'), sig.ok, sig.detail));
  const align = await verifyAlignment(o.output, o.signal);
  checks.push(check('zipalign', t('zipalign 对齐检查', 'zipalign alignment check', 'zipalign 對齊檢查', 'zipalign アライメント確認'), align.ok, align.detail));

  const zip = await ZipArchive.open(o.output);
  try {
    // 16 KiB alignment of stored native libraries (zipalign 10 checks 4 KiB pages only).
    const misaligned = zip.entries.filter((e) => e.method === 0 && e.name.endsWith('.so') && e.dataOffset % SO_ALIGNMENT !== 0).map((e) => e.name);
    const storedSo = zip.entries.filter((e) => e.method === 0 && e.name.endsWith('.so')).length;
    checks.push(check('so-16k', t('原生库 16 KB 对齐', 'Native libraries aligned to 16 KB', '原生程式庫 16 KB 對齊', 'ネイティブライブラリの 16 KB アライメント'), misaligned.length === 0, misaligned.length ? misaligned.join(', ') : `${storedSo} stored libraries`));

    // Entries: everything but the old signature files is still there.
    const names = new Set(zip.entries.map((e) => e.name));
    const lost = o.rebuild.keptEntries.filter((n) => !names.has(n));
    checks.push(check('entries', t('所有原有文件均保留', 'Every original file kept', '所有原有檔案均保留', '元のファイルをすべて保持'), lost.length === 0, lost.length ? `missing: ${lost.slice(0, 10).join(', ')}` : `${o.rebuild.keptEntries.length} entries`));

    // Manifest flags read back by the engine's AXML reader.
    const doc = parseAxml(await zip.read('AndroidManifest.xml'));
    const app = doc.root.children.find((c) => c.name === 'application');
    const wrong = o.rebuild.manifestOutcomes.filter((m) => m.target === 'application' && m.before !== 'absent').filter((m) => !app || String(valueAsBoolean(androidAttribute(app, m.attr)?.value)) !== m.after);
    if (o.rebuild.manifestOutcomes.length > 0) {
      checks.push(check('manifest', t('清单标志回读正确', 'Manifest flags read back as set', '清單標誌回讀正確', 'マニフェストのフラグが設定どおり読み戻せる'), wrong.length === 0, wrong.length ? wrong.map((w) => `${w.attr}≠${w.after}`).join(', ') : o.rebuild.manifestOutcomes.map((m) => `${m.attr}=${m.after}`).join(', ')));
    }

    // dexdump over every DEX, class lists equal, no debug table left.
    const dexdump = requireTool('dexdump');
    const dir = join(o.workDir, 'verify-dex');
    mkdirSync(dir, { recursive: true });
    const inZip = await ZipArchive.open(o.input);
    try {
      const problems: string[] = [];
      let classes = 0;
      for (const e of zip.entries.filter((x) => /^classes\d*\.dex$/.test(x.name))) {
        const bytes = await zip.read(e);
        const p = join(dir, e.name);
        writeFileSync(p, bytes);
        const r = await runTool(dexdump, ['-d', p], o.signal ? { signal: o.signal } : {});
        if (r.code !== 0 || /Failure to verify|ERROR:/i.test(r.stderr)) problems.push(`${e.name}: dexdump ${tail(r, 3)}`);
        const after = new DexFile(bytes);
        if (!after.header.checksumValid || !after.header.signatureValid) problems.push(`${e.name}: checksum or signature invalid`);
        // With the DEX shell, classes.dex is the stub: the sealed DEX files are compared in verifyShell.
        const orig = o.rebuild.shell ? undefined : inZip.getEntry(e.name);
        if (orig) {
          const before = new DexFile(await inZip.read(orig));
          if (!sameClasses(after, before, o.rebuild.strings.some((x) => x.name === e.name))) problems.push(`${e.name}: class list differs`);
        }
        classes += after.classes().length;
        if (o.rebuild.dexChanged.includes(e.name) && !o.rebuild.shell) {
          const again = stripDexDebugInfo(bytes);
          if (again.debugRefsCleared > 0 || again.sourceFilesCleared > 0) problems.push(`${e.name}: ${again.debugRefsCleared} debug tables and ${again.sourceFilesCleared} source names left`);
        }
      }
      checks.push(check('dex', t('dexdump 解析全部 DEX，类完整且无调试信息', 'dexdump reads every DEX; classes complete, no debug information left', 'dexdump 解析全部 DEX，類別完整且無除錯資訊', 'dexdump で全 DEX を解析、クラスは完全でデバッグ情報なし'), problems.length === 0, problems.length ? problems.join('; ') : `${classes} classes`));
    } finally {
      await inZip.close();
    }
  } finally {
    await zip.close();
  }

  if (o.rebuild.soChanged.length > 0) {
    const bad: string[] = [];
    let kept = 0;
    for (const so of o.rebuild.soChanged) {
      const c = compareStripped(so.before, so.after, so.loadEnd);
      if (!c.ok) bad.push(`${so.name}: ${c.detail}`);
      kept += c.exports;
    }
    checks.push(check('so', t('SO 库仍可解析，导出符号（含 JNI）不变，内部符号已移除', 'SO libraries still parse, exports (JNI included) unchanged, internal symbols gone', 'SO 程式庫仍可解析，匯出符號（含 JNI）不變，內部符號已移除', 'SO ライブラリは解析可能、エクスポート（JNI を含む）は不変、内部シンボルは削除済み'), bad.length === 0, bad.length ? bad.join('; ') : `${o.rebuild.soChanged.length} libraries, ${kept} exports kept`));
  }

  if (o.rebuild.strings.length > 0) checks.push(await verifyStrings(o.rebuild, o.output, o.workDir, o.signal));

  // The engine's re-scan: it read the package, the signature verifies, the flags set are no longer findings.
  const after = await o.after;
  if (o.rebuild.shell) checks.push(...(await verifyShell({ input: o.input, output: o.output, workDir: o.workDir, shell: o.rebuild.shell, strippedDex: o.rebuild.dexChanged, stringDex: o.rebuild.strings.map((x) => x.name), before: o.before, after, ...(o.signal ? { signal: o.signal } : {}) })));
  const known = new Set(o.before.unreadable.map((u) => u.file));
  const unreadable = after.unreadable.map((u) => u.file).filter((f) => !known.has(f));
  const sigRows = ['certificate.unsigned', 'certificate.signature_invalid', 'certificate.v1_entry_digests'].map((k) => `${k}=${resultOf(after, k)}`);
  const flagRows: string[] = [];
  const worse: string[] = [];
  for (const [attr, key] of [['debuggable', 'manifest.debuggable'], ['allowBackup', 'manifest.allow_backup'], ['usesCleartextTraffic', 'manifest.cleartext_traffic']] as const) {
    if (!o.rebuild.manifestOutcomes.some((m) => m.attr === attr)) continue;
    const b = resultOf(o.before, key);
    const a = resultOf(after, key);
    flagRows.push(`${key}: ${b} → ${a}`);
    if (a === 'fail' && attr !== 'usesCleartextTraffic') worse.push(key);
  }
  const sigBad = sigRows.filter((r) => r.endsWith('=fail'));
  const ok = unreadable.length === 0 && sigBad.length === 0 && worse.length === 0;
  checks.push(
    check(
      'rescan',
      t('Android 引擎复测：可完整解析，签名有效，已加固项不再报告', 'Android engine re-scan: fully read, signature valid, hardened items no longer reported', 'Android 引擎複測：可完整解析，簽章有效，已加固項不再報告', 'Android エンジンで再スキャン：完全に解析でき、署名は有効、強化した項目は検出されない'),
      ok,
      [`score ${o.before.score.score} → ${after.score.score}`, ...flagRows, ...sigRows, ...(unreadable.length ? [`unreadable: ${unreadable.join(', ')}`] : [])].join('; '),
    ),
  );
  return checks;
}
