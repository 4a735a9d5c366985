/**
 * The "so" hardening type: one ELF shared library in, the protected library
 * out. Steps (each a strategy option): symbol/debug stripping (elf-strip.ts),
 * then packing (pack/): .text and .rodata strings encrypted, decrypted at load
 * by a constructor stub compiled for the library's ABI, with optional
 * anti-debug in that constructor.
 *
 * The uploaded library is never loaded or run on the server (its constructors
 * would be code execution here): verification is structural — the stripped
 * library's loaded bytes and exports are compared, and the packer's output is
 * decrypted by replaying the stub's parameter block in TypeScript and compared
 * with the input (pack/verify-pack.ts). The load test before/after runs in the
 * package's tests on libraries built there, for all four ABIs under qemu-user.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseElf } from '@citadel/engine-core';
import { type AppliedProtection, type HardenInput, type HardenResult, type HardenContext, type ShieldTypeModule, type StrategyValues, type StrategySchema, type VerificationCheck, ShieldError, validateStrategy } from '@citadel/shield-core';
import { fail, t } from '../text.ts';
import { stripElf } from './elf-strip.ts';
import { compareStripped } from './verify-elf.ts';
import { packElf, type PackOptions } from './pack/elf-pack.ts';
import { buildStub } from './pack/stub-build.ts';
import { verifyPacked } from './pack/verify-pack.ts';

const MAX_SO_BYTES = 512 << 20;

export const SO_SCHEMA: StrategySchema = {
  groups: [
    { key: 'symbols', title: t('符号', 'Symbols', '符號', 'シンボル') },
    { key: 'pack', title: t('加壳与加密', 'Packing and encryption', '加殼與加密', 'パッキングと暗号化') },
    { key: 'runtime', title: t('运行时防护', 'Run-time protection', '執行時防護', '実行時保護') },
  ],
  options: [
    { key: 'stripSymbols', kind: 'boolean', group: 'symbols', default: true, title: t('剥离静态符号表、调试信息与编译器标记', 'Strip the static symbol table, debug information and compiler banner', '剝離靜態符號表、除錯資訊與編譯器標記', '静的シンボルテーブル、デバッグ情報、コンパイラ表記を削除') },
    { key: 'packText', kind: 'boolean', group: 'pack', default: true, title: t('代码段加密（SO 加壳）：.text 加密，加载时由构造函数解密', 'Code packing: .text encrypted and decrypted by a constructor at load time', '程式碼區段加密（SO 加殼）：.text 加密，載入時由建構函式解密', 'コードのパッキング：.text を暗号化し、ロード時にコンストラクタで復号') },
    {
      key: 'encryptStrings',
      kind: 'enum',
      group: 'pack',
      default: 'all',
      title: t('.rodata 字符串加密', 'String encryption in .rodata', '.rodata 字串加密', '.rodata の文字列暗号化'),
      choices: [
        { value: 'all', title: t('全部可读字符串', 'Every readable string', '全部可讀字串', '読める文字列すべて') },
        { value: 'listed', title: t('仅含下列内容的字符串', 'Only strings containing an entry of the list below', '僅含下列內容的字串', '下の一覧を含む文字列のみ') },
        { value: 'off', title: t('关闭', 'Off', '關閉', 'オフ') },
      ],
    },
    { key: 'stringList', kind: 'list', group: 'pack', default: [], maxItems: 100, maxLength: 200, pattern: '^[^\\u0000]+$', title: t('要加密的字符串（验证时确认它们已不在文件中）', 'Strings to encrypt (verification confirms they are no longer in the file)', '要加密的字串（驗證時確認它們已不在檔案中）', '暗号化する文字列（検証でファイルに残っていないことを確認）') },
    { key: 'minStringLength', kind: 'number', group: 'pack', default: 4, min: 2, max: 64, title: t('“全部”模式下字符串的最小长度', 'Minimum string length in "every string" mode', '「全部」模式下字串的最小長度', '「すべて」モードでの最小文字列長') },
    {
      key: 'integrity',
      kind: 'enum',
      group: 'runtime',
      default: 'exit',
      title: t('完整性校验（加载时校验加密内容的校验和，被篡改则不运行）', 'Integrity check (a checksum of the encrypted bytes is checked at load; a patched library does not run)', '完整性校驗（載入時校驗加密內容的校驗和，被竄改則不執行）', '完全性チェック（ロード時に暗号化部分のチェックサムを確認し、改ざんされていれば実行しない）'),
      choices: [
        { value: 'off', title: t('关闭', 'Off', '關閉', 'オフ') },
        { value: 'exit', title: t('校验失败时退出进程', 'Exit the process on a mismatch', '校驗失敗時結束處理程序', '不一致ならプロセスを終了') },
        { value: 'kill', title: t('校验失败时以 SIGKILL 终止', 'Kill the process (SIGKILL) on a mismatch', '校驗失敗時以 SIGKILL 終止', '不一致なら SIGKILL で強制終了') },
      ],
    },
    {
      key: 'antiDebug',
      kind: 'enum',
      group: 'runtime',
      default: 'off',
      title: t('构造函数反调试（加载时检查 TracerPid）', 'Anti-debug in the constructor (TracerPid checked at load)', '建構函式反除錯（載入時檢查 TracerPid）', 'コンストラクタでのアンチデバッグ（ロード時に TracerPid を確認）'),
      choices: [
        { value: 'off', title: t('关闭', 'Off', '關閉', 'オフ') },
        { value: 'exit', title: t('发现调试器时退出进程', 'Exit the process when a debugger is attached', '發現除錯器時結束處理程序', 'デバッガ検出時にプロセスを終了') },
        { value: 'kill', title: t('发现调试器时以 SIGKILL 终止', 'Kill the process (SIGKILL) when a debugger is attached', '發現除錯器時以 SIGKILL 終止', 'デバッガ検出時に SIGKILL で強制終了') },
      ],
    },
  ],
};

export const SO_UNVERIFIED = [
  t('上传的库不会在服务器上加载运行：其验证是结构性的（解析、导出符号比对，并在 TypeScript 中按文件里的参数重放解密、与原库逐字节比较）。加载测试（前后结果一致）只在本组件的测试中对自建库执行（x86_64 本机，arm64-v8a、armeabi-v7a、x86 用 qemu-user）。', 'An uploaded library is never loaded on the server: its verification is structural (parsing, exports compared, and the decryption replayed in TypeScript from the parameters in the file and compared byte for byte with the input). The load test (same results before and after) runs only in this package\'s tests, on libraries built there (x86_64 natively; arm64-v8a, armeabi-v7a, x86 under qemu-user).', '上傳的程式庫不會在伺服器上載入執行：其驗證是結構性的（解析、匯出符號比對，並在 TypeScript 中依檔案內的參數重放解密、與原程式庫逐位元組比較）。載入測試（前後結果一致）只在本元件的測試中對自建程式庫執行（x86_64 本機，arm64-v8a、armeabi-v7a、x86 使用 qemu-user）。', 'アップロードされたライブラリはサーバーでロードしません。検証は構造的です（解析、エクスポート比較、ファイル内のパラメータから復号を TypeScript で再現し入力とバイト単位で比較）。ロードテスト（前後で同じ結果）は本パッケージのテストで自作ライブラリに対してのみ行います（x86_64 はネイティブ、arm64-v8a・armeabi-v7a・x86 は qemu-user）。'),
  t('未在 Android 设备上运行测试。加密是混淆而非密码学保护：密钥与解密代码在库内，内存转储可得到明文；反调试与完整性校验只在加载时检查一次，完整性校验只覆盖已加密的内容。', 'No run test on an Android device. The encryption is obfuscation, not cryptographic protection: the key and the decryptor are inside the library and a memory dump yields the plain code; anti-debug and the integrity check run once, at load, and the checksum covers the encrypted bytes only.', '未在 Android 裝置上執行測試。加密是混淆而非密碼學保護：金鑰與解密程式碼在程式庫內，記憶體傾印可得到明文；反除錯與完整性校驗只在載入時檢查一次，完整性校驗只涵蓋已加密的內容。', 'Android 端末での実行テストは行っていません。暗号化は難読化であり暗号学的保護ではありません（鍵と復号コードはライブラリ内にあり、メモリダンプで平文が得られます）。アンチデバッグと完全性チェックはロード時に一度だけで、チェックサムは暗号化部分のみが対象です。'),
];

const CHECK_TITLES = {
  structure: t('加壳结构正确：DT_INIT 指向解密桩，参数表有效，原有段与导出符号不变', 'Packing structure sound: DT_INIT enters the decryption stub, parameter tables valid, original segments and exports unchanged', '加殼結構正確：DT_INIT 指向解密樁，參數表有效，原有區段與匯出符號不變', 'パッキング構造は正常：DT_INIT は復号スタブを指し、パラメータ表は有効、元のセグメントとエクスポートは不変'),
  roundtrip: t('按文件中的参数重放解密后与原库逐字节一致', 'Replaying the decryption from the file\'s parameters gives the input byte for byte', '依檔案中的參數重放解密後與原程式庫逐位元組一致', 'ファイル内のパラメータで復号を再現すると入力とバイト単位で一致'),
  secrecy: t('已加密的字符串与原 .text 代码不再以明文出现在文件中', 'The encrypted strings and the original .text code no longer appear in clear in the file', '已加密的字串與原 .text 程式碼不再以明文出現在檔案中', '暗号化した文字列と元の .text コードはファイルに平文で残っていない'),
};

export async function hardenSo(input: HardenInput, strategy: StrategyValues, ctx: HardenContext): Promise<HardenResult> {
  const checked = validateStrategy(SO_SCHEMA, strategy);
  if (!checked.ok) fail('SHIELD_BAD_STRATEGY', '加固策略无效', 'The hardening strategy is invalid', checked.errors.join('; '));
  const v = checked.values;
  const size = statSync(input.path).size;
  if (size > MAX_SO_BYTES) fail('SHIELD_TOO_LARGE', 'SO 文件过大', 'The SO file is too large', `${size} bytes`);
  const before = readFileSync(input.path);
  const t0 = Date.now();
  const badElf = (e: unknown): never => {
    if (e instanceof ShieldError) throw e;
    return fail('SHIELD_ELF_UNSUPPORTED', '文件不是可处理的 ELF 共享库（损坏、截断或格式不受支持）', 'The file is not an ELF shared library that can be processed (damaged, truncated or unsupported)', (e as Error).message);
  };
  let stripped: ReturnType<typeof stripElf>;
  try {
    stripped = v.stripSymbols === true ? stripElf(before) : { bytes: Buffer.from(before), removed: [], loadEnd: before.length };
  } catch (e) {
    return badElf(e);
  }
  const packing = v.packText === true || v.encryptStrings !== 'off';
  if (stripped.removed.length === 0 && !packing) fail('SHIELD_NOTHING_TO_DO', '该库已无可剥离的符号与调试信息', 'The library has no symbols or debug information left to strip');
  const applied: AppliedProtection[] = [];
  const checks: VerificationCheck[] = [];
  const metrics: Record<string, number> = { inputBytes: size };
  if (stripped.removed.length > 0) {
    applied.push({ id: 'so.strip', title: t('剥离符号表与调试节', 'Symbol tables and debug sections stripped', '剝離符號表與除錯區段', 'シンボルテーブルとデバッグセクションを削除'), detail: stripped.removed.join(', ') });
    const cmp = compareStripped(before, stripped.bytes, stripped.loadEnd);
    checks.push({ id: 'elf', title: t('ELF 仍可解析，加载内容与导出符号（含 JNI）不变，内部符号已移除', 'The ELF still parses; loaded bytes and exports (JNI included) unchanged; internal symbols gone', 'ELF 仍可解析，載入內容與匯出符號（含 JNI）不變，內部符號已移除', 'ELF は解析可能、ロード内容とエクスポート（JNI を含む）は不変、内部シンボルは削除済み'), ok: cmp.ok, detail: cmp.detail });
    Object.assign(metrics, { exports: cmp.exports, jniExports: cmp.jniExports, internalNamesRemoved: cmp.internalNamesBefore });
  }
  let output = stripped.bytes;
  if (packing) {
    let machine: number;
    try {
      machine = parseElf(stripped.bytes).header.machine;
    } catch (e) {
      return badElf(e);
    }
    const stub = await buildStub(machine);
    const opts: PackOptions = {
      packText: v.packText === true,
      strings: v.encryptStrings as PackOptions['strings'],
      markers: (v.stringList as string[]) ?? [],
      minStringLength: v.minStringLength as number,
      antiDebug: v.antiDebug as PackOptions['antiDebug'],
      integrity: v.integrity as PackOptions['integrity'],
      exitCode: 137,
    };
    if (opts.strings === 'listed' && opts.markers.length === 0) fail('SHIELD_BAD_STRATEGY', '“仅列出的字符串”模式需要至少一个字符串', 'The "listed strings" mode needs at least one string');
    let packed: ReturnType<typeof packElf>;
    try {
      packed = packElf(stripped.bytes, stub, opts);
    } catch (e) {
      return badElf(e);
    }
    const text = packed.ranges.find((r) => r.kind === 'text');
    if (text) applied.push({ id: 'so.pack-text', title: t('代码段加密（SO 加壳）', 'Code section encrypted (SO packing)', '程式碼區段加密（SO 加殼）', 'コードセクションを暗号化（SO パッキング）'), detail: `.text ${text.len} bytes; stub via ${packed.hook}` });
    if (packed.strings.length > 0) applied.push({ id: 'so.strings', title: t('.rodata 字符串加密', '.rodata strings encrypted', '.rodata 字串加密', '.rodata の文字列を暗号化'), detail: `${packed.strings.length} strings` });
    if (opts.antiDebug !== 'off') applied.push({ id: 'so.anti-debug', title: t('构造函数反调试', 'Anti-debug in the constructor', '建構函式反除錯', 'コンストラクタでのアンチデバッグ'), detail: `TracerPid ≠ 0 → ${opts.antiDebug}` });
    if (opts.integrity !== 'off') applied.push({ id: 'so.integrity', title: t('加载时完整性校验', 'Integrity check at load', '載入時完整性校驗', 'ロード時の完全性チェック'), detail: `FNV-1a over the encrypted bytes; mismatch → ${opts.integrity}` });
    if (opts.strings === 'listed' && packed.strings.length === 0) fail('SHIELD_NOTHING_TO_DO', '在 .rodata 中找不到列出的字符串', 'None of the listed strings was found in .rodata');
    let vc: ReturnType<typeof verifyPacked>;
    try {
      vc = verifyPacked(stripped.bytes, packed.bytes, stub, { markers: opts.strings === 'listed' ? opts.markers : [], strings: packed.strings, ...(text ? { textRange: text } : {}) });
    } catch (e) {
      vc = [{ id: 'structure', ok: false, detail: `the packed file cannot be read back: ${(e as Error).message}` }];
    }
    for (const c of vc) checks.push({ id: `pack.${c.id}`, title: CHECK_TITLES[c.id], ok: c.ok, detail: c.detail });
    Object.assign(metrics, { encryptedTextBytes: packed.textBytes, encryptedStrings: packed.strings.length, stubBytes: stub.code.length });
    output = packed.bytes;
  }
  const outputName = `${basename(input.name).replace(/\.so$/i, '')}-protected.so`;
  const outputPath = join(ctx.workDir, outputName);
  writeFileSync(outputPath, output);
  metrics.protectMs = Date.now() - t0;
  metrics.outputBytes = output.length;
  return { outputPath, outputName, applied, verification: { ok: checks.length > 0 && checks.every((c) => c.ok), checks, unverified: SO_UNVERIFIED }, metrics };
}

export const soShield: ShieldTypeModule = {
  type: 'so',
  title: t('SO 加固', 'SO library hardening', 'SO 加固', 'SO ライブラリ強化'),
  accept: ['.so'],
  schema: SO_SCHEMA,
  defaults: [
    { id: 'so.standard', name: t('标准', 'Standard', '標準', '標準'), description: t('剥离符号与调试信息，加密 .text 代码段与 .rodata 字符串（加载时由构造函数校验并解密，被篡改则退出），导出接口不变。', 'Strips symbols and debug information, encrypts the .text code and .rodata strings (checked and decrypted by a constructor at load; a patched library exits); the exported API is unchanged.', '剝離符號與除錯資訊，加密 .text 程式碼區段與 .rodata 字串（載入時由建構函式校驗並解密，被竄改則結束），匯出介面不變。', 'シンボルとデバッグ情報を削除し、.text コードと .rodata 文字列を暗号化（ロード時にコンストラクタで検証・復号し、改ざんされていれば終了）。エクスポート API は変えません。'), values: {} },
    { id: 'so.strong', name: t('增强（含反调试）', 'Strong (with anti-debug)', '增強（含反除錯）', '強化（アンチデバッグ付き）'), description: t('在标准策略基础上，加载时发现调试器或篡改即终止进程（SIGKILL）。', 'The standard strategy plus: the process is killed (SIGKILL) when a debugger is attached at load or the library was patched.', '在標準策略基礎上，載入時發現除錯器或竄改即終止處理程序（SIGKILL）。', '標準に加え、ロード時にデバッガや改ざんを検出するとプロセスを強制終了（SIGKILL）します。'), values: { antiDebug: 'kill', integrity: 'kill' } },
    { id: 'so.strip-only', name: t('仅剥离符号', 'Strip only', '僅剝離符號', 'シンボル削除のみ'), description: t('只剥离静态符号表与调试信息，不加壳（用于无法加壳的库）。', 'Only strips the static symbol table and debug information, no packing (for libraries that cannot be packed).', '只剝離靜態符號表與除錯資訊，不加殼（用於無法加殼的程式庫）。', '静的シンボルテーブルとデバッグ情報の削除のみで、パッキングはしません（パッキングできないライブラリ向け）。'), values: { packText: false, encryptStrings: 'off', integrity: 'off' } },
  ],
  harden: hardenSo,
};
