/**
 * The "sdk" hardening type: a JAR or an AAR in, the same library with its
 * class files' debug attributes stripped, its internals renamed (non-public
 * top-level classes and private members, rename.ts; the public API and
 * whatever keep rules and the AAR's consumer rules name stay) and, in an AAR,
 * its native libraries stripped. Consumer ProGuard rules, the AAR manifest
 * and resources are copied byte for byte. Verification re-reads every class
 * with the engine's class-file reader, checks the rename (verify-rename.ts:
 * API equal, references resolve, old names gone) and re-scans the output
 * with the Android engine.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Assessment } from '@citadel/contracts';
import { ZipArchive, parseElf } from '@citadel/engine-core';
import { engine, parseClassFile } from '@citadel/engine-android';
import { type HardenContext, type HardenInput, type HardenResult, type ShieldTypeModule, type StrategySchema, type StrategyValues, type VerificationCheck, ShieldError, validateStrategy } from '@citadel/shield-core';
import { stripElf } from '../so/elf-strip.ts';
import { compareStripped } from '../so/verify-elf.ts';
import { packElf } from '../so/pack/elf-pack.ts';
import { STUB_COMPILERS, buildStub } from '../so/pack/stub-build.ts';
import { verifyPacked } from '../so/pack/verify-pack.ts';
import { fail, t } from '../text.ts';
import { AlignedZipWriter } from '../zip/aligned-writer.ts';
import { stripClassDebug } from './class-strip.ts';
import { consumerKeeps } from './consumer-rules.ts';
import { renameJar, type RenameResult } from './rename.ts';
import { type StringReport, encryptStrings, verifyStrings } from './string-jar.ts';
import { verifyRename } from './verify-rename.ts';

const SIGNATURE_FILE = /^META-INF\/([^/]+\.(SF|RSA|DSA|EC)|MANIFEST\.MF)$/i;
const REFUSED_ANOMALIES = new Set(['duplicate-name', 'name-mismatch', 'unsafe-name', 'method-mismatch', 'unknown-method']);
const MAX_NESTED_JAR = 256 << 20;

export const SDK_SCHEMA: StrategySchema = {
  groups: [{ key: 'code', title: t('代码', 'Code', '程式碼', 'コード') }],
  options: [
    { key: 'stripClassDebug', kind: 'boolean', group: 'code', default: true, title: t('移除类文件调试信息（源文件名、行号、局部变量表）', 'Strip class-file debug information (source file, line numbers, local variable tables)', '移除類別檔除錯資訊（原始檔名、行號、區域變數表）', 'クラスファイルのデバッグ情報を削除（ソースファイル名、行番号、ローカル変数表）') },
    { key: 'rename', kind: 'boolean', group: 'code', default: true, title: t('重命名非公开类与私有成员（公开 API 与保留规则命中的类不变）', 'Rename non-public classes and private members (public API and classes matched by keep rules unchanged)', '重新命名非公開類別與私有成員（公開 API 與保留規則命中的類別不變）', '非公開クラスと private メンバーの名前を変更（公開 API と保持ルールに一致するクラスは不変）') },
    {
      key: 'encryptStringsIn',
      kind: 'list',
      group: 'code',
      default: [],
      maxItems: 200,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_$./*]+$',
      title: t('字符串加密的类或包（如 com/example/sdk/；字符串在运行时由解密方法还原）', 'Classes or packages whose strings are encrypted (e.g. com/example/sdk/; restored at run time by a decryption method)', '字串加密的類別或套件（如 com/example/sdk/；字串在執行時由解密方法還原）', '文字列を暗号化するクラスまたはパッケージ（例：com/example/sdk/。実行時に復号メソッドで復元）'),
    },
    { key: 'packSo', kind: 'boolean', group: 'code', default: true, title: t('AAR 中的 SO 库加壳（代码段与字符串加密、完整性校验，与 SO 加固的标准策略相同）', 'Pack the AAR\'s SO libraries (code and strings encrypted, integrity check — as the standard SO strategy)', 'AAR 中的 SO 程式庫加殼（程式碼區段與字串加密、完整性校驗，與 SO 加固的標準策略相同）', 'AAR 内の SO ライブラリをパッキング（コードと文字列の暗号化、完全性チェック。SO 強化の標準戦略と同じ）') },
    { key: 'stripSo', kind: 'boolean', group: 'code', default: true, title: t('剥离 AAR 中 SO 库的符号表', 'Strip symbol tables of the AAR\'s SO libraries', '剝離 AAR 中 SO 程式庫的符號表', 'AAR 内の SO ライブラリのシンボルテーブルを削除') },
    {
      key: 'keep',
      kind: 'list',
      group: 'code',
      default: [],
      maxItems: 200,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_$./]+$',
      title: t('不处理的包或类（如 com/example/api/；AAR 的 proguard.txt 中 -keep 的类也自动保留）', 'Packages or classes not to touch (e.g. com/example/api/; classes kept by -keep in an AAR\'s proguard.txt are kept too)', '不處理的套件或類別（如 com/example/api/；AAR 的 proguard.txt 中 -keep 的類別也自動保留）', '処理しないパッケージまたはクラス（例：com/example/api/。AAR の proguard.txt の -keep 対象も保持）'),
    },
  ],
};

export const SDK_UNVERIFIED = [
  t('上传的 SDK 不在服务器上运行：验证是结构性的（类可解析、公开 API 不变、JAR 内的成员引用全部可解析、旧名称已不在文件中）。本组件的测试以 JDK 编译库与调用程序并运行，前后输出一致。', 'An uploaded SDK is not run on the server: verification is structural (classes parse, public API unchanged, every member reference inside the JAR resolves, old names gone from the file). This package\'s tests compile a library and a caller with the JDK and run them: same output before and after.', '上傳的 SDK 不在伺服器上執行：驗證是結構性的（類別可解析、公開 API 不變、JAR 內的成員參照全部可解析、舊名稱已不在檔案中）。本元件的測試以 JDK 編譯程式庫與呼叫程式並執行，前後輸出一致。', 'アップロードされた SDK はサーバーで実行しません。検証は構造的です（クラスの解析、公開 API 不変、JAR 内のメンバー参照がすべて解決、旧名がファイルに残らない）。本パッケージのテストでは JDK でライブラリと呼び出し側をコンパイル・実行し、前後で同じ出力を確認しています。'),
  t('只重命名非公开顶层类与私有成员：非私有成员可能覆盖平台方法（此处没有 Android/JDK 的类层次），故保留；以字符串形式出现的名称（可能被反射使用）保留；AAR 中 libs/*.jar 不重命名。字符串加密只作用于所选类，Java 9+ 字符串拼接模板（invokedynamic 引导参数）与字段常量中的字面量仍为明文；密钥在解密类中，属于混淆。', 'Only non-public top-level classes and private members are renamed: non-private members may override platform methods (the Android/JDK class hierarchy is not available here) and stay; names that appear as strings (possible reflection) stay; an AAR\'s libs/*.jar are not renamed. String encryption acts on the selected classes only; literals inside Java 9+ string-concatenation recipes (invokedynamic bootstrap arguments) and field constants stay in clear; the key is in the decryptor class — this is obfuscation.', '只重新命名非公開頂層類別與私有成員：非私有成員可能覆寫平台方法（此處沒有 Android/JDK 的類別階層），故保留；以字串形式出現的名稱（可能被反射使用）保留；AAR 中 libs/*.jar 不重新命名。字串加密只作用於所選類別，Java 9+ 字串串接範本（invokedynamic 引導參數）與欄位常數中的字面值仍為明文；金鑰在解密類別中，屬於混淆。', '名前を変えるのは非公開のトップレベルクラスと private メンバーのみです。非 private メンバーはプラットフォームのメソッドをオーバーライドしている可能性があり（Android/JDK のクラス階層はここにありません）保持します。文字列として現れる名前（リフレクションの可能性）も保持し、AAR の libs/*.jar は名前を変えません。文字列暗号化は選択したクラスのみが対象で、Java 9+ の文字列連結レシピ（invokedynamic のブートストラップ引数）とフィールド定数内のリテラルは平文のままです。鍵は復号クラス内にあり、難読化です。'),
];

interface Stats {
  classes: number;
  attrs: number;
  /** per renamed JAR ('' or 'classes.jar!/'): the input classes (after debug stripping) and the rename */
  renames: { where: string; before: Map<string, Buffer>; result: RenameResult }[];
  /** extra keep rules (consumer rules) */
  keep: string[];
  /** AAR native libraries packed, with their structural checks; and those left stripped only (no Android ABI) */
  packed: { name: string; checks: ReturnType<typeof verifyPacked> }[];
  /** string encryption per JAR: the classes touched, their plain strings, the decryptor entry */
  strings: ({ where: string } & StringReport)[];
  soSkipped: string[];
  sos: { name: string; before: Buffer; after: Buffer; loadEnd: number }[];
}

