/**
 * C# (.NET) rules decided by the values the interpreter computed, as data. Sources: Microsoft's
 * documentation — code-analysis rules CA5350/CA5351 (weak hashes and ciphers: MD5, SHA1, DES,
 * TripleDES, RC2), CA5358 (cipher modes: ECB), CA5394 (System.Random is not a cryptographic
 * generator; RandomNumberGenerator is), CA3075/CA3077 (insecure DTD processing: DtdProcessing.Parse,
 * a non-null XmlResolver), CookieOptions.Secure (defaults to false), HttpClientHandler's
 * DangerousAcceptAnyServerCertificateValidator, and Microsoft.IdentityModel's SymmetricSecurityKey.
 * Property assignments reach these rules as the setter calls .NET compiles them to (`set_Mode`).
 */
import { NAMED_CONSTANT, type Value } from '../taint/value.ts';
import type { CallRule, CallRuleInput } from './call-rules.ts';

const CS = ['csharp'] as const;
const str = (v: Value | undefined): string | undefined => (typeof v?.konst === 'string' ? v.konst : undefined);
/** A literal (not a named constant such as `Settings.JwtKey`) long enough to be a key and not a placeholder. */
const literalSecret = (v: Value | undefined): boolean => {
  const s = str(v);
  return s !== undefined && !v?.flags?.has(NAMED_CONSTANT) && s.length >= 4 && !/^(|\*+|x+|changeme|secret|password|your[_ -].*|<.*>|\$\{.*\}|\{\{.*\}\}|todo|test|example|dummy)$/i.test(s.trim());
};
/** Bytes written into the code: a byte-array literal, or the encoding of a string literal. */
const literalBytes = (c: CallRuleInput, i: number): boolean => literalSecret(c.args[i]) || /^new\s+byte\s*\[\s*\d*\s*\]\s*\{[\s\dxXa-fA-F,]+\}$/.test(c.argText[i] ?? '');
const WEAK_HASH_NAME = /^(MD5|SHA1|SHA|MD4|MD2|System\.Security\.Cryptography\.(MD5|SHA1))$/i;
const WEAK_CIPHER_NAME = /^(DES|TripleDES|3DES|RC2|System\.Security\.Cryptography\.(DES|TripleDES|RC2))$/i;
const CRYPTO_NS = /^(System\.Security\.Cryptography\.)?/;
/** CookieOptions / HttpCookie whose Secure is absent (the default, false) or a constant false; an unknown object is not judged. */
const insecureCookie = (v: Value | undefined): boolean => {
  if (!v?.entries) return false;
  const secure = v.entries.get('Secure');
  return secure === undefined || secure.konst === false;
};

