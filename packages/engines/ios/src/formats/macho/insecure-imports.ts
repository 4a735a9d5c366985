/**
 * Imported symbols worth reporting, as data with a reason each. Names are as
 * they appear in the symbol table (C symbols carry a leading underscore).
 * Imports only show that a function is linked, not how it is called: weak
 * CommonCrypto use (CCCrypt with kCCAlgorithmDES/3DES/RC4 or kCCOptionECBMode)
 * cannot be seen from imports alone, so CCCrypt is recorded for review.
 */

export type ImportCategory =
  | 'unsafe-memory'
  | 'weak-hash'
  | 'crypto-review'
  | 'weak-random'
  | 'logging'
  | 'anti-debug'
  | 'deprecated-webview'
  | 'weak-keychain';

/** weakness: a finding when present; protection: a good sign when present; review: needs a human look. */
export type ImportPolarity = 'weakness' | 'protection' | 'review';

export interface InsecureImportRule {
  category: ImportCategory;
  polarity: ImportPolarity;
  symbols: readonly string[];
  reason: string;
}

export const INSECURE_IMPORT_RULES: readonly InsecureImportRule[] = [
  { category: 'unsafe-memory', polarity: 'weakness', symbols: ['_gets'], reason: 'gets cannot bound its input and always allows a buffer overflow' },
  { category: 'unsafe-memory', polarity: 'weakness', symbols: ['_strcpy', '_strcat', '_wcscpy', '_wcscat', '_stpcpy'], reason: 'copies without a destination size; overflows when the source is longer than the buffer' },
  { category: 'unsafe-memory', polarity: 'weakness', symbols: ['_sprintf', '_vsprintf', '_swprintf', '_vswprintf'], reason: 'formats into a buffer of unknown size; use snprintf' },
  { category: 'unsafe-memory', polarity: 'review', symbols: ['_strncpy', '_strncat', '_wcsncpy', '_wcsncat'], reason: 'bounded but easy to misuse (no terminator guarantee, off-by-one lengths)' },
  { category: 'unsafe-memory', polarity: 'review', symbols: ['_memcpy', '_wmemcpy'], reason: 'no bounds check of its own; overflows when the length is attacker-controlled' },
  { category: 'unsafe-memory', polarity: 'review', symbols: ['_scanf', '_sscanf', '_fscanf', '_vscanf', '_vsscanf'], reason: '%s without a width writes past the buffer' },
  { category: 'unsafe-memory', polarity: 'review', symbols: ['_alloca'], reason: 'unbounded stack allocation can smash the stack' },
  { category: 'unsafe-memory', polarity: 'review', symbols: ['_strtok'], reason: 'not thread-safe; keeps hidden state between calls' },
  { category: 'unsafe-memory', polarity: 'weakness', symbols: ['_mktemp', '_tmpnam', '_tempnam'], reason: 'predictable temporary file names (race between name and open)' },
  { category: 'weak-hash', polarity: 'weakness', symbols: ['_CC_MD5', '_CC_MD5_Init', '_CC_MD5_Update', '_CC_MD5_Final', '_CC_MD4', '_CC_MD2'], reason: 'MD5/MD4/MD2 are broken for collision resistance' },
  { category: 'weak-hash', polarity: 'weakness', symbols: ['_CC_SHA1', '_CC_SHA1_Init', '_CC_SHA1_Update', '_CC_SHA1_Final'], reason: 'SHA-1 is broken for collision resistance' },
  { category: 'crypto-review', polarity: 'review', symbols: ['_CCCrypt', '_CCCryptorCreate', '_CCCryptorCreateWithMode', '_CCCryptorCreateFromData'], reason: 'CommonCrypto cipher use: algorithm (DES, 3DES, RC4) and ECB mode are arguments, not visible from imports' },
  { category: 'weak-random', polarity: 'weakness', symbols: ['_rand', '_srand', '_random', '_srandom', '_drand48', '_srand48', '_lrand48', '_mrand48'], reason: 'predictable pseudo-random generator; use SecRandomCopyBytes or arc4random' },
  { category: 'logging', polarity: 'weakness', symbols: ['_NSLog', '_NSLogv'], reason: 'NSLog writes to the system log, readable by other tools on the device' },
  { category: 'anti-debug', polarity: 'protection', symbols: ['_ptrace'], reason: 'ptrace(PT_DENY_ATTACH) is the usual anti-debugging measure' },
  { category: 'anti-debug', polarity: 'protection', symbols: ['_sysctl'], reason: 'sysctl(KERN_PROC) is commonly used to detect a debugger (P_TRACED); also has ordinary uses' },
  { category: 'anti-debug', polarity: 'review', symbols: ['_syscall'], reason: 'raw syscalls are used to hide ptrace/anti-debug calls from import scanning' },
  { category: 'deprecated-webview', polarity: 'weakness', symbols: ['_OBJC_CLASS_$_UIWebView'], reason: 'UIWebView is deprecated and lacks WKWebView process isolation and controls' },
  { category: 'weak-keychain', polarity: 'weakness', symbols: ['_kSecAttrAccessibleAlways', '_kSecAttrAccessibleAlwaysThisDeviceOnly'], reason: 'keychain items readable while the device is locked (deprecated accessibility)' },
  { category: 'weak-keychain', polarity: 'review', symbols: ['_kSecAttrAccessibleAfterFirstUnlock'], reason: 'keychain items readable while locked after the first unlock since boot' },
];

/** Imports that show Automatic Reference Counting (compiler-emitted runtime calls). */
export const ARC_IMPORTS: readonly string[] = [
  '_objc_release', '_objc_autorelease', '_objc_storeStrong', '_objc_retainAutoreleasedReturnValue',
  '_objc_autoreleaseReturnValue', '_swift_release', '_swift_retain',
];

/** Imports that show stack-smashing protection (-fstack-protector). */
export const STACK_CANARY_IMPORTS: readonly string[] = ['___stack_chk_fail', '___stack_chk_guard'];

export interface InsecureImportHit {
  symbol: string;
  category: ImportCategory;
  polarity: ImportPolarity;
  reason: string;
}

const RULE_BY_SYMBOL: ReadonlyMap<string, InsecureImportRule> = new Map(
  INSECURE_IMPORT_RULES.flatMap((rule) => rule.symbols.map((s) => [s, rule] as const)),
);

/** The rules matched by a list of imported symbol names, one hit per symbol. */
export function matchInsecureImports(imports: readonly string[]): InsecureImportHit[] {
  const hits: InsecureImportHit[] = [];
  for (const symbol of imports) {
    const rule = RULE_BY_SYMBOL.get(symbol);
    if (rule) hits.push({ symbol, category: rule.category, polarity: rule.polarity, reason: rule.reason });
  }
  return hits;
}
