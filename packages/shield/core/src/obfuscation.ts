/**
 * What the JavaScript hardening types (h5, source) share about
 * javascript-obfuscator: the strategy options that map one-to-one onto its
 * documented options (its README, "Options"), the common part of the option
 * object built from a strategy, and the preparation of a script for it (expiry
 * guard, the strictness of ES modules made explicit). The obfuscator itself is
 * called by each type, which adds its own target-specific options.
 */
import { parse } from 'acorn';
import type { StrategyOption, StrategyValues } from './types.ts';

const L = (zh: string, en: string, tw: string, ja: string) => ({ 'zh-CN': zh, en, 'zh-TW': tw, ja });

/** Option groups both types use (each adds its own after these). */
export const OBFUSCATION_GROUPS = [
  { key: 'rename', title: L('标识符混淆', 'Identifier renaming', '識別符混淆', '識別子の難読化') },
  { key: 'strings', title: L('字符串保护', 'String protection', '字串保護', '文字列の保護') },
  { key: 'flow', title: L('控制流保护', 'Control-flow protection', '控制流保護', '制御フローの保護') },
  { key: 'runtime', title: L('运行时防护', 'Run-time defence', '執行時防護', '実行時防御') },
];

/** String, control-flow and self-defending options, identical for browser and Node code. */
export const OBFUSCATION_OPTIONS: StrategyOption[] = [
  { key: 'stringArray', kind: 'boolean', group: 'strings', default: true, title: L('字符串数组提取', 'String array', '字串陣列擷取', '文字列配列') },
  {
    key: 'stringArrayEncoding',
    kind: 'enum',
    group: 'strings',
    default: 'none',
    title: L('字符串编码', 'String encoding', '字串編碼', '文字列エンコード'),
    choices: [
      { value: 'none', title: L('不编码', 'None', '不編碼', 'なし') },
      { value: 'base64', title: L('Base64', 'Base64', 'Base64', 'Base64') },
      { value: 'rc4', title: L('RC4', 'RC4', 'RC4', 'RC4') },
    ],
  },
  { key: 'stringArrayRotate', kind: 'boolean', group: 'strings', default: true, title: L('字符串数组轮转与打乱', 'Rotate and shuffle the string array', '字串陣列輪轉與打亂', '文字列配列の回転とシャッフル') },
  { key: 'stringArrayThreshold', kind: 'number', group: 'strings', default: 0.75, min: 0, max: 1, title: L('字符串提取比例', 'Share of strings moved to the array', '字串擷取比例', '配列へ移す文字列の割合') },
  { key: 'splitStrings', kind: 'boolean', group: 'strings', default: false, title: L('字符串拆分', 'Split strings', '字串拆分', '文字列の分割') },
  { key: 'controlFlowFlattening', kind: 'number', group: 'flow', default: 0, min: 0, max: 1, title: L('控制流平坦化比例（0 为关闭）', 'Control-flow flattening share (0 = off)', '控制流平坦化比例（0 為關閉）', '制御フロー平坦化の割合（0 で無効）') },
  { key: 'deadCodeInjection', kind: 'number', group: 'flow', default: 0, min: 0, max: 1, title: L('垃圾代码注入比例（0 为关闭）', 'Dead-code injection share (0 = off)', '無用程式碼注入比例（0 為關閉）', 'デッドコード挿入の割合（0 で無効）') },
  { key: 'numbersToExpressions', kind: 'boolean', group: 'flow', default: false, title: L('数字转表达式', 'Numbers to expressions', '數字轉運算式', '数値を式に変換') },
  { key: 'selfDefending', kind: 'boolean', group: 'runtime', default: false, title: L('自我防御（格式化后停止运行）', 'Self-defending (stops when reformatted)', '自我防禦（格式化後停止執行）', '自己防御（整形されると停止）') },
];