export const CSHARP_CALL_RULES: readonly CallRule[] = [
  // Weak hashes (CA5350/CA5351)
  { key: 'crypto.weak_hash', langs: CS, names: ['Create', 'HashData', 'HashDataAsync'], test: (c) => new RegExp(`${CRYPTO_NS.source}(MD5|SHA1)$`).test(c.recvText) },
  { key: 'crypto.weak_hash', langs: CS, names: ['MD5CryptoServiceProvider', 'SHA1CryptoServiceProvider', 'SHA1Managed', 'MD5Cng', 'SHA1Cng'], test: (c) => c.call.isNew },
  { key: 'crypto.weak_hash', langs: CS, names: ['Create', 'CreateFromName'], test: (c) => /^(HashAlgorithm|CryptoConfig)$/.test(c.recvText.replace(CRYPTO_NS, '')) && WEAK_HASH_NAME.test(str(c.args[0]) ?? '') },
  // Weak ciphers and ECB (CA5351, CA5358)
  { key: 'crypto.weak_cipher', langs: CS, names: ['Create'], test: (c) => new RegExp(`${CRYPTO_NS.source}(DES|TripleDES|RC2)$`).test(c.recvText) },
  { key: 'crypto.weak_cipher', langs: CS, names: ['DESCryptoServiceProvider', 'TripleDESCryptoServiceProvider', 'RC2CryptoServiceProvider'], test: (c) => c.call.isNew },
  { key: 'crypto.weak_cipher', langs: CS, names: ['Create'], test: (c) => /^SymmetricAlgorithm$/.test(c.recvText.replace(CRYPTO_NS, '')) && WEAK_CIPHER_NAME.test(str(c.args[0]) ?? '') },
  { key: 'crypto.weak_cipher', langs: CS, names: ['set_Mode'], test: (c) => /(^|\.)CipherMode\.ECB$/.test(str(c.args[0]) ?? '') },
  { key: 'crypto.weak_cipher', langs: CS, names: ['EncryptEcb', 'DecryptEcb'], test: () => true },
  // Keys and IVs written into the code
  { key: 'crypto.static_key', langs: CS, names: ['set_Key'], test: (c) => /aes|des|rc2|rijndael|cipher|crypt|alg/i.test(c.recvText) && literalBytes(c, 0) },
  { key: 'crypto.static_key', langs: CS, names: ['CreateEncryptor', 'CreateDecryptor'], test: (c) => c.args.length >= 1 && literalBytes(c, 0) },
  { key: 'crypto.static_iv', langs: CS, names: ['set_IV'], test: (c) => literalBytes(c, 0) },
  { key: 'crypto.static_iv', langs: CS, names: ['CreateEncryptor', 'CreateDecryptor'], test: (c) => c.args.length >= 2 && literalBytes(c, 1) },
  // A JWT signing key written into the code (Microsoft.IdentityModel.Tokens.SymmetricSecurityKey(byte[] key)).
  { key: 'secrets.hardcoded_password', langs: CS, names: ['SymmetricSecurityKey'], test: (c) => c.call.isNew && literalBytes(c, 0) },
  // Insecure randomness (CA5394): System.Random, Random.Shared.
  { key: 'crypto.insecure_random', langs: CS, names: ['Random'], test: (c) => c.call.isNew && /^new (System\.)?Random$/.test(c.call.callee) },
  { key: 'crypto.insecure_random', langs: CS, names: ['Next', 'NextBytes', 'NextDouble', 'NextInt64', 'NextSingle'], test: (c) => /^(System\.)?Random\.Shared$/.test(c.recvText) },
  // Cookies: Response.Cookies.Append(name, value[, options]) — without options, or with options whose Secure is not true;
  // System.Web's Response.Cookies.Add/Set(HttpCookie) by the cookie's Secure.
  // app.UseCookiePolicy(new CookiePolicyOptions { Secure = CookieSecurePolicy.Always }) in the same file makes every cookie Secure.
  { key: 'web.insecure_cookie', langs: CS, names: ['Append'], test: (c) => /(^|\.)Cookies$/.test(c.recvText) && c.args.length >= 2 && (c.args.length === 2 || insecureCookie(c.args[2])) && !/CookieSecurePolicy\.Always/.test(c.fileText) },
  { key: 'web.insecure_cookie', langs: CS, names: ['Add', 'Set'], test: (c) => /(^|\.)Cookies$/.test(c.recvText) && c.args.length === 1 && insecureCookie(c.args[0]) },
  // XML (CA3075/CA3077): DTD processing turned on, a resolver that loads external entities.
  { key: 'injection.xxe', langs: CS, names: ['set_DtdProcessing'], test: (c) => /(^|\.)DtdProcessing\.Parse$/.test(str(c.args[0]) ?? '') },
  { key: 'injection.xxe', langs: CS, names: ['set_ProhibitDtd'], test: (c) => c.args[0]?.konst === false },
  { key: 'injection.xxe', langs: CS, names: ['set_XmlResolver'], test: (c) => !!c.args[0]?.flags?.has('xml-resolver') },
  // Json.NET TypeNameHandling other than None lets the JSON name the classes it makes (CA2326/CA2327).
  { key: 'injection.deserialization', langs: CS, names: ['set_TypeNameHandling'], test: (c) => /(^|\.)TypeNameHandling\.(All|Auto|Objects|Arrays)$/.test(str(c.args[0]) ?? '') },
  // TLS: a certificate callback that accepts every certificate.
  { key: 'network.trust_all_certificates', langs: CS, names: ['set_ServerCertificateCustomValidationCallback', 'set_ServerCertificateValidationCallback', 'set_RemoteCertificateValidationCallback'], test: (c) => /DangerousAcceptAnyServerCertificateValidator|=>\s*(true|\{\s*return\s+true;?\s*\})\s*$/.test(c.argText[0] ?? '') },
];
