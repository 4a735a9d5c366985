/**
 * The code rules over call facts (decoded Ark bytecode, formats/abc/code):
 * a rule names the API by the end of its callee path ("createCipher",
 * "hilog.info") and judges the constant arguments of each call. Where a call
 * is seen, its arguments decide — fileAccess(false) is no finding, a cipher
 * spec that flows into createCipher is one — which is what removes the false
 * positives of the string-level rules (a string that merely exists in the
 * file). A rule whose API is never seen in a decoded file falls back to the
 * string rule of the same key, as a finding to review (see code-checks.ts).
 */
import type { AbcCall, AbcValue } from '../../formats/index.ts';
import { type CodeUnit, importsAny } from './code-units.ts';
import { SENSITIVE_LOG, SENSITIVE_NAME } from './string-rules.ts';

export interface Judgement {
  result: 'fail' | 'problem';
  detail: string;
}

export interface CallRule {
  key: string;
  /** Tested against the callee path ("cryptoFramework.createCipher"). */
  callee: RegExp;
  /** Tested against the module the callee's root was imported from, when the rule needs it. */
  module?: RegExp;
  /** The file must satisfy this too (e.g. import Preferences: a store kept in a field has lost its module). */
  inUnit?: (unit: CodeUnit) => boolean;
  /** A finding, 'safe' (constant arguments that are fine), or undefined when the arguments are not constants. */
  judge(call: AbcCall): Judgement | 'safe' | undefined;
}

/** A property read that is a finding by itself (crypto-js CryptoJS.mode.ECB). */
export interface LoadRule {
  key: string;
  path: RegExp;
  judgement: Judgement;
}

const str = (v: AbcValue | undefined): string | undefined => (v?.kind === 'string' ? v.value : undefined);
/**
 * Judges a constant string argument; undefined when it is not a constant. A
 * concatenation with unknown parts can show a finding but never clear one.
 */
const arg = (v: AbcValue | undefined, re: RegExp, result: Judgement['result'], detail: string): Judgement | 'safe' | undefined => {
  const s = str(v);
  if (s === undefined) return undefined;
  if (re.test(s)) return { result, detail };
  return v?.kind === 'string' && v.partial ? undefined : 'safe';
};
const ECB_SPEC = /^(?:AES|SM4|3DES|DES)\d*\|ECB(?:\||$)/i;
const DES_SPEC = /^(?:3DES|DES)\d*(?:\||$)/;
const WEAK_MD = /^(?:MD5|SHA1)$/i;
const WEAK_SIGN_SPEC = /\|(?:MD5|SHA1)(?:\||$)/;
const PREFERENCES_MODULES = ['data.preferences', 'data.sendablePreferences', '@kit.ArkData'];
const member = (...names: string[]) => new RegExp(`(?:^|\\.)(?:${names.join('|')})$`);

