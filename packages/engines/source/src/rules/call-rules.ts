/**
 * Rules decided at one call from the values the interpreter computed for its
 * arguments (constants are propagated, so `String alg = "DES"; Cipher.getInstance(alg)`
 * is caught): weak ciphers and hashes, static keys and IVs, insecure random,
 * insecure cookies, sensitive data in logs, dangerous C functions, risky
 * WebView settings, XML parsers open to external entities.
 */
import type { ArgView } from '../taint/arg-view.ts';
import type { CallSite, LangGroup } from '../taint/syntax-profile.ts';
import type { Value } from '../taint/value.ts';
import { CSHARP_CALL_RULES } from './csharp-rules.ts';

export interface CallRuleInput extends ArgView {
  call: CallSite;
  args: readonly Value[];
  recv: Value | undefined;
  recvType: string | undefined;
  /** Source text of each argument. */
  argText: readonly string[];
  recvText: string;
  /** The whole file (for file-wide facts such as an import of math/rand). */
  fileText: string;
}

export interface CallRule {
  /** Rule key without the "source." prefix. */
  key: string;
  langs: readonly LangGroup[];
  names: readonly string[];
  test: (c: CallRuleInput) => boolean;
}

const str = (v: Value | undefined): string | undefined => (typeof v?.konst === 'string' ? v.konst : undefined);
const WEAK_CIPHER = /^(DES|DESede|TripleDES|3DES|RC2|RC4|ARCFOUR|Blowfish)(\/|$)|\/ECB\/|^AES$/i;
const WEAK_CIPHER_NODE = /^(des|des-ede|des-ede3|des3|rc2|rc4|bf|blowfish)(-|$)|-ecb$/i;
const WEAK_HASH = /^(MD2|MD4|MD5|SHA-?1|SHA)$/i;
const SENSITIVE_NAME = /passw(or)?d|\bpwd\b|passwd|secret|token|api_?key|apikey|credit_?card|card_?number|\bcvv\b|\bssn\b|private_?key/i;
const LITERAL_BYTES = /^("[^"]*"|'[^']*')\.(getBytes|encode)\(|^new\s+byte\s*\[\s*\]\s*\{|^\{[\d\s,x-]+\}$|^b?["'][^"']{4,}["']$|^\[[\d\s,x]+\]$/;

/** Position of the format argument of the printf family. */
const FORMAT_ARG: Readonly<Record<string, number>> = {
  printf: 0, wprintf: 0, vprintf: 0, vwprintf: 0, NSLog: 0, syslog: 1, vsyslog: 1,
  fprintf: 1, fwprintf: 1, vfprintf: 1, vfwprintf: 1, sprintf: 1, vsprintf: 1, dprintf: 1,
  snprintf: 2, _snprintf: 2, vsnprintf: 2, _vsnprintf: 2, swprintf: 2, _snwprintf: 2, vswprintf: 2, _vsnwprintf: 2,
};

const UNKNOWN_FLAG: Value = {};
/** An http.Cookie value that deletes the cookie: MaxAge < 0, or an empty value with an expiry (the usual logout idiom). */
const goCookieDeleted = (v: Value): boolean => {
  const maxAge = v.entries?.get('MaxAge')?.konst;
  return (typeof maxAge === 'number' && maxAge < 0) || (v.entries?.get('Value')?.konst === '' && v.entries.has('Expires'));
};
const GO_DELETED_COOKIE = /\bMaxAge\s*:\s*-\s*\d|\bExpires\s*:\s*time\.Unix\(\s*0\s*,\s*0\s*\)/;
/** A secure flag that is absent (null: the default, off) or a constant false; undefined = no options at all (also the default). */
function insecureFlag(v: Value | null | undefined): boolean {
  if (v === undefined || v === null) return true;
  return v.konst === false || v.konst === 0 || v.konst === 'false';
}

/** A Set-Cookie value known (a constant, or text with literal parts) to lack the Secure attribute; a cookie being deleted is not reported. */
function setCookieWithoutSecure(v: Value | undefined, text: string | undefined): boolean {
  const known = str(v);
  const t = known ?? (text && /["'`]/.test(text) ? text : undefined);
  if (t === undefined) return false;
  if (/;\s*secure\b/i.test(t) || /\bsecure\b/i.test(known === undefined ? t : '')) return false;
  return !/max-age\s*=\s*0\b|expires\s*=\s*thu,\s*01 jan 1970/i.test(t);
}

/** A constant string that is a real secret, not a placeholder or an empty default. */
const SECRET_PLACEHOLDER = /^(|\*+|x+|changeme|change_me|change-me|secret|password|your[_ -].*|<.*>|\$\{.*\}|%s|\{\{.*\}\}|null|none|undefined|todo|test|example|dummy|xxx+|\.+)$/i;
const constSecret = (v: Value | undefined): boolean => typeof v?.konst === 'string' && v.konst.length >= 4 && v.konst.length <= 300 && !SECRET_PLACEHOLDER.test(v.konst.trim());

/** set_cookie(name, '', expires=0) / max_age=0 removes the cookie: nothing is sent later, secure or not. */
function deletesCookie(c: CallRuleInput): boolean {
  const zero = (v: Value | undefined) => v?.konst === 0 || v?.konst === '0';
  return zero(c.kw('expires', 3)) || zero(c.kw('max_age', 2));
}

export const CALL_RULES: readonly CallRule[] = [
  // Hard-coded secrets used as secrets: a constant (a literal, or a variable holding one) given as the signing
  // key of a JWT, an HMAC, a session or cookie middleware. Source: the libraries' documented signatures
  // (PyJWT/jsonwebtoken encode|sign(payload, key), decode|verify(token, key); hmac.new(key, …);
  // crypto.createHmac(alg, key); express-session / cookie-session { secret }, cookie-parser(secret)).
  { key: 'secrets.hardcoded_password', langs: ['python', 'js'], names: ['encode', 'decode', 'sign', 'verify'], test: (c) => /^(jwt|jsonwebtoken|jose|JWT|jws)$/.test(c.recvText) && constSecret(c.kw('key', 1) ?? c.args[1]) },
  { key: 'secrets.hardcoded_password', langs: ['python'], names: ['new'], test: (c) => c.recvText === 'hmac' && constSecret(c.kw('key', 0)) },
  { key: 'secrets.hardcoded_password', langs: ['js'], names: ['createHmac'], test: (c) => constSecret(c.args[1]) },
  { key: 'secrets.hardcoded_password', langs: ['js'], names: ['session', 'expressSession', 'cookieSession', 'koaSession'], test: (c) => { const sec = c.args[0]?.entries?.get('secret') ?? c.args[0]?.entries?.get('secrets') ?? c.args[0]?.entries?.get('keys'); return (constSecret(sec) || !!sec?.items?.some(constSecret)) && !/\b(secret|secrets|keys)\s*:\s*\[?\s*['"`]/.test(c.argText[0] ?? ''); } },
  { key: 'secrets.hardcoded_password', langs: ['js'], names: ['cookieParser'], test: (c) => constSecret(c.args[0]) },
  // Weak ciphers and modes
  { key: 'crypto.weak_cipher', langs: ['java'], names: ['getInstance'], test: (c) => /Cipher/.test(c.recvText) && WEAK_CIPHER.test(str(c.args[0]) ?? '') },
  { key: 'crypto.weak_cipher', langs: ['java'], names: ['getInstance'], test: (c) => /KeyGenerator/.test(c.recvText) && /^(DES|DESede|RC2|RC4|Blowfish)$/i.test(str(c.args[0]) ?? '') },
  { key: 'crypto.weak_cipher', langs: ['js'], names: ['createCipheriv', 'createDecipheriv', 'createCipher', 'createDecipher'], test: (c) => c.call.name === 'createCipher' || c.call.name === 'createDecipher' || WEAK_CIPHER_NODE.test(str(c.args[0]) ?? '') },
  { key: 'crypto.weak_cipher', langs: ['python'], names: ['new'], test: (c) => /^(DES|DES3|ARC2|ARC4|Blowfish)$/.test(c.recvText) || c.argText.some((a) => /MODE_ECB/.test(a)) },
  { key: 'crypto.weak_cipher', langs: ['go'], names: ['NewCipher', 'NewTripleDESCipher'], test: (c) => /^(des|rc4|blowfish)$/.test(c.recvText) },
  { key: 'crypto.weak_cipher', langs: ['php'], names: ['openssl_encrypt', 'openssl_decrypt', 'mcrypt_encrypt'], test: (c) => c.call.name === 'mcrypt_encrypt' || /des|ecb|rc4|bf-/i.test(str(c.args[1]) ?? '') },
  { key: 'crypto.weak_cipher', langs: ['c', 'swift'], names: ['CCCrypt', 'DES_ecb_encrypt', 'EVP_des_cbc', 'EVP_des_ecb', 'EVP_rc4', 'EVP_aes_128_ecb', 'EVP_aes_256_ecb'], test: (c) => c.call.name !== 'CCCrypt' || /kCCAlgorithmDES|kCCAlgorithm3DES|kCCAlgorithmRC4|kCCOptionECBMode/.test(c.argText.join(',')) },
  // Weak hashes
  { key: 'crypto.weak_hash', langs: ['java'], names: ['getInstance'], test: (c) => /MessageDigest/.test(c.recvText) && WEAK_HASH.test(str(c.args[0]) ?? '') },
  { key: 'crypto.weak_hash', langs: ['java'], names: ['md5', 'md5Hex', 'sha1', 'sha1Hex', 'shaHex', 'sha', 'md2', 'md2Hex', 'getMd5Digest', 'getSha1Digest'], test: (c) => /DigestUtils/.test(c.recvText) },
  { key: 'crypto.weak_hash', langs: ['js'], names: ['createHash', 'createHmac'], test: (c) => c.call.name === 'createHash' && /^(md5|md4|sha1|sha-1|ripemd)$/i.test(str(c.args[0]) ?? '') },
  { key: 'crypto.weak_hash', langs: ['python'], names: ['md5', 'sha1', 'new'], test: (c) => /hashlib/.test(c.recvText) && (c.call.name !== 'new' || /^(md5|sha1|md4)$/i.test(str(c.args[0]) ?? '')) && c.kw('usedforsecurity')?.konst !== false },
  // cryptography: hashes.Hash(hashes.MD5()) / hashes.SHA1().
  { key: 'crypto.weak_hash', langs: ['python'], names: ['MD5', 'SHA1'], test: (c) => /(^|\.)hashes$/.test(c.recvText) },
  { key: 'crypto.weak_hash', langs: ['go'], names: ['New', 'Sum'], test: (c) => /^(md5|sha1|md4)$/.test(c.recvText) },
  { key: 'crypto.weak_hash', langs: ['php'], names: ['md5', 'sha1', 'md5_file', 'sha1_file'], test: () => true },
  { key: 'crypto.weak_hash', langs: ['php'], names: ['hash'], test: (c) => /^(md5|sha1|md4)$/i.test(str(c.args[0]) ?? '') },
  // Windows CryptoAPI: the algorithm id given to CryptCreateHash / CryptGenKey / CryptDeriveKey (wincrypt.h ALG_IDs).
  { key: 'crypto.weak_hash', langs: ['c'], names: ['CryptCreateHash'], test: (c) => /^CALG_(MD2|MD4|MD5|SHA1?)$/.test(c.argText[1] ?? '') },
  { key: 'crypto.weak_cipher', langs: ['c'], names: ['CryptGenKey', 'CryptDeriveKey'], test: (c) => /^CALG_(DES|3DES|3DES_112|DESX|RC2|RC4|RC5|CYLINK_MEK)$/.test(c.argText[1] ?? '') },
  { key: 'crypto.weak_hash', langs: ['c', 'swift'], names: ['MD5', 'MD5_Init', 'SHA1', 'SHA1_Init', 'CC_MD5', 'CC_SHA1', 'EVP_md5', 'EVP_sha1'], test: () => true },
  // Static keys and IVs
  { key: 'crypto.static_key', langs: ['java'], names: ['SecretKeySpec'], test: (c) => c.call.isNew && LITERAL_BYTES.test(c.argText[0] ?? '') },
  { key: 'crypto.static_key', langs: ['js'], names: ['createCipheriv', 'createDecipheriv'], test: (c) => LITERAL_BYTES.test(c.argText[1] ?? '') || /^Buffer\.from\(["']/.test(c.argText[1] ?? '') },
  // A constant key given to a cipher (cryptography's Fernet/AEAD classes take the key as their first argument).
  { key: 'crypto.static_key', langs: ['python'], names: ['Fernet', 'AESGCM', 'AESCCM', 'AESOCB3', 'AESSIV', 'ChaCha20Poly1305'], test: (c) => constSecret(c.kw('key', 0)) },
  { key: 'crypto.static_key', langs: ['python'], names: ['new'], test: (c) => /^(AES|DES|DES3|ARC4|Blowfish)$/.test(c.recvText) && LITERAL_BYTES.test(c.argText[0] ?? '') },
  { key: 'crypto.static_iv', langs: ['java'], names: ['IvParameterSpec', 'GCMParameterSpec'], test: (c) => c.call.isNew && LITERAL_BYTES.test(c.argText.at(-1) ?? '') },
  { key: 'crypto.static_iv', langs: ['js'], names: ['createCipheriv'], test: (c) => LITERAL_BYTES.test(c.argText[2] ?? '') || /^Buffer\.(from\(["']|alloc\()/.test(c.argText[2] ?? '') },
  // Insecure randomness
  { key: 'crypto.insecure_random', langs: ['java'], names: ['Random'], test: (c) => c.call.isNew && /^new (java\.util\.)?Random$/.test(c.call.callee) },
  { key: 'crypto.insecure_random', langs: ['java', 'js'], names: ['random'], test: (c) => /^(java\.lang\.)?Math$/.test(c.recvText) },
  { key: 'crypto.insecure_random', langs: ['java'], names: ['nextInt', 'nextLong', 'nextDouble', 'nextFloat', 'nextBoolean', 'nextGaussian', 'current'], test: (c) => /ThreadLocalRandom/.test(c.call.callee) },
  { key: 'crypto.insecure_random', langs: ['python'], names: ['random', 'randint', 'choice', 'randrange', 'getrandbits', 'shuffle', 'uniform'], test: (c) => c.recvText === 'random' },
  // math/rand and math/rand/v2 (IntN, N, Uint64 …); crypto/rand is the secure one.
  { key: 'crypto.insecure_random', langs: ['go'], names: ['Intn', 'Int', 'Int63', 'Int63n', 'Int31', 'Float64', 'Float32', 'Read', 'Uint32', 'Uint64', 'Int31n', 'IntN', 'Int64N', 'Int32N', 'Int64', 'Int32', 'N', 'Perm', 'Shuffle', 'Seed', 'New'], test: (c) => c.recvText === 'rand' && /"math\/rand(\/v2)?"/.test(c.fileText) },
  { key: 'crypto.insecure_random', langs: ['php'], names: ['rand', 'mt_rand', 'lcg_value', 'uniqid'], test: () => true },
  { key: 'crypto.insecure_random', langs: ['c'], names: ['rand', 'srand', 'random', 'drand48'], test: () => true },
  // Cookies
  { key: 'web.insecure_cookie', langs: ['java'], names: ['addCookie'], test: (c) => !(c.args[0]?.flags?.has('secure') ?? false) },
  // Spring ResponseCookie.from(name, value)…build(): Secure only when the builder is told .secure(true).
  { key: 'web.insecure_cookie', langs: ['java'], names: ['build'], test: (c) => /^ResponseCookie\s*\.\s*from\s*\(/.test(c.recvText) && !/\.secure\(\s*true\s*\)/.test(c.recvText) && !/\.maxAge\(\s*0\s*\)/.test(c.recvText) },
  // Cookies: insecure only when the value says so — the secure flag is absent (the default is off) or a constant false;
  // a flag whose value the interpreter cannot know (configuration, an expression) is not reported.
  { key: 'web.insecure_cookie', langs: ['js'], names: ['cookie'], test: (c) => /^(res|response|resp|reply|ctx\.cookies)$/.test(c.recvText) && c.args.length >= 2 && insecureFlag(c.args[2] === undefined ? undefined : c.args[2].entries ? (c.args[2].entries.get('secure') ?? null) : UNKNOWN_FLAG) },
  { key: 'web.insecure_cookie', langs: ['js'], names: ['set'], test: (c) => /(^|\.)cookies$/.test(c.recvText) && c.args.length >= 2 && insecureFlag(c.args[2] === undefined ? undefined : c.args[2].entries ? (c.args[2].entries.get('secure') ?? null) : UNKNOWN_FLAG) },
  // express-session: the session cookie has no Secure attribute unless cookie.secure says so (its documented default is
  // false); cookie-session likewise with its own secure option. 'auto' (secure over HTTPS) is not insecure.
  { key: 'web.insecure_cookie', langs: ['js'], names: ['session', 'expressSession'], test: (c) => /express-session/.test(c.fileText) && !!c.args[0]?.entries && !c.args[0].entries.has('*') && insecureFlag(c.args[0].entries.get('cookie') === undefined ? null : (c.args[0].entries.get('cookie')!.entries ? (c.args[0].entries.get('cookie')!.entries!.get('secure') ?? (c.args[0].entries.get('cookie')!.entries!.has('*') ? UNKNOWN_FLAG : null)) : UNKNOWN_FLAG)) },
  { key: 'web.insecure_cookie', langs: ['js'], names: ['cookieSession'], test: (c) => !!c.args[0]?.entries && !c.args[0].entries.has('*') && insecureFlag(c.args[0].entries.get('secure') ?? null) },
  // A Set-Cookie header written by hand without the Secure attribute (Express/Node, PHP header(), Go Header().Set/Add,
  // ASP.NET Response.Headers): judged by the header's text when it is known.
  { key: 'web.insecure_cookie', langs: ['js'], names: ['setHeader', 'set', 'header', 'append'], test: (c) => /^(res|response|resp|reply|ctx)$/.test(c.recvText) && /^set-cookie$/i.test(str(c.args[0]) ?? '') && setCookieWithoutSecure(c.args[1], c.argText[1]) },
  { key: 'web.insecure_cookie', langs: ['php'], names: ['header'], test: (c) => /^\s*["']\s*set-cookie\s*:/i.test(c.argText[0] ?? '') && setCookieWithoutSecure(c.args[0], c.argText[0]) },
  { key: 'web.insecure_cookie', langs: ['go'], names: ['Set', 'Add'], test: (c) => /Header\(\)$/.test(c.recvText) && /^set-cookie$/i.test(str(c.args[0]) ?? '') && setCookieWithoutSecure(c.args[1], c.argText[1]) },
  { key: 'web.insecure_cookie', langs: ['csharp'], names: ['Append', 'Add', 'TryAdd'], test: (c) => /(^|\.)Headers$/.test(c.recvText) && /^set-cookie$/i.test(str(c.args[0]) ?? '') && setCookieWithoutSecure(c.args[1], c.argText[1]) },
  // Flask, Django and Starlette: set_cookie(key, value, max_age, expires, path, domain, secure, httponly, samesite).
  { key: 'web.insecure_cookie', langs: ['python'], names: ['set_cookie', 'set_signed_cookie'], test: (c) => insecureFlag(c.kw('secure', 6) ?? null) && !deletesCookie(c) },
  // Go: http.SetCookie(w, &http.Cookie{…}): the Secure field of the literal (absent = false).
  // A cookie deleted (MaxAge < 0, or expired at the epoch) sends nothing later.
  { key: 'web.insecure_cookie', langs: ['go'], names: ['SetCookie'], test: (c) => { const v = c.args[1]?.entries; if (v) return insecureFlag(v.get('Secure') ?? null) && !goCookieDeleted({ entries: v }); const lit = /Cookie\s*\{([\s\S]*)\}/.exec(c.argText[1] ?? ''); return lit ? !/\bSecure\s*:/.test(lit[1]!) && !GO_DELETED_COOKIE.test(lit[1]!) : false; } },
  // Gin: c.SetCookie(name, value, maxAge, path, domain, secure, httpOnly).
  { key: 'web.insecure_cookie', langs: ['go'], names: ['SetCookie'], test: (c) => c.recvText !== 'http' && c.args.length >= 7 && insecureFlag(c.args[5] ?? null) },
  // Echo: c.SetCookie(&http.Cookie{…}) / c.SetCookie(cookie): the cookie's Secure field.
  { key: 'web.insecure_cookie', langs: ['go'], names: ['SetCookie'], test: (c) => c.recvText !== 'http' && c.args.length === 1 && !!c.args[0]?.entries && insecureFlag(c.args[0].entries.get('Secure') ?? null) },
  // setcookie(name, value, expires, path, domain, secure, httponly) or setcookie(name, value, ['secure' => …]).
  // session_set_cookie_params(lifetime, path, domain, secure, httponly) or (['secure' => …]): the session cookie's flags.
  { key: 'web.insecure_cookie', langs: ['php'], names: ['session_set_cookie_params'], test: (c) => (c.args[0]?.entries ? insecureFlag(c.args[0].entries.get('secure') ?? null) : /^\s*(\[|array\s*\()/i.test(c.argText[0] ?? '') ? !/["']secure["']\s*=>\s*(true|1)\b/i.test(c.argText[0]!) : insecureFlag(c.args[3] ?? null)) },
  // A cookie set to '' (or with an expiry in the past) is being deleted (PHP manual): nothing is sent later.
  { key: 'web.insecure_cookie', langs: ['php'], names: ['setcookie', 'setrawcookie'], test: (c) => c.args[1]?.konst !== '' && (/^\s*(\[|array\s*\()/i.test(c.argText[2] ?? '') && !c.args[2]?.entries ? !/["']secure["']\s*=>\s*(true|1)\b/i.test(c.argText[2]!) : insecureFlag(c.args[2]?.entries ? (c.args[2].entries.get('secure') ?? null) : (c.kw('secure', 5) ?? null))) },
  // Sensitive data in logs
  { key: 'code.sensitive_log', langs: ['java'], names: ['info', 'warn', 'error', 'debug', 'trace', 'd', 'e', 'i', 'v', 'w', 'println', 'print'], test: (c) => /^(Log|log|logger|LOG|LOGGER|Logger|System\.out|System\.err|Timber)$/.test(c.recvText) && c.argText.some((a) => SENSITIVE_NAME.test(a.replace(/"[^"]*"/g, ''))) },
  { key: 'code.sensitive_log', langs: ['js'], names: ['log', 'info', 'warn', 'error', 'debug'], test: (c) => /^(console|logger|log)$/.test(c.recvText) && c.argText.some((a) => SENSITIVE_NAME.test(a.replace(/(["'`])(?:(?!\1)[^\\]|\\.)*\1/g, ''))) },
  { key: 'code.sensitive_log', langs: ['python'], names: ['info', 'warning', 'error', 'debug', 'critical', 'print'], test: (c) => (c.call.name === 'print' || /^(logging|logger|log|LOGGER)$/.test(c.recvText)) && c.argText.some((a) => SENSITIVE_NAME.test(a.replace(/(["'])(?:(?!\1)[^\\]|\\.)*\1/g, ''))) },
  { key: 'code.sensitive_log', langs: ['c', 'swift'], names: ['NSLog', 'print', 'os_log', 'printf'], test: (c) => c.argText.some((a) => SENSITIVE_NAME.test(a.replace(/@?"[^"]*"/g, ''))) },
  // C/C++ functions without bounds
  { key: 'native.dangerous_function', langs: ['c'], names: ['gets', 'strcpy', 'strcat', 'sprintf', 'vsprintf', 'wcscpy', 'wcscat', 'lstrcpy', 'lstrcat', 'StrCpy', 'StrCat', 'mktemp', 'tmpnam', 'tempnam', 'alloca', 'getwd', 'stpcpy'], test: () => true },
  { key: 'native.dangerous_function', langs: ['c'], names: ['scanf', 'sscanf', 'fscanf'], test: (c) => c.argText.some((a) => /%s/.test(a)) },
  // The format argument (position per function, C standard library and its wide / Microsoft variants) is neither a literal
  // nor a constant: with no further arguments (printf(s)), or handed a va_list (vprintf(s, ap)) whatever the caller passed.
  { key: 'native.format_string', langs: ['c'], names: Object.keys(FORMAT_ARG), test: (c) => { const i = FORMAT_ARG[c.call.name]!; const lit = /^(@|L|u8?|U)?"/.test(c.argText[i] ?? '"') || c.args[i]?.konst !== undefined; return !lit && (c.call.name.includes('v') && c.call.name !== 'wprintf' && c.call.name !== 'fwprintf' && c.call.name !== 'swprintf' ? c.args.length === i + 2 : c.args.length === i + 1); } },
  // Android WebView (in app source)
  { key: 'webview.javascript_enabled', langs: ['java'], names: ['setJavaScriptEnabled'], test: (c) => c.args[0]?.konst === true },
  { key: 'webview.javascript_interface', langs: ['java'], names: ['addJavascriptInterface'], test: () => true },
  { key: 'webview.file_access', langs: ['java'], names: ['setAllowFileAccess', 'setAllowFileAccessFromFileURLs', 'setAllowUniversalAccessFromFileURLs', 'setAllowContentAccess'], test: (c) => c.args[0]?.konst === true },
  { key: 'webview.debugging', langs: ['java'], names: ['setWebContentsDebuggingEnabled'], test: (c) => c.args[0]?.konst === true },
  { key: 'webview.ssl_error_proceed', langs: ['java'], names: ['proceed'], test: (c) => /handler/i.test(c.recvText) && /onReceivedSslError/.test(c.fileText) },
  // XML parsers with external entities
  { key: 'injection.xxe', langs: ['java'], names: ['newInstance', 'newFactory', 'newDefaultFactory'], test: (c) => /(DocumentBuilderFactory|SAXParserFactory|XMLInputFactory|TransformerFactory|SchemaFactory)$/.test(c.recvText) && !/disallow-doctype-decl|FEATURE_SECURE_PROCESSING|SUPPORT_DTD|external-general-entities|ACCESS_EXTERNAL_DTD|IS_SUPPORTING_EXTERNAL_ENTITIES/.test(c.fileText) },
  // Angular's DomSanitizer bypass turns off escaping for whatever it is given: only constants are safe to pass.
  { key: 'injection.xss', langs: ['js'], names: ['bypassSecurityTrustHtml', 'bypassSecurityTrustScript', 'bypassSecurityTrustUrl', 'bypassSecurityTrustResourceUrl', 'bypassSecurityTrustStyle'], test: (c) => c.args.length > 0 && c.args[0]!.konst === undefined },
  { key: 'injection.xxe', langs: ['js'], names: ['parseXml', 'parseXmlString'], test: (c) => c.args[1]?.entries?.get('noent')?.konst === true },
  { key: 'injection.xxe', langs: ['php'], names: ['simplexml_load_string', 'simplexml_load_file', 'loadXML'], test: (c) => c.argText.some((a) => /LIBXML_NOENT/.test(a)) },
  // Go: encoding/xml has no DTDs; libxml2 bindings substitute entities with XMLParseNoEnt.
  { key: 'injection.xxe', langs: ['go'], names: ['New'], test: (c) => c.recvText === 'parser' && c.argText.some((a) => /XMLParseNoEnt|XMLParseDTDLoad/.test(a)) },
  // A JWT signing key written into the code: token.SignedString([]byte("…")) (golang-jwt).
  { key: 'secrets.hardcoded_password', langs: ['go'], names: ['SignedString'], test: (c) => constSecret(c.args[0]) },
  { key: 'injection.xxe', langs: ['python'], names: ['XMLParser'], test: (c) => c.argText.some((a) => /resolve_entities\s*=\s*True/.test(a)) },
  ...CSHARP_CALL_RULES,
];
