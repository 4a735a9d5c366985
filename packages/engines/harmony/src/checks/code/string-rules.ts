/**
 * The string-level code rules as data. Ark bytecode keeps every constant
 * string (algorithm specs such as "AES128|ECB|PKCS7", attribute and method
 * names such as "javaScriptProxy", log format strings) in one table per
 * file, and its module records list what each file imports; a rule matches a
 * string of a unit, optionally only in units that import a given module or
 * hold another string too. Argument values (true/false) live in the
 * instructions: for files whose code decoded, the call rules (call-rules.ts)
 * judge them and these rules only cover what no call decided; for the
 * others these rules are all there is, and their details say what they
 * cannot see.
 */
import type { CodeUnit } from './code-units.ts';

export interface StringRule {
  key: string;
  pattern: RegExp;
  /** The unit must satisfy this (an import, another string). */
  when?: (unit: CodeUnit) => boolean;
  result: 'fail' | 'problem';
  detail: string;
}

const hasString = (re: RegExp) => (u: CodeUnit) => u.strings.some((s) => re.test(s));
const imports = (...mods: string[]) => (u: CodeUnit) => mods.some((m) => u.imports.has(m));
const usesRequest = (fragment: string) => (u: CodeUnit) => u.requests.some((r) => r.includes(fragment));
const either = (...preds: ((u: CodeUnit) => boolean)[]) => (u: CodeUnit) => preds.some((p) => p(u));
const both = (...preds: ((u: CodeUnit) => boolean)[]) => (u: CodeUnit) => preds.every((p) => p(u));

/** The crypto framework (@ohos.security.cryptoFramework, Crypto Architecture Kit) or the crypto-js ohpm package. */
export const usesCrypto = either(imports('security.cryptoFramework', '@kit.CryptoArchitectureKit'), usesRequest('crypto-js'));
const usesCryptoJs = usesRequest('crypto-js');

/** A sensitive field name as a key or label: password, token, secret … */
export const SENSITIVE_NAME = /^[A-Za-z_]{0,24}(?:password|passwd|pwd|token|secret|credential|private_?key|id_?card|bank_?card|credit_?card)[A-Za-z_]{0,24}$/i;
/** A sensitive field name followed by a value printed in clear: %{public}, a value spliced in (${…}, see the ABC interpreter) or a trailing ": ". */
export const SENSITIVE_LOG = /(?:password|passwd|pwd|token|secret|credential|phone|mobile|id_?card|credit_?card|密码|口令|手机号|身份证)[^%\n]{0,24}(?:%\{public\}[a-z]?|\$\{…\}|[:=]\s*(?:%[sdif])?\s*$)/i;
/** 12- or 16-character constants (the sizes of GCM and CBC IVs) with a digit, or one repeated character; "|" would make it an algorithm spec. */
const IV_LIKE = /^(?=[^|]*\d)[\x21-\x7b\x7d\x7e]{16}$|^(?=[^|]*\d)[\x21-\x7b\x7d\x7e]{12}$|^([\x21-\x7b\x7d\x7e])\1{11}(?:\1{4})?$/;

export const STRING_RULES: readonly StringRule[] = [
  // crypto framework algorithm specs ("<alg><bits>|<mode>|<padding>") need no import check
  { key: 'crypto.ecb_mode', pattern: /^(?:AES|SM4|3DES|DES)\d*\|ECB(?:\||$)/i, result: 'fail', detail: 'cipher spec in ECB mode' },
  { key: 'crypto.ecb_mode', pattern: /^ECB$/, when: usesCryptoJs, result: 'fail', detail: 'crypto-js mode.ECB' },
  { key: 'crypto.weak_cipher', pattern: /^(?:3DES|DES)\d*(?:\||$)/, result: 'fail', detail: 'DES/3DES cipher or key generator spec' },
  { key: 'crypto.weak_cipher', pattern: /^(?:DES|TripleDES|RC4|RC4Drop|Rabbit)$/, when: usesCryptoJs, result: 'fail', detail: 'crypto-js weak cipher' },
  { key: 'crypto.weak_hash', pattern: /^(?:MD5|SHA1)$/, when: usesCrypto, result: 'fail', detail: 'MD5/SHA-1 digest or MAC in code that uses a crypto library' },
  { key: 'crypto.weak_hash', pattern: /^(?:RSA|ECC|DSA|SM2)\d*\|.*\|(?:MD5|SHA1)(?:\||$)/, result: 'fail', detail: 'signature spec with an MD5/SHA-1 digest' },
  { key: 'crypto.static_iv', pattern: IV_LIKE, when: either(hasString(/^(?:IvParamsSpec|GcmParamsSpec|CcmParamsSpec)$/), both(usesCryptoJs, hasString(/^iv$/))), result: 'problem', detail: 'constant of IV length in code that builds IV parameters' },
  // ArkWeb
  { key: 'webview.javascript_proxy', pattern: /^(?:javaScriptProxy|registerJavaScriptProxy)$/, result: 'fail', detail: 'app object exposed to web content' },
  { key: 'webview.file_access', pattern: /^(?:fileAccess|fileFromUrlAccess)$/, result: 'problem', detail: 'Web attribute set (its value is in the bytecode, not evaluated)' },
  { key: 'webview.mixed_content', pattern: /^mixedMode$/, when: hasString(/^(?:All|Compatible)$/), result: 'fail', detail: 'mixedMode set and MixedMode.All/Compatible referenced' },
  { key: 'webview.debugging_access', pattern: /^setWebDebuggingAccess$/, result: 'fail', detail: 'web debugging switched (value not evaluated; normally true)' },
  // storage and logging
  { key: 'storage.preferences_sensitive', pattern: SENSITIVE_NAME, when: imports('data.preferences', 'data.sendablePreferences', '@kit.ArkData'), result: 'problem', detail: 'sensitive key name in code that uses Preferences' },
  { key: 'logging.hilog_sensitive', pattern: SENSITIVE_LOG, when: either(imports('hilog', '@kit.PerformanceAnalysisKit'), hasString(/^console$/)), result: 'fail', detail: 'log format string with a sensitive field printed in clear' },
];

/** Modules whose stores are unencrypted unless "encrypt" is set. */
export const DATABASE_MODULES = ['data.relationalStore', 'data.distributedKVStore', 'data.rdb', 'data.distributedData'] as const;
