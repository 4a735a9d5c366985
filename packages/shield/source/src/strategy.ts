/**
 * The source strategy: which protections run on a Node.js project's own
 * scripts and how strongly (data; the portal renders it as the "add strategy"
 * form). The obfuscation options map onto javascript-obfuscator's documented
 * options (its README, "Options") with `target: 'node'`; the options that only
 * make sense in a browser (domain lock, debug protection, console disabling —
 * the last would silence a command-line tool) are not offered. The presets
 * follow the obfuscator's own low/medium/high presets, costs measured by
 * bench/presets.ts.
 */
import { excludeOption, expiryOption, OBFUSCATION_GROUPS, OBFUSCATION_OPTIONS, type DefaultStrategy, type StrategySchema } from '@citadel/shield-core';

const L = (zh: string, en: string, tw: string, ja: string) => ({ 'zh-CN': zh, en, 'zh-TW': tw, ja });

export const SOURCE_SCHEMA: StrategySchema = {
  groups: [
    ...OBFUSCATION_GROUPS,
    { key: 'project', title: L('项目', 'Project', '專案', 'プロジェクト') },
    { key: 'verify', title: L('验证', 'Verification', '驗證', '検証') },
  ],
  options: [
    {
      key: 'renameGlobals',
      kind: 'boolean',
      group: 'rename',
      default: true,
      title: L('顶层标识符重命名', 'Rename top-level identifiers', '頂層識別符重新命名', 'トップレベル識別子の名前変更'),
      help: L(
        'Node.js 模块的顶层名称只在本文件内可见；导出名称保持不变',
        'Top-level names of a Node.js module are private to its file; exported names are kept',
        'Node.js 模組的頂層名稱只在本檔案內可見；匯出名稱保持不變',
        'Node.js モジュールのトップレベル名はファイル内専用です。エクスポート名は維持されます',
      ),
    },
    ...OBFUSCATION_OPTIONS,
    expiryOption('runtime'),
    excludeOption('project'),
    {
      key: 'testCommand',
      kind: 'string',
      group: 'verify',
      default: '',
      maxLength: 500,
      pattern: '^[^\\x00-\\x1f]+$',
      help: L(
        '命令在编译后的项目上运行（TypeScript 源文件已移除）：请测试编译结果（如 node --test dist/test），不要在命令中重新编译',
        'The command runs on the compiled project (TypeScript sources are removed): test the build (e.g. node --test dist/test), do not rebuild in the command',
        '命令在編譯後的專案上執行（TypeScript 原始檔已移除）：請測試編譯結果（如 node --test dist/test），不要在命令中重新編譯',
        'コマンドはコンパイル後のプロジェクトで実行されます（TypeScript ソースは削除済み）。ビルド結果をテストし（例：node --test dist/test）、コマンド内で再ビルドしないでください',
      ),
      title: L('验证用测试命令（如 npm test；在隔离的子进程中于原始与加固后的项目上各运行一次）', 'Test command for verification (e.g. npm test; run once on the original and once on the protected project in an isolated child process)', '驗證用測試命令（如 npm test；在隔離的子行程中於原始與加固後的專案上各執行一次）', '検証用テストコマンド（例：npm test。隔離された子プロセスで元と保護後のプロジェクトでそれぞれ 1 回実行）'),
    },
    { key: 'testTimeoutSeconds', kind: 'number', group: 'verify', default: 120, min: 5, max: 900, title: L('测试命令时间限制（秒）', 'Test command time limit (seconds)', '測試命令時間限制（秒）', 'テストコマンドの制限時間（秒）') },
    {
      key: 'binArgs',
      kind: 'string',
      group: 'verify',
      default: '--help',
      maxLength: 100,
      pattern: '^[\\w =.,:/@+-]*$',
      title: L('验证命令行入口（bin）时传入的参数', 'Arguments given to command-line entries (bin) when verifying them', '驗證命令列入口（bin）時傳入的參數', 'コマンドラインのエントリ（bin）の検証時に渡す引数'),
    },
  ],
};

export const SOURCE_DEFAULTS: DefaultStrategy[] = [
  {
    id: 'source.light',
    name: L('源码轻度', 'Source light', '原始碼輕度', 'ソース ライト'),
    description: L('顶层与局部重命名、字符串数组，体积与速度开销最小', 'Top-level and local renaming and a string array; the smallest size and speed cost', '頂層與區域重新命名、字串陣列，體積與速度開銷最小', 'トップレベルとローカルの名前変更と文字列配列。サイズと速度のコストが最小'),
    values: { stringArrayThreshold: 0.5 },
  },
  {
    id: 'source.balanced',
    name: L('源码均衡', 'Source balanced', '原始碼均衡', 'ソース バランス'),
    description: L(
      'Base64 字符串、部分控制流平坦化与垃圾代码、数字转表达式、自我防御',
      'Base64 strings, partial control-flow flattening and dead code, numbers to expressions, self-defending',
      'Base64 字串、部分控制流平坦化與無用程式碼、數字轉運算式、自我防禦',
      'Base64 文字列、部分的な制御フロー平坦化とデッドコード、数値の式変換、自己防御',
    ),
    values: { stringArrayEncoding: 'base64', controlFlowFlattening: 0.5, deadCodeInjection: 0.2, numbersToExpressions: true, selfDefending: true },
  },
  {
    id: 'source.strong',
    name: L('源码高强度', 'Source strong', '原始碼高強度', 'ソース ストロング'),
    description: L(
      'RC4 字符串、全部字符串提取并拆分、高比例控制流平坦化与垃圾代码、自我防御；体积与速度开销最大',
      'RC4 strings, every string moved and split, heavy control-flow flattening and dead code, self-defending; the largest size and speed cost',
      'RC4 字串、全部字串擷取並拆分、高比例控制流平坦化與無用程式碼、自我防禦；體積與速度開銷最大',
      'RC4 文字列、全文字列の移動と分割、高比率の制御フロー平坦化とデッドコード、自己防御。サイズと速度のコストが最大',
    ),
    values: { stringArrayEncoding: 'rc4', stringArrayThreshold: 1, splitStrings: true, controlFlowFlattening: 0.75, deadCodeInjection: 0.4, numbersToExpressions: true, selfDefending: true },
  },
];