export const CALL_RULES: readonly CallRule[] = [
  // crypto framework (@ohos.security.cryptoFramework, Crypto Architecture Kit)
  { key: 'crypto.ecb_mode', callee: member('createCipher'), judge: (c) => arg(c.args[0], ECB_SPEC, 'fail', 'cipher created in ECB mode') },
  { key: 'crypto.weak_cipher', callee: member('createCipher', 'createSymKeyGenerator'), judge: (c) => arg(c.args[0], DES_SPEC, 'fail', 'DES/3DES cipher or key generator') },
  { key: 'crypto.weak_hash', callee: member('createMd', 'createMac'), judge: (c) => arg(c.args[0], WEAK_MD, 'fail', 'MD5/SHA-1 digest or MAC') },
  { key: 'crypto.weak_hash', callee: member('createSign', 'createVerify'), judge: (c) => arg(c.args[0], WEAK_SIGN_SPEC, 'fail', 'signature with an MD5/SHA-1 digest') },
  // crypto-js (ohpm)
  { key: 'crypto.weak_cipher', callee: /(?:^|\.)(?:DES|TripleDES|RC4|RC4Drop|Rabbit)\.(?:encrypt|decrypt)$/, module: /crypto-js/i, judge: () => ({ result: 'fail', detail: 'crypto-js weak cipher' }) },
  { key: 'crypto.weak_hash', callee: member('MD5', 'SHA1', 'HmacMD5', 'HmacSHA1'), module: /crypto-js/i, judge: () => ({ result: 'fail', detail: 'crypto-js MD5/SHA-1' }) },
  // ArkWeb: attribute methods of the Web component and WebviewController
  { key: 'webview.javascript_proxy', callee: member('javaScriptProxy', 'registerJavaScriptProxy'), judge: () => ({ result: 'fail', detail: 'app object exposed to web content' }) },
  { key: 'webview.file_access', callee: member('fileAccess', 'fileFromUrlAccess'), judge: (c) => boolSwitch(c, 'file access from web content switched on', 'Web file access set from a variable') },
  { key: 'webview.mixed_content', callee: member('mixedMode'), judge: (c) => mixedMode(c.args[0]) },
  { key: 'webview.debugging_access', callee: member('setWebDebuggingAccess'), judge: (c) => (c.args[0]?.kind === 'bool' && !c.args[0].value ? 'safe' : { result: 'fail', detail: c.args[0]?.kind === 'bool' ? 'web debugging switched on' : 'web debugging switched from a variable (normally true)' }) },
  // logging and storage
  { key: 'logging.hilog_sensitive', callee: member('debug', 'info', 'warn', 'error', 'fatal'), module: /hilog|PerformanceAnalysisKit/, judge: (c) => arg(c.args[2], SENSITIVE_LOG, 'fail', 'hilog format string prints a sensitive field in clear') },
  { key: 'logging.hilog_sensitive', callee: /^console\.(?:log|info|debug|warn|error)$/, judge: (c) => consoleOutput(c) },
  { key: 'storage.preferences_sensitive', callee: member('put', 'putSync'), inUnit: (u) => importsAny(u, PREFERENCES_MODULES), judge: (c) => arg(c.args[0], SENSITIVE_NAME, 'problem', 'sensitive key stored in Preferences') },
];

export const LOAD_RULES: readonly LoadRule[] = [{ key: 'crypto.ecb_mode', path: /(?:^|\.)mode\.ECB$/, judgement: { result: 'fail', detail: 'crypto-js mode.ECB' } }];

/** Keys the call rules decide for decoded files. */
export const CALL_RULE_KEYS: ReadonlySet<string> = new Set([...CALL_RULES.map((r) => r.key), ...LOAD_RULES.map((r) => r.key)]);

function boolSwitch(c: AbcCall, on: string, variable: string): Judgement | 'safe' {
  const a = c.args[0];
  if (a?.kind === 'bool') return a.value ? { result: 'fail', detail: on } : 'safe';
  return { result: 'problem', detail: variable };
}

function mixedMode(a: AbcValue | undefined): Judgement | 'safe' {
  const path = a?.kind === 'ref' ? a.path : '';
  if (/MixedMode\.(?:All|Compatible)$/.test(path)) return { result: 'fail', detail: `mixed content allowed (${path.replace(/^.*?(MixedMode)/, '$1')})` };
  if (/MixedMode\.None$/.test(path)) return 'safe';
  return { result: 'problem', detail: 'mixedMode set from a variable' };
}

function consoleOutput(c: AbcCall): Judgement | 'safe' | undefined {
  const strings = c.args.map(str).filter((s): s is string => s !== undefined);
  if (strings.some((s) => SENSITIVE_LOG.test(s))) return { result: 'fail', detail: 'console output of a sensitive field' };
  return c.args.some((a) => a?.kind === 'string' && !a.partial) ? 'safe' : undefined;
}

/** A call as evidence: "cryptoFramework.createCipher('AES128|ECB|PKCS7')". */
export function renderCall(c: AbcCall): string {
  const arg = (v: AbcValue | undefined): string => {
    if (!v) return '…';
    switch (v.kind) {
      case 'string':
        return `'${v.value.length > 80 ? `${v.value.slice(0, 80)}…` : v.value}'`;
      case 'bool':
      case 'number':
        return String(v.value);
      case 'ref':
        return v.path;
      case 'result':
        return `${v.path}()`;
      default:
        return v.name;
    }
  };
  return `${c.construct ? 'new ' : ''}${c.callee}(${c.args.slice(0, 6).map(arg).join(', ')}${c.args.length > 6 ? ', …' : ''})`.slice(0, 300);
}