export const expiryOption = (group: string): StrategyOption => ({
  key: 'expiresAt',
  kind: 'string',
  group,
  default: '',
  maxLength: 10,
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  title: L('到期日期（YYYY-MM-DD，之后代码停止运行）', 'Expiry date (YYYY-MM-DD; the code stops after it)', '到期日期（YYYY-MM-DD，之後程式碼停止執行）', '有効期限（YYYY-MM-DD、以降コードは停止）'),
});

export const excludeOption = (group: string): StrategyOption => ({
  key: 'exclude',
  kind: 'list',
  group,
  default: [],
  maxItems: 50,
  maxLength: 200,
  pattern: '^[^\\\\\\x00-\\x1f]+$',
  title: L('不处理的脚本（路径前缀或 *.min.js 形式，每行一个）', 'Scripts left alone (path prefix or *.min.js pattern, one a line)', '不處理的指令碼（路徑前綴或 *.min.js 形式，每行一個）', '処理しないスクリプト（パス接頭辞または *.min.js 形式、1 行に 1 つ）'),
});

/** Whether a package path matches the `exclude` option: "lib/" (a prefix), "*.min.js" (a suffix) or an exact path. */
export function isExcluded(p: string, patterns: string[]): boolean {
  return patterns.some((raw) => {
    const pat = raw.trim().replace(/^\.?\/+/, '');
    if (!pat) return false;
    if (pat.startsWith('*')) return p.endsWith(pat.slice(1));
    return p === pat || p.startsWith(pat.endsWith('/') ? pat : `${pat}/`);
  });
}

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/**
 * The javascript-obfuscator options both targets build the same way from a
 * strategy (a plain object: this package does not depend on the obfuscator).
 * Never a source map; `transformObjectKeys` stays off (it reorders object
 * literal evaluation); no unicode escapes (size only).
 */
export function commonObfuscatorOptions(s: StrategyValues, seed: number): Record<string, unknown> {
  const cff = num(s.controlFlowFlattening);
  const dead = num(s.deadCodeInjection);
  const enc = s.stringArrayEncoding === 'base64' || s.stringArrayEncoding === 'rc4' ? [s.stringArrayEncoding] : [];
  return {
    compact: true,
    seed,
    sourceMap: false,
    simplify: true,
    identifierNamesGenerator: 'hexadecimal',
    stringArray: Boolean(s.stringArray),
    stringArrayEncoding: enc,
    stringArrayRotate: Boolean(s.stringArrayRotate),
    stringArrayShuffle: Boolean(s.stringArrayRotate),
    stringArrayThreshold: num(s.stringArrayThreshold),
    stringArrayWrappersCount: s.stringArrayEncoding === 'rc4' ? 2 : 1,
    splitStrings: Boolean(s.splitStrings),
    splitStringsChunkLength: 8,
    controlFlowFlattening: cff > 0,
    controlFlowFlatteningThreshold: cff,
    deadCodeInjection: dead > 0,
    deadCodeInjectionThreshold: dead,
    numbersToExpressions: Boolean(s.numbersToExpressions),
    selfDefending: Boolean(s.selfDefending),
    transformObjectKeys: false,
    unicodeEscapeSequence: false,
  };
}

