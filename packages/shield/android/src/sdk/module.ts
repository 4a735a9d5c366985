/**
 * The "sdk" hardening type: a JAR or an AAR in, the same library with its
 * class files' debug attributes stripped (and, in an AAR, its native
 * libraries stripped) out. The public API is unchanged by construction (no
 * class, member or descriptor is renamed); consumer ProGuard rules, the AAR
 * manifest and resources are copied byte for byte. Verification re-reads
 * every class with the engine's class-file reader and re-scans the output
 * with the Android engine.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Assessment } from '@citadel/contracts';
import { ZipArchive } from '@citadel/engine-core';
import { engine, parseClassFile } from '@citadel/engine-android';
import { type HardenContext, type HardenInput, type HardenResult, type ShieldTypeModule, type StrategySchema, type StrategyValues, type VerificationCheck, validateStrategy } from '@citadel/shield-core';
import { stripElf } from '../so/elf-strip.ts';
import { compareStripped } from '../so/verify-elf.ts';
import { fail, t } from '../text.ts';
import { AlignedZipWriter } from '../zip/aligned-writer.ts';
import { stripClassDebug } from './class-strip.ts';

const SIGNATURE_FILE = /^META-INF\/([^/]+\.(SF|RSA|DSA|EC)|MANIFEST\.MF)$/i;
const REFUSED_ANOMALIES = new Set(['duplicate-name', 'name-mismatch', 'unsafe-name', 'method-mismatch', 'unknown-method']);
const MAX_NESTED_JAR = 256 << 20;

export const SDK_SCHEMA: StrategySchema = {
  groups: [{ key: 'code', title: t('代码', 'Code', '程式碼', 'コード') }],
  options: [
    { key: 'stripClassDebug', kind: 'boolean', group: 'code', default: true, title: t('移除类文件调试信息（源文件名、行号、局部变量表）', 'Strip class-file debug information (source file, line numbers, local variable tables)', '移除類別檔除錯資訊（原始檔名、行號、區域變數表）', 'クラスファイルのデバッグ情報を削除（ソースファイル名、行番号、ローカル変数表）') },
    { key: 'stripSo', kind: 'boolean', group: 'code', default: true, title: t('剥离 AAR 中 SO 库的符号表', 'Strip symbol tables of the AAR\'s SO libraries', '剝離 AAR 中 SO 程式庫的符號表', 'AAR 内の SO ライブラリのシンボルテーブルを削除') },
    {
      key: 'keep',
      kind: 'list',
      group: 'code',
      default: [],
      maxItems: 200,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_$./]+$',
      title: t('不处理的包或类（如 com/example/api/）', 'Packages or classes not to touch (e.g. com/example/api/)', '不處理的套件或類別（如 com/example/api/）', '処理しないパッケージまたはクラス（例：com/example/api/）'),
    },
  ],
};

export const SDK_UNVERIFIED = [
  t('未做类名/成员重命名与字符串加密：公开 API 保持不变，内部名称仍可读；本机未对调用方做运行测试（本组件的测试中以 JDK 编译并运行调用程序，前后输出一致）。', 'No class/member renaming and no string encryption: the public API is unchanged and internal names stay readable; no run test against the caller here (this package\'s tests compile and run a caller with the JDK, same output before and after).', '未做類別名稱/成員重新命名與字串加密：公開 API 保持不變，內部名稱仍可讀；本機未對呼叫方做執行測試（本元件的測試中以 JDK 編譯並執行呼叫程式，前後輸出一致）。', 'クラス名・メンバー名の変更と文字列暗号化は行っていません。公開 API は変わらず、内部名は読めるままです。ここでは呼び出し側の実行テストは行っていません（本パッケージのテストで JDK により呼び出しプログラムをコンパイル・実行し、前後で同じ出力を確認）。'),
];

interface Stats {
  classes: number;
  attrs: number;
  sos: { name: string; before: Buffer; after: Buffer; loadEnd: number }[];
}

async function rebuildJar(bytes: Uint8Array | string, outPath: string, s: StrategyValues, stats: Stats, where: string, workDir: string): Promise<void> {
  const zip = await ZipArchive.open(bytes).catch((e: Error) => fail('SHIELD_BAD_INPUT', '文件不是有效的 JAR/AAR（ZIP 结构无法读取）', 'The file is not a valid JAR/AAR (its ZIP structure cannot be read)', `${where}${e.message}`));
  let out: AlignedZipWriter | undefined;
  try {
    const bad = zip.anomalies.find((a) => REFUSED_ANOMALIES.has(a.kind));
    if (bad) fail('SHIELD_AMBIGUOUS_ARCHIVE', 'ZIP 结构存在歧义（重复或不一致的条目），拒绝重新打包', 'The archive has an ambiguous ZIP structure; it is not re-packed', bad.detail);
    const keep = (s.keep as string[] | undefined) ?? [];
    out = new AlignedZipWriter(outPath);
    for (const e of zip.entries) {
      if (e.isDirectory) continue;
      if (SIGNATURE_FILE.test(e.name) && e.name.toUpperCase() !== 'META-INF/MANIFEST.MF') continue; // a signed JAR's signature no longer matches
      const data = await zip.read(e).catch((err: Error) => fail('SHIELD_BAD_INPUT', `无法读取 ${e.name}：条目损坏或超出解压限制`, `${e.name} cannot be read: the entry is damaged or over the unpacking limits`, err.message));
      let changed: Buffer | undefined;
      if (e.name.endsWith('.class') && s.stripClassDebug === true && !keep.some((k) => e.name.startsWith(k))) {
        try {
          const r = stripClassDebug(data);
          changed = r.bytes;
          stats.classes++;
          stats.attrs += r.removed;
        } catch (err) {
          fail('SHIELD_CLASS_UNSUPPORTED', `无法处理 ${where}${e.name}：类文件损坏`, `${where}${e.name} cannot be processed: the class file is damaged`, (err as Error).message);
        }
      } else if (/^(classes\.jar|libs\/[^/]+\.jar)$/.test(e.name) && where === '') {
        if (data.length > MAX_NESTED_JAR) fail('SHIELD_TOO_LARGE', '内嵌 JAR 过大', 'A nested JAR is too large', e.name);
        const inner = join(workDir, `nested-${e.index}.jar`);
        await rebuildJar(data, inner, s, stats, `${e.name}!/`, workDir);
        changed = readFileSync(inner);
      } else if (/^jni\/[^/]+\/[^/]+\.so$/.test(e.name) && s.stripSo === true && data.length >= 4 && data.readUInt32BE(0) === 0x7f454c46) {
        try {
          const r = stripElf(data);
          if (r.removed.length > 0) {
            changed = r.bytes;
            stats.sos.push({ name: e.name, before: data, after: r.bytes, loadEnd: r.loadEnd });
          }
        } catch (err) {
          fail('SHIELD_ELF_UNSUPPORTED', `无法处理 ${e.name}：ELF 文件损坏或格式不受支持`, `${e.name} cannot be processed: the ELF file is damaged or unsupported`, (err as Error).message);
        }
      }
      const stored = e.method === 0;
      out.add(changed ? { name: e.name, data: changed, stored } : { name: e.name, data, stored, ...(stored ? {} : { deflated: await zip.readAt(e.dataOffset, e.compressedSize) }) });
    }
    out.finish();
  } finally {
    out?.close();
    await zip.close();
  }
}

/** Every class of a JAR/AAR (nested JARs included) as name → bytes. */
async function classesOf(bytes: Uint8Array | string, prefix = ''): Promise<Map<string, Buffer>> {
  const map = new Map<string, Buffer>();
  const zip = await ZipArchive.open(bytes);
  try {
    for (const e of zip.entries) {
      if (e.name.endsWith('.class')) map.set(prefix + e.name, await zip.read(e));
      else if (prefix === '' && /^(classes\.jar|libs\/[^/]+\.jar)$/.test(e.name)) for (const [k, v] of await classesOf(await zip.read(e), `${e.name}!/`)) map.set(k, v);
      else if (prefix === '' && /^(proguard\.txt|AndroidManifest\.xml|R\.txt)$/.test(e.name)) map.set(`=${e.name}`, await zip.read(e));
    }
  } finally {
    await zip.close();
  }
  return map;
}