async function rebuildJar(bytes: Uint8Array | string, outPath: string, s: StrategyValues, stats: Stats, where: string, workDir: string): Promise<void> {
  const zip = await ZipArchive.open(bytes).catch((e: Error) => fail('SHIELD_BAD_INPUT', '文件不是有效的 JAR/AAR（ZIP 结构无法读取）', 'The file is not a valid JAR/AAR (its ZIP structure cannot be read)', `${where}${e.message}`));
  let out: AlignedZipWriter | undefined;
  try {
    const bad = zip.anomalies.find((a) => REFUSED_ANOMALIES.has(a.kind));
    if (bad) fail('SHIELD_AMBIGUOUS_ARCHIVE', 'ZIP 结构存在歧义（重复或不一致的条目），拒绝重新打包', 'The archive has an ambiguous ZIP structure; it is not re-packed', bad.detail);
    const keep = (s.keep as string[] | undefined) ?? [];
    const stripOne = (name: string, data: Buffer): Buffer => {
      try {
        const r = stripClassDebug(data);
        stats.classes++;
        stats.attrs += r.removed;
        return r.bytes;
      } catch (err) {
        return fail('SHIELD_CLASS_UNSUPPORTED', `无法处理 ${where}${name}：类文件损坏`, `${where}${name} cannot be processed: the class file is damaged`, (err as Error).message);
      }
    };
    const stripping = (name: string): boolean => s.stripClassDebug === true && !keep.some((k) => name.startsWith(k));
    // Renaming and string encryption need every class of the JAR at once (references cross classes, the
    // decryptor class is added once): a first pass reads them.
    let renamed: RenameResult | undefined;
    let added: { name: string; bytes: Buffer } | undefined;
    const hasClasses = zip.entries.some((e) => e.name.endsWith('.class'));
    const selected = (s.encryptStringsIn as string[] | undefined) ?? [];
    if ((s.rename === true || selected.length > 0) && hasClasses && (where === '' || where === 'classes.jar!/')) {
      const before = new Map<string, Buffer>();
      for (const e of zip.entries) {
        if (e.isDirectory || !e.name.endsWith('.class') || e.name.endsWith('module-info.class')) continue;
        const data = await zip.read(e).catch((err: Error) => fail('SHIELD_BAD_INPUT', `无法读取 ${e.name}：条目损坏或超出解压限制`, `${e.name} cannot be read: the entry is damaged or over the unpacking limits`, err.message));
        before.set(e.name, stripping(e.name) ? stripOne(e.name, data) : data);
      }
      if (selected.length > 0) {
        const enc = await encryptStrings(before, selected, workDir).catch((err: Error) => (err instanceof ShieldError ? Promise.reject(err) : fail('SHIELD_CLASS_UNSUPPORTED', `无法加密 ${where} 中的字符串：类文件损坏或结构不受支持`, `Strings in ${where} cannot be encrypted: a class file is damaged or unsupported`, err.message)));
        if (enc) {
          stats.strings.push({ where, ...enc.report });
          for (const [k, v] of enc.classes) before.set(k, v);
          added = enc.decryptor;
          before.set(added.name, added.bytes);
        }
      }
      if (s.rename === true) {
        try {
          renamed = renameJar(before, [...keep, ...stats.keep], stats.strings.filter((x) => x.where === where).flatMap((x) => [...x.classes.values()].flat()));
        } catch (err) {
          fail('SHIELD_CLASS_UNSUPPORTED', `无法重命名 ${where}：类文件损坏或结构不受支持`, `${where} cannot be renamed: a class file is damaged or unsupported`, (err as Error).message);
        }
        stats.renames.push({ where, before, result: renamed! });
      } else {
        renamed = { classes: new Map([...before].map(([k, v]) => [k, { name: k, bytes: v }])), classMap: new Map(), memberMap: new Map(), membersRenamed: 0, goneMemberNames: new Set() };
      }
    }
    out = new AlignedZipWriter(outPath);
    for (const e of zip.entries) {
      if (e.isDirectory) continue;
      if (SIGNATURE_FILE.test(e.name) && e.name.toUpperCase() !== 'META-INF/MANIFEST.MF') continue; // a signed JAR's signature no longer matches
      const data = await zip.read(e).catch((err: Error) => fail('SHIELD_BAD_INPUT', `无法读取 ${e.name}：条目损坏或超出解压限制`, `${e.name} cannot be read: the entry is damaged or over the unpacking limits`, err.message));
      let changed: Buffer | undefined;
      let name = e.name;
      const r = renamed?.classes.get(e.name);
      if (r) {
        changed = r.bytes;
        name = r.name;
      } else if (e.name.endsWith('.class') && stripping(e.name)) {
        changed = stripOne(e.name, data);
      } else if (/^(classes\.jar|libs\/[^/]+\.jar)$/.test(e.name) && where === '') {
        if (data.length > MAX_NESTED_JAR) fail('SHIELD_TOO_LARGE', '内嵌 JAR 过大', 'A nested JAR is too large', e.name);
        const inner = join(workDir, `nested-${e.index}.jar`);
        await rebuildJar(data, inner, s, stats, `${e.name}!/`, workDir);
        changed = readFileSync(inner);
      } else if (/^jni\/[^/]+\/[^/]+\.so$/.test(e.name) && (s.stripSo === true || s.packSo === true) && data.length >= 4 && data.readUInt32BE(0) === 0x7f454c46) {
        try {
          const r = s.stripSo === true ? stripElf(data) : { bytes: data, removed: [], loadEnd: data.length };
          if (r.removed.length > 0) {
            changed = r.bytes;
            stats.sos.push({ name: e.name, before: data, after: r.bytes, loadEnd: r.loadEnd });
          }
          if (s.packSo === true) changed = await packSo(e.name, r.bytes, stats) ?? changed;
        } catch (err) {
          if (err instanceof ShieldError) throw err;
          fail('SHIELD_ELF_UNSUPPORTED', `无法处理 ${e.name}：ELF 文件损坏或格式不受支持`, `${e.name} cannot be processed: the ELF file is damaged or unsupported`, (err as Error).message);
        }
      }
      const stored = e.method === 0;
      out.add(changed ? { name, data: changed, stored } : { name, data, stored, ...(stored ? {} : { deflated: await zip.readAt(e.dataOffset, e.compressedSize) }) });
    }
    if (added) {
      const r = renamed?.classes.get(added.name) ?? added;
      out.add({ name: r.name, data: r.bytes, stored: false });
    }
    out.finish();
  } finally {
    out?.close();
    await zip.close();
  }
}