const HASHBANG = /^#![^\n]*\n?/;
export const STRICT_PROLOGUE = /^\s*(['"])use strict\1;?/;

export interface PreparedScript {
  /** a hashbang line, restored first after obfuscation ('' when none) */
  hashbang: string;
  /** what the obfuscator is given */
  source: string;
  /** the original began with a "use strict" prologue (restore it first if the obfuscator moved it) */
  strict: boolean;
}

/**
 * The script as the obfuscator should see it:
 *  - an ES module gets an explicit "use strict" prologue. A module is strict
 *    by definition, so the directive changes nothing at run time, but
 *    javascript-obfuscator (5.8.0, the newest release) analyses scopes with
 *    eslint-scope as a *script* first, sees module code as sloppy and applies
 *    the sloppy-mode Annex B.3.3 hoisting of block-level function declarations
 *    to it: a `function e(){}` inside an `else {}` then captures every `e` of
 *    the enclosing function, and a use of an outer `let e` is renamed to the
 *    block function's new name, undeclared where it is used (found on
 *    @ant-design/cssinjs in a Vite production build; regression test in
 *    shield-h5). With the prologue its analysis knows every scope is strict
 *    and keeps block functions block-scoped, as the engine does.
 *  - the expiry guard (when given) runs before the script's own code, after
 *    any prologue so that the directive keeps its effect.
 */
export function prepareScript(code: string, module: boolean, guard = ''): PreparedScript {
  const hashbang = HASHBANG.exec(code)?.[0] ?? '';
  const body = code.slice(hashbang.length);
  const prologue = STRICT_PROLOGUE.exec(body);
  let source: string;
  if (prologue) source = body.slice(0, prologue[0].length) + guard + body.slice(prologue[0].length);
  else if (module) source = `'use strict';${guard}${body}`;
  else source = guard + body;
  return { hashbang: hashbang && !hashbang.endsWith('\n') ? `${hashbang}\n` : hashbang, source, strict: Boolean(prologue) };
}

/** The obfuscator's output with the hashbang first again and a moved "use strict" prologue restored in front. */
export function finishScript(p: PreparedScript, out: string): string {
  // the string-array prelude may land before the prologue, which would turn a classic script sloppy
  const fixed = p.strict && !STRICT_PROLOGUE.test(out) ? `'use strict';${out}` : out;
  return p.hashbang + fixed;
}

/**
 * Whether a script of unknown kind is an ES module: it has import/export
 * declarations, so it parses only as a module (Node's own syntax detection
 * for an ambiguous .js file, and how a chunk imported by another module is
 * recognised). A word-level guess is not enough: a module gets an explicit
 * "use strict" (prepareScript), which would change a sloppy classic script.
 */
export function parsesOnlyAsModule(code: string): boolean {
  if (!/\b(?:import|export)\b/.test(code)) return false;
  const opts = { ecmaVersion: 'latest', allowHashBang: true } as const;
  try {
    parse(code, { ...opts, sourceType: 'script' });
    return false;
  } catch {
    try {
      parse(code, { ...opts, sourceType: 'module' });
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Whether a script replaces Function.prototype.toString (zone.js, in every
 * Angular app; core-js). javascript-obfuscator's self-defending check of an
 * encoded string array (base64/RC4) calls `fn.toString()` on the first decode
 * of each string; when toString itself is obfuscated code that decodes a
 * string first, the two call each other until the stack overflows
 * ("Maximum call stack size exceeded" at load; javascript-obfuscator issue
 * #1210, open). Such a script is protected without self-defending. A match in
 * a comment or string only costs that script its self-defending.
 */
export function replacesFunctionToString(code: string): boolean {
  return /\bFunction\.prototype(?:\.toString|\[\s*['"`]toString['"`]\s*\])\s*=(?!=)/.test(code) || /defineProperty\(\s*Function\.prototype\s*,\s*['"`]toString['"`]/.test(code);
}

/** The strategy for one script: self-defending dropped where it would recurse (see replacesFunctionToString). */
export function valuesForScript(s: StrategyValues, code: string): { values: StrategyValues; selfDefendingDropped: boolean } {
  const encoded = Boolean(s.stringArray) && (s.stringArrayEncoding === 'base64' || s.stringArrayEncoding === 'rc4');
  if (s.selfDefending && encoded && replacesFunctionToString(code)) return { values: { ...s, selfDefending: false }, selfDefendingDropped: true };
  return { values: s, selfDefendingDropped: false };
}

/** The applied-protection detail of self-defending: where it was left out and why. */
export function selfDefendingDetail(dropped: string[]): string | undefined {
  if (!dropped.length) return undefined;
  return `not in ${dropped.slice(0, 5).join(', ')}${dropped.length > 5 ? ` and ${dropped.length - 5} more` : ''}: they replace Function.prototype.toString, which its check calls (javascript-obfuscator #1210)`;
}