async function assess(path: string, name: string, signal?: AbortSignal): Promise<Assessment> {
  try {
    return await engine.run({ files: [{ path, name }] }, {}, signal ? { signal } : {});
  } catch (e) {
    return fail('SHIELD_SCAN_FAILED', 'Android 引擎无法读取该文件', 'The Android engine cannot read the file', (e as Error).message);
  }
}

export async function hardenSdk(input: HardenInput, strategy: StrategyValues, ctx: HardenContext): Promise<HardenResult> {
  const checked = validateStrategy(SDK_SCHEMA, strategy);
  if (!checked.ok) fail('SHIELD_BAD_STRATEGY', '加固策略无效', 'The hardening strategy is invalid', checked.errors.join('; '));
  const ext = /\.(jar|aar)$/i.exec(input.name)?.[1]?.toLowerCase();
  if (!ext) fail('SHIELD_NOT_SDK', 'SDK 加固只接受 JAR 或 AAR 文件', 'SDK hardening takes JAR or AAR files only');
  const t0 = Date.now();
  const before = await assess(input.path, input.name, ctx.signal);
  ctx.onStep?.('protect', 30);
  const stats: Stats = { classes: 0, attrs: 0, sos: [] };
  const scratch = join(ctx.workDir, 'nested');
  mkdirSync(scratch, { recursive: true });
  const outputName = `${basename(input.name).replace(/\.(jar|aar)$/i, '')}-protected.${ext}`;
  const outputPath = join(ctx.workDir, outputName);
  await rebuildJar(input.path, outputPath, checked.values, stats, '', scratch);
  const protectMs = Date.now() - t0;
  ctx.onStep?.('verify', 70);
  const after = await assess(outputPath, outputName, ctx.signal);

  const checks: VerificationCheck[] = [];
  const a = await classesOf(input.path);
  const b = await classesOf(outputPath);
  const problems: string[] = [];
  for (const [name, orig] of a) {
    const now = b.get(name);
    if (!now) problems.push(`${name} missing`);
    else if (name.startsWith('=')) {
      if (!now.equals(orig)) problems.push(`${name.slice(1)} changed`);
    } else {
      try {
        const x = parseClassFile(orig, name);
        const y = parseClassFile(now, name);
        if (x.className !== y.className || x.superName !== y.superName || x.interfaces.join() !== y.interfaces.join() || x.methodRefs.length !== y.methodRefs.length) problems.push(`${name} differs`);
        if (stripClassDebug(now).removed > 0) problems.push(`${name} still has debug attributes`);
      } catch (err) {
        problems.push(`${name}: ${(err as Error).message}`);
      }
    }
    if (problems.length > 20) break;
  }
  checks.push({ id: 'classes', title: t('所有类可解析，类名、继承与引用不变，无调试属性，消费者规则与清单原样保留', 'Every class parses; names, inheritance and references unchanged; no debug attributes; consumer rules and manifest kept as they were', '所有類別可解析，類別名稱、繼承與參照不變，無除錯屬性，消費者規則與清單原樣保留', '全クラスが解析でき、名前・継承・参照は不変、デバッグ属性なし、コンシューマールールとマニフェストはそのまま'), ok: problems.length === 0, detail: problems.length ? problems.join('; ').slice(0, 1000) : `${[...a.keys()].filter((k) => !k.startsWith('=')).length} classes` });
  if (stats.sos.length > 0) {
    const bad = stats.sos.map((so) => ({ so, c: compareStripped(so.before, so.after, so.loadEnd) })).filter((x) => !x.c.ok);
    checks.push({ id: 'so', title: t('SO 库仍可解析，导出符号不变', 'SO libraries still parse, exports unchanged', 'SO 程式庫仍可解析，匯出符號不變', 'SO ライブラリは解析可能、エクスポートは不変'), ok: bad.length === 0, detail: bad.length ? bad.map((x) => `${x.so.name}: ${x.c.detail}`).join('; ') : `${stats.sos.length} libraries` });
  }
  const known = new Set(before.unreadable.map((u) => u.file));
  const unreadable = after.unreadable.filter((u) => !known.has(u.file)).map((u) => u.file);
  checks.push({ id: 'rescan', title: t('Android 引擎复测可完整解析', 'Android engine re-scan reads it fully', 'Android 引擎複測可完整解析', 'Android エンジンで再スキャンし完全に解析'), ok: unreadable.length === 0, detail: `score ${before.score.score} → ${after.score.score}${unreadable.length ? `; unreadable: ${unreadable.join(', ')}` : ''}` });

  const applied = [];
  if (stats.classes > 0) applied.push({ id: 'class.strip-debug', title: t('移除类文件调试信息', 'Class-file debug information removed', '移除類別檔除錯資訊', 'クラスファイルのデバッグ情報を削除'), detail: `${stats.classes} classes, ${stats.attrs} attributes` });
  if (stats.sos.length > 0) applied.push({ id: 'so.strip', title: t('剥离 SO 符号表', 'SO symbol tables stripped', '剝離 SO 符號表', 'SO シンボルテーブルを削除'), detail: `${stats.sos.length} libraries` });
  if (applied.length === 0) fail('SHIELD_NOTHING_TO_DO', '没有可处理的类或库（已全部排除或不含调试信息）', 'Nothing to process (everything excluded or no debug information)');
  return {
    outputPath,
    outputName,
    applied,
    verification: { ok: checks.every((c) => c.ok), checks, unverified: SDK_UNVERIFIED },
    metrics: { inputBytes: statSync(input.path).size, outputBytes: statSync(outputPath).size, protectMs, classes: stats.classes, attributesRemoved: stats.attrs, scoreBefore: before.score.score, scoreAfter: after.score.score },
  };
}

export const sdkShield: ShieldTypeModule = {
  type: 'sdk',
  title: t('SDK 加固', 'SDK hardening', 'SDK 加固', 'SDK 強化'),
  accept: ['.jar', '.aar'],
  schema: SDK_SCHEMA,
  defaults: [{ id: 'sdk.standard', name: t('标准', 'Standard', '標準', '標準'), description: t('移除调试信息，公开 API 不变。', 'Debug information removed; the public API unchanged.', '移除除錯資訊，公開 API 不變。', 'デバッグ情報を削除し、公開 API は変えません。'), values: {} }],
  harden: hardenSdk,
};
