/**
 * The "so" hardening type: one ELF shared library in, the stripped library
 * out. Verification compares the two with the product's ELF reader (the
 * loaded bytes and the dynamic symbols are unchanged, the internal names are
 * gone). The uploaded library is never loaded or run on the server: running
 * a customer's constructors here would be code execution; the load test
 * before/after runs in the package's tests on libraries built there.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type HardenInput, type HardenResult, type HardenContext, type ShieldTypeModule, type StrategyValues, type StrategySchema, validateStrategy } from '@citadel/shield-core';
import { fail, t } from '../text.ts';
import { stripElf } from './elf-strip.ts';
import { compareStripped } from './verify-elf.ts';

const MAX_SO_BYTES = 512 << 20;

export const SO_SCHEMA: StrategySchema = {
  groups: [{ key: 'symbols', title: t('符号', 'Symbols', '符號', 'シンボル') }],
  options: [
    { key: 'stripSymbols', kind: 'boolean', group: 'symbols', default: true, title: t('剥离静态符号表、调试信息与编译器标记', 'Strip the static symbol table, debug information and compiler banner', '剝離靜態符號表、除錯資訊與編譯器標記', '静的シンボルテーブル、デバッグ情報、コンパイラ表記を削除') },
  ],
};

export const SO_UNVERIFIED = [
  t('未提供 .rodata 字符串加密、代码段加密（SO 加壳）、构造函数反调试与完整性校验：它们在加载时运行，需要设备上的运行测试，未在此实现。', 'String encryption in .rodata, code section encryption (SO packing), anti-debug in the constructor and integrity checks are not offered: they run at load time, need a run test on a device and are not built here.', '未提供 .rodata 字串加密、程式碼區段加密（SO 加殼）、建構函式反除錯與完整性校驗：它們在載入時執行，需要裝置上的執行測試，未在此實作。', '.rodata の文字列暗号化、コードセクション暗号化（SO パッキング）、コンストラクタでのアンチデバッグ、完全性チェックは提供していません。ロード時に動作し端末での実行テストが必要なため、ここでは実装していません。'),
  t('上传的库不会在服务器上加载运行；加载测试（前后结果一致）只在本组件的测试中对自建库执行。', 'An uploaded library is never loaded on the server; the load test (same results before and after) runs only in this package\'s tests, on libraries built there.', '上傳的程式庫不會在伺服器上載入執行；載入測試（前後結果一致）只在本元件的測試中對自建程式庫執行。', 'アップロードされたライブラリはサーバーでロードしません。ロードテスト（前後で同じ結果）は本パッケージのテストで自作ライブラリに対してのみ行います。'),
];

export async function hardenSo(input: HardenInput, strategy: StrategyValues, ctx: HardenContext): Promise<HardenResult> {
  const checked = validateStrategy(SO_SCHEMA, strategy);
  if (!checked.ok) fail('SHIELD_BAD_STRATEGY', '加固策略无效', 'The hardening strategy is invalid', checked.errors.join('; '));
  const size = statSync(input.path).size;
  if (size > MAX_SO_BYTES) fail('SHIELD_TOO_LARGE', 'SO 文件过大', 'The SO file is too large', `${size} bytes`);
  const before = readFileSync(input.path);
  const t0 = Date.now();
  let stripped: ReturnType<typeof stripElf>;
  try {
    stripped = checked.values.stripSymbols === true ? stripElf(before) : { bytes: Buffer.from(before), removed: [], loadEnd: before.length };
  } catch (e) {
    return fail('SHIELD_ELF_UNSUPPORTED', '文件不是可处理的 ELF 共享库（损坏、截断或格式不受支持）', 'The file is not an ELF shared library that can be processed (damaged, truncated or unsupported)', (e as Error).message);
  }
  if (stripped.removed.length === 0) fail('SHIELD_NOTHING_TO_DO', '该库已无可剥离的符号与调试信息', 'The library has no symbols or debug information left to strip');
  const outputName = `${basename(input.name).replace(/\.so$/i, '')}-protected.so`;
  const outputPath = join(ctx.workDir, outputName);
  writeFileSync(outputPath, stripped.bytes);
  const protectMs = Date.now() - t0;
  const cmp = compareStripped(before, readFileSync(outputPath), stripped.loadEnd);
  return {
    outputPath,
    outputName,
    applied: [{ id: 'so.strip', title: t('剥离符号表与调试节', 'Symbol tables and debug sections stripped', '剝離符號表與除錯區段', 'シンボルテーブルとデバッグセクションを削除'), detail: stripped.removed.join(', ') }],
    verification: {
      ok: cmp.ok,
      checks: [{ id: 'elf', title: t('ELF 仍可解析，加载内容与导出符号（含 JNI）不变，内部符号已移除', 'The ELF still parses; loaded bytes and exports (JNI included) unchanged; internal symbols gone', 'ELF 仍可解析，載入內容與匯出符號（含 JNI）不變，內部符號已移除', 'ELF は解析可能、ロード内容とエクスポート（JNI を含む）は不変、内部シンボルは削除済み'), ok: cmp.ok, detail: cmp.detail }],
      unverified: SO_UNVERIFIED,
    },
    metrics: { inputBytes: size, outputBytes: stripped.bytes.length, protectMs, exports: cmp.exports, jniExports: cmp.jniExports, internalNamesRemoved: cmp.internalNamesBefore },
  };
}

export const soShield: ShieldTypeModule = {
  type: 'so',
  title: t('SO 加固', 'SO library hardening', 'SO 加固', 'SO ライブラリ強化'),
  accept: ['.so'],
  schema: SO_SCHEMA,
  defaults: [{ id: 'so.standard', name: t('标准', 'Standard', '標準', '標準'), description: t('剥离静态符号表与调试信息，导出接口不变。', 'Strips the static symbol table and debug information; the exported API is unchanged.', '剝離靜態符號表與除錯資訊，匯出介面不變。', '静的シンボルテーブルとデバッグ情報を削除し、エクスポート API は変えません。'), values: {} }],
  harden: hardenSo,
};