/**
 * An AAR's native library packed like an uploaded SO (so.standard: code and
 * strings encrypted, integrity check, no anti-debug), verified structurally.
 * Libraries of machines no Android ABI uses any more (MIPS) stay stripped only.
 */
async function packSo(name: string, bytes: Buffer, stats: Stats): Promise<Buffer | undefined> {
  const machine = parseElf(bytes).header.machine;
  if (!STUB_COMPILERS[machine]) {
    stats.soSkipped.push(name);
    return undefined;
  }
  const stub = await buildStub(machine);
  const p = packElf(bytes, stub, { packText: true, strings: 'all', markers: [], minStringLength: 4, antiDebug: 'off', integrity: 'exit', exitCode: 137 });
  const text = p.ranges.find((r) => r.kind === 'text');
  let checks: ReturnType<typeof verifyPacked>;
  try {
    checks = verifyPacked(bytes, p.bytes, stub, { markers: [], strings: p.strings, ...(text ? { textRange: text } : {}) });
  } catch (e) {
    checks = [{ id: 'structure', ok: false, detail: (e as Error).message }];
  }
  stats.packed.push({ name, checks });
  return p.bytes;
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
  const stats: Stats = { classes: 0, attrs: 0, sos: [], renames: [], strings: [], packed: [], soSkipped: [], keep: ext === 'aar' ? await consumerKeeps(input.path) : [] };
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
  const outName = (name: string): string => {
    for (const rn of stats.renames) if (name.startsWith(rn.where)) { const x = rn.result.classes.get(name.slice(rn.where.length)); if (x) return rn.where + x.name; }
    return name;
  };
  const dotted = (n: string | undefined): string | undefined => {
    if (!n) return n;
    for (const rn of stats.renames) { const m = rn.result.classMap.get(n.replace(/\./g, '/')); if (m) return m.replace(/\//g, '.'); }
    return n;
  };
  // a class with encrypted strings has one more method reference: the decryptor's d(String)
  const encryptedEntries = new Set(stats.strings.flatMap((st) => [...st.classes.keys()].map((k) => `${st.where}${k}`)));
  for (const [name, orig] of a) {
    const now = b.get(outName(name));
    if (!now) problems.push(`${name} missing`);
    else if (name.startsWith('=')) {
      if (!now.equals(orig)) problems.push(`${name.slice(1)} changed`);
    } else {
      try {
        const x = parseClassFile(orig, name);
        const y = parseClassFile(now, name);
        if (dotted(x.className) !== y.className || dotted(x.superName) !== y.superName || x.interfaces.map(dotted).join() !== y.interfaces.join() || y.methodRefs.length !== x.methodRefs.length + (encryptedEntries.has(name) ? 1 : 0)) problems.push(`${name} differs`);
        if (stripClassDebug(now).removed > 0) problems.push(`${name} still has debug attributes`);
      } catch (err) {
        problems.push(`${name}: ${(err as Error).message}`);
      }
    }
    if (problems.length > 20) break;
  }
  checks.push({ id: 'classes', title: t('所有类可解析，类名、继承与引用不变，无调试属性，消费者规则与清单原样保留', 'Every class parses; names, inheritance and references unchanged; no debug attributes; consumer rules and manifest kept as they were', '所有類別可解析，類別名稱、繼承與參照不變，無除錯屬性，消費者規則與清單原樣保留', '全クラスが解析でき、名前・継承・参照は不変、デバッグ属性なし、コンシューマールールとマニフェストはそのまま'), ok: problems.length === 0, detail: problems.length ? problems.join('; ').slice(0, 1000) : `${[...a.keys()].filter((k) => !k.startsWith('=')).length} classes` });
  for (const st of stats.strings) {
    const outClasses = await classesOf(outputPath);
    const v = verifyStrings(st, (n) => outClasses.get(outName(`${st.where}${n}`)));
    checks.push({ id: `strings${st.where ? `:${st.where.slice(0, -2)}` : ''}`, title: t('字符串加密：密文可由解密方法还原为原文，类中不再含明文', 'String encryption: every ciphertext decrypts back to its string, the classes no longer hold the clear text', '字串加密：密文可由解密方法還原為原文，類別中不再含明文', '文字列暗号化：暗号文は復号メソッドで元に戻り、クラスに平文は残らない'), ok: v.ok, detail: v.detail });
  }
  if (stats.packed.length > 0) {
    const bad = stats.packed.filter((x) => x.checks.some((c) => !c.ok));
    checks.push({ id: 'so-pack', title: t('AAR 中的 SO 库加壳结构正确，按文件参数重放解密后与原库一致，明文已不在文件中', 'The AAR\'s SO libraries: packing structure sound, replaying the decryption from the file gives the input, no clear text left', 'AAR 中的 SO 程式庫加殼結構正確，依檔案參數重放解密後與原程式庫一致，明文已不在檔案中', 'AAR 内の SO ライブラリ：パッキング構造は正常、ファイルのパラメータで復号を再現すると入力と一致、平文は残らない'), ok: bad.length === 0, detail: bad.length ? bad.map((x) => `${x.name}: ${x.checks.find((c) => !c.ok)!.detail}`).join('; ') : `${stats.packed.length} libraries${stats.soSkipped.length ? `; not packed (no Android ABI): ${stats.soSkipped.join(', ')}` : ''}` });
  }
  for (const rn of stats.renames) {
    const after = new Map([...rn.result.classes.values()].map((c) => [c.name, c.bytes] as const));
    const v = verifyRename(rn.before, after, rn.result.classMap, rn.result.goneMemberNames);
    checks.push({ id: `rename${rn.where ? `:${rn.where.slice(0, -2)}` : ''}`, title: t('重命名后公开 API 不变，JAR 内所有成员引用可解析，旧的内部名称已不在文件中', 'After renaming: public API unchanged, every member reference inside the JAR resolves, the old internal names are gone from the file', '重新命名後公開 API 不變，JAR 內所有成員參照可解析，舊的內部名稱已不在檔案中', '名前変更後も公開 API は不変、JAR 内のメンバー参照はすべて解決し、旧内部名はファイルに残らない'), ok: v.ok, detail: v.detail });
  }
  if (stats.sos.length > 0) {
    const bad = stats.sos.map((so) => ({ so, c: compareStripped(so.before, so.after, so.loadEnd) })).filter((x) => !x.c.ok);
    checks.push({ id: 'so', title: t('SO 库仍可解析，导出符号不变', 'SO libraries still parse, exports unchanged', 'SO 程式庫仍可解析，匯出符號不變', 'SO ライブラリは解析可能、エクスポートは不変'), ok: bad.length === 0, detail: bad.length ? bad.map((x) => `${x.so.name}: ${x.c.detail}`).join('; ') : `${stats.sos.length} libraries` });
  }
  const known = new Set(before.unreadable.map((u) => u.file));
  const unreadable = after.unreadable.filter((u) => !known.has(u.file)).map((u) => u.file);
  checks.push({ id: 'rescan', title: t('Android 引擎复测可完整解析', 'Android engine re-scan reads it fully', 'Android 引擎複測可完整解析', 'Android エンジンで再スキャンし完全に解析'), ok: unreadable.length === 0, detail: `score ${before.score.score} → ${after.score.score}${unreadable.length ? `; unreadable: ${unreadable.join(', ')}` : ''}` });

  const applied = [];
  if (stats.classes > 0) applied.push({ id: 'class.strip-debug', title: t('移除类文件调试信息', 'Class-file debug information removed', '移除類別檔除錯資訊', 'クラスファイルのデバッグ情報を削除'), detail: `${stats.classes} classes, ${stats.attrs} attributes` });
  const renamedClasses = stats.renames.reduce((n, r) => n + r.result.classMap.size, 0);
  const renamedMembers = stats.renames.reduce((n, r) => n + r.result.membersRenamed, 0);
  if (renamedClasses + renamedMembers > 0) applied.push({ id: 'class.rename', title: t('重命名非公开类与私有成员', 'Non-public classes and private members renamed', '重新命名非公開類別與私有成員', '非公開クラスと private メンバーの名前を変更'), detail: `${renamedClasses} classes, ${renamedMembers} members${stats.keep.length ? `; ${stats.keep.length} consumer keep rules honoured` : ''}` });
  for (const st of stats.strings) applied.push({ id: 'class.strings', title: t('字符串加密', 'Strings encrypted', '字串加密', '文字列を暗号化'), detail: `${st.where ? `${st.where.slice(0, -2)}: ` : ''}${st.sites} sites in ${st.classes.size} classes; decryptor ${st.decryptor}${st.skippedMethods ? `; ${st.skippedMethods} methods left as they were` : ''}` });
  if (stats.packed.length > 0) applied.push({ id: 'so.pack', title: t('SO 库加壳', 'SO libraries packed', 'SO 程式庫加殼', 'SO ライブラリをパッキング'), detail: stats.packed.map((x) => x.name).join(', ') });
  if (stats.sos.length > 0) applied.push({ id: 'so.strip', title: t('剥离 SO 符号表', 'SO symbol tables stripped', '剝離 SO 符號表', 'SO シンボルテーブルを削除'), detail: `${stats.sos.length} libraries` });
  if (applied.length === 0) fail('SHIELD_NOTHING_TO_DO', '没有可处理的类或库（已全部排除或不含调试信息）', 'Nothing to process (everything excluded or no debug information)');
  return {
    outputPath,
    outputName,
    applied,
    verification: { ok: checks.every((c) => c.ok), checks, unverified: SDK_UNVERIFIED },
    metrics: { inputBytes: statSync(input.path).size, outputBytes: statSync(outputPath).size, protectMs, classes: stats.classes, attributesRemoved: stats.attrs, classesRenamed: renamedClasses, membersRenamed: renamedMembers, scoreBefore: before.score.score, scoreAfter: after.score.score },
  };
}

export const sdkShield: ShieldTypeModule = {
  type: 'sdk',
  title: t('SDK 加固', 'SDK hardening', 'SDK 加固', 'SDK 強化'),
  accept: ['.jar', '.aar'],
  schema: SDK_SCHEMA,
  defaults: [{ id: 'sdk.standard', name: t('标准', 'Standard', '標準', '標準'), description: t('移除调试信息，重命名非公开类与私有成员，公开 API 与消费者规则保留的类不变。', 'Debug information removed, non-public classes and private members renamed; the public API and classes kept by consumer rules unchanged.', '移除除錯資訊，重新命名非公開類別與私有成員，公開 API 與消費者規則保留的類別不變。', 'デバッグ情報を削除し、非公開クラスと private メンバーの名前を変更。公開 API とコンシューマールールで保持されるクラスは不変。'), values: {} },
    { id: 'sdk.debug-only', name: t('仅移除调试信息', 'Debug information only', '僅移除除錯資訊', 'デバッグ情報の削除のみ'), description: t('只移除调试信息，不重命名（用于大量使用反射的 SDK）。', 'Only removes debug information, no renaming (for SDKs that rely heavily on reflection).', '只移除除錯資訊，不重新命名（用於大量使用反射的 SDK）。', 'デバッグ情報の削除のみで名前は変えません（リフレクションを多用する SDK 向け）。'), values: { rename: false } },
  ],
  harden: hardenSdk,
};
