/**
 * The API calls and fields the code checks look for, as data. A call is
 * written "Lpkg/Cls;->name" (any overload), or "*->name" for names unique
 * enough to match on any class (subclasses of Activity or WebView call
 * inherited methods through their own class). `when` narrows by argument.
 */
import { type ArgPredicate, BUILT_STRING, all, constantBytes, any, argCount, bitsArg, fieldArg, intArg, resultOf, stringArg } from './predicates.ts';

export interface ApiRule {
  key: string;
  calls: readonly string[];
  when?: ArgPredicate;
  /** Default fail. */
  result?: 'fail' | 'safe';
  /** Ignore calls made from inside the API's own package (a library calling itself is not the app's use of it). */
  externalOnly?: boolean;
  /** Only occurrences in the app body count (positive protections of the app itself). */
  mainOnly?: boolean;
}

export interface FieldRule {
  key: string;
  fields: readonly string[];
  result?: 'fail' | 'safe';
  mainOnly?: boolean;
}

const LOG_METHODS = ['v', 'd', 'i', 'w', 'e', 'wtf', 'println'].map((n) => `Landroid/util/Log;->${n}`);
const SQL_EXEC = ['Landroid/database/sqlite/SQLiteDatabase;->rawQuery', 'Landroid/database/sqlite/SQLiteDatabase;->execSQL', 'Landroid/database/sqlite/SQLiteDatabase;->rawQueryWithFactory', 'Landroid/database/sqlite/SQLiteDatabase;->compileStatement'];
const WEAK_CIPHER = /^(?:DES|DESede|TripleDES|3DES|RC4|ARCFOUR|RC2|Blowfish)(?:\/|$)/i;
const ECB = /^(?:AES|DES|DESede|TripleDES|Blowfish|RC2|SM4)$|\/ECB\//i;
const RSA_WEAK_PADDING = /^RSA(?:\/(?:ECB|NONE)\/(?:NoPadding|PKCS1Padding))?$/i;
const WEAK_HASH = /^(?:MD2|MD4|MD5|SHA-?1|SHA)$/i;
const SENSITIVE_KEY = /pass(?:word|wd|code)?|pwd|\bpin\b|token|secret|credit|card_?(?:no|num)|cvv|ssn|private_?key/i;
const MODE_WORLD = [1, 2, 3];
// Context / Activity mode arguments: receiver, name, mode (getPreferences: receiver, mode).
const worldMode = any(all(argCount(3), intArg(2, ...MODE_WORLD)), all(argCount(4), intArg(2, ...MODE_WORLD)));

export const API_RULES: readonly ApiRule[] = [
  // code
  { key: 'code.runtime_exec', calls: ['Ljava/lang/Runtime;->exec', 'Ljava/lang/ProcessBuilder;->start'] },
  { key: 'code.dynamic_code_loading', calls: ['Ldalvik/system/DexClassLoader;-><init>', 'Ldalvik/system/InMemoryDexClassLoader;-><init>', 'Ldalvik/system/DelegateLastClassLoader;-><init>', 'Ldalvik/system/PathClassLoader;-><init>', 'Ljava/lang/System;->load', 'Ljava/lang/Runtime;->load', 'Ldalvik/system/DexFile;->loadDex'], externalOnly: true },
  { key: 'code.sql_injection', calls: SQL_EXEC, when: resultOf(1, BUILT_STRING) },
  { key: 'code.insecure_logging', calls: LOG_METHODS },
  { key: 'code.insecure_logging', calls: ['Ljava/io/PrintStream;->println', 'Ljava/io/PrintStream;->print'], when: fieldArg(0, ['Ljava/lang/System;->out', 'Ljava/lang/System;->err']) },
  { key: 'code.clipboard', calls: ['Landroid/content/ClipboardManager;->setPrimaryClip', 'Landroid/content/ClipboardManager;->getPrimaryClip', 'Landroid/text/ClipboardManager;->setText', 'Landroid/text/ClipboardManager;->getText', 'Landroid/content/ClipboardManager;->setText', 'Landroid/content/ClipboardManager;->getText'] },
  { key: 'code.insecure_random', calls: ['Ljava/util/Random;-><init>', 'Ljava/lang/Math;->random'], externalOnly: true },
  { key: 'code.temp_file', calls: ['Ljava/io/File;->createTempFile'] },
  // WebView
  { key: 'webview.js_interface', calls: ['*->addJavascriptInterface'] },
  { key: 'webview.javascript_enabled', calls: ['*->setJavaScriptEnabled'], when: intArg(1, 1) },
  { key: 'webview.file_access', calls: ['*->setAllowFileAccess', '*->setAllowFileAccessFromFileURLs'], when: intArg(1, 1) },
  { key: 'webview.universal_access', calls: ['*->setAllowUniversalAccessFromFileURLs'], when: intArg(1, 1) },
  { key: 'webview.debugging_enabled', calls: ['*->setWebContentsDebuggingEnabled'], when: intArg(0, 1) },
  { key: 'webview.ssl_error_proceed', calls: ['Landroid/webkit/SslErrorHandler;->proceed'] },
  { key: 'webview.mixed_content', calls: ['*->setMixedContentMode'], when: intArg(1, 0) },
  // crypto
  { key: 'crypto.ecb_mode', calls: ['Ljavax/crypto/Cipher;->getInstance'], when: stringArg(0, ECB) },
  { key: 'crypto.weak_cipher', calls: ['Ljavax/crypto/Cipher;->getInstance', 'Ljavax/crypto/KeyGenerator;->getInstance', 'Ljavax/crypto/SecretKeyFactory;->getInstance'], when: stringArg(0, WEAK_CIPHER) },
  { key: 'crypto.weak_cipher', calls: ['Ljavax/crypto/spec/SecretKeySpec;-><init>'], when: stringArg(2, WEAK_CIPHER) },
  { key: 'crypto.weak_cipher', calls: ['Ljavax/crypto/spec/DESKeySpec;-><init>', 'Ljavax/crypto/spec/DESedeKeySpec;-><init>'] },
  { key: 'crypto.rsa_no_padding', calls: ['Ljavax/crypto/Cipher;->getInstance'], when: stringArg(0, RSA_WEAK_PADDING) },
  { key: 'crypto.weak_hash', calls: ['Ljava/security/MessageDigest;->getInstance'], when: stringArg(0, WEAK_HASH) },
  { key: 'crypto.weak_hash', calls: ['Ljavax/crypto/Mac;->getInstance'], when: stringArg(0, /^HmacMD5$/i) },
  { key: 'crypto.weak_hash', calls: ['Lorg/apache/commons/codec/digest/DigestUtils;->md5', 'Lorg/apache/commons/codec/digest/DigestUtils;->md5Hex', 'Lorg/apache/commons/codec/digest/DigestUtils;->sha1', 'Lorg/apache/commons/codec/digest/DigestUtils;->sha1Hex', 'Lcom/google/common/hash/Hashing;->md5', 'Lcom/google/common/hash/Hashing;->sha1'], externalOnly: true },
  { key: 'crypto.static_iv', calls: ['Ljavax/crypto/spec/IvParameterSpec;-><init>', 'Ljavax/crypto/spec/GCMParameterSpec;-><init>'], when: any(constantBytes(1), constantBytes(2)) },
  { key: 'crypto.hardcoded_key', calls: ['Ljavax/crypto/spec/SecretKeySpec;-><init>'], when: constantBytes(1) },
  // storage
  { key: 'storage.world_readable_writable', calls: ['*->openFileOutput', '*->getSharedPreferences', '*->openOrCreateDatabase'], when: worldMode },
  { key: 'storage.world_readable_writable', calls: ['Ljava/io/File;->setReadable', 'Ljava/io/File;->setWritable'], when: all(argCount(3), intArg(1, 1), intArg(2, 0)) },
  { key: 'storage.external_storage', calls: ['Landroid/os/Environment;->getExternalStorageDirectory', 'Landroid/os/Environment;->getExternalStoragePublicDirectory', '*->getExternalFilesDir', '*->getExternalFilesDirs', '*->getExternalCacheDir', '*->getExternalMediaDirs'] },
  { key: 'storage.shared_preferences_sensitive', calls: ['Landroid/content/SharedPreferences$Editor;->putString', 'Landroid/content/SharedPreferences$Editor;->putStringSet'], when: stringArg(1, SENSITIVE_KEY) },
  // network
  { key: 'network.allow_all_hostname_verifier', calls: ['Lorg/apache/http/conn/ssl/AllowAllHostnameVerifier;-><init>', 'Lorg/apache/http/conn/ssl/NoopHostnameVerifier;-><init>'], externalOnly: true },
  { key: 'network.certificate_pinning', calls: ['Lokhttp3/CertificatePinner$Builder;->add', 'Lcom/squareup/okhttp/CertificatePinner$Builder;->add', 'Lcom/datatheorem/android/trustkit/TrustKit;->initializeWithNetworkSecurityConfiguration', 'Lcom/datatheorem/android/trustkit/TrustKit;->getInstance'], result: 'safe', externalOnly: true },
  // resilience (positive protections of the app itself)
  { key: 'resilience.root_detection', calls: ['Lcom/scottyab/rootbeer/RootBeer;->isRooted', 'Lcom/scottyab/rootbeer/RootBeer;->isRootedWithoutBusyBoxCheck', 'Lcom/google/android/gms/safetynet/SafetyNetClient;->attest', 'Lcom/google/android/play/core/integrity/IntegrityManager;->requestIntegrityToken'], result: 'safe', mainOnly: true },
  { key: 'resilience.debugger_detection', calls: ['Landroid/os/Debug;->isDebuggerConnected', 'Landroid/os/Debug;->waitingForDebugger'], result: 'safe', mainOnly: true },
  { key: 'resilience.tamper_detection', calls: ['*->getPackageInfo'], when: any(bitsArg(2, 0x40), bitsArg(2, 0x08000000)), result: 'safe', mainOnly: true },
  { key: 'resilience.tamper_detection', calls: ['*->getInstallerPackageName', '*->getInstallSourceInfo'], result: 'safe', mainOnly: true },
];

export const FIELD_RULES: readonly FieldRule[] = [
  { key: 'network.allow_all_hostname_verifier', fields: ['Lorg/apache/http/conn/ssl/SSLSocketFactory;->ALLOW_ALL_HOSTNAME_VERIFIER', 'Lorg/apache/http/conn/ssl/NoopHostnameVerifier;->INSTANCE'] },
  { key: 'resilience.root_detection', fields: ['Landroid/os/Build;->TAGS'], result: 'safe', mainOnly: true },
];

/** A field read together with an integer literal in the same method, e.g. ApplicationInfo.flags & FLAG_DEBUGGABLE. */
export interface FieldLiteralRule {
  key: string;
  field: string;
  literal: number;
  result?: 'fail' | 'safe';
  mainOnly?: boolean;
}

export const FIELD_LITERAL_RULES: readonly FieldLiteralRule[] = [{ key: 'resilience.debugger_detection', field: 'Landroid/content/pm/ApplicationInfo;->flags', literal: 2, result: 'safe', mainOnly: true }];

/**
 * Constant strings that show a protection (root, emulator, debugger checks)
 * or a risky statement (plain tables of credentials), matched once per
 * distinct string of a DEX.
 */
export interface StringRule {
  key: string;
  pattern: RegExp;
  result?: 'fail' | 'safe';
  mainOnly?: boolean;
  /** Only when the same method also calls one of these (e.g. the CREATE TABLE is executed). */
  withCall?: readonly string[];
}

export const STRING_RULES: readonly StringRule[] = [
  {
    key: 'resilience.root_detection',
    pattern: /^(?:su|\/system\/(?:x?bin|sbin|sd\/xbin|bin\/failsafe|bin\/\.ext)\/(?:\.?su|busybox|daemonsu)|\/sbin\/su|\/su\/bin\/su|\/data\/local\/(?:xbin\/|bin\/)?su|\/system\/app\/Superuser\.apk|test-keys|com\.(?:noshufou\.android\.su(?:\.elite)?|koushikdutta\.superuser|thirdparty\.superuser|topjohnwu\.magisk|kingroot\.kinguser|yellowes\.su|devadvance\.rootcloak2?|saurik\.substrate)|eu\.chainfire\.supersu|de\.robv\.android\.xposed\.installer|\/system\/xbin\/daemonsu|\/system\/etc\/init\.d\/99SuperSUDaemon|\/dev\/com\.koushikdutta\.superuser\.daemon\/?|magisk)$/,
    result: 'safe',
    mainOnly: true,
  },
  {
    key: 'resilience.emulator_detection',
    pattern: /^(?:goldfish|ranchu|generic_x86(?:_64)?|sdk_gphone\w*|google_sdk|vbox86p?|Genymotion|ro\.kernel\.qemu|ro\.hardware\.virtual_device|\/dev\/socket\/qemud|\/dev\/qemu_pipe|\/system\/lib\/libc_malloc_debug_qemu\.so|\/sys\/qemu_trace|init\.goldfish\.rc|ueventd\.ranchu\.rc|Android SDK built for x86)$/,
    result: 'safe',
    mainOnly: true,
  },
  { key: 'resilience.debugger_detection', pattern: /^TracerPid:?$/, result: 'safe', mainOnly: true },
  {
    key: 'storage.sqlite_sensitive',
    pattern: /\bCREATE\s+TABLE\b[^;]*?\b(?:password|passwd|pwd|credit_?card|card_?number|cvv|token|secret|ssn)\b/i,
    withCall: ['Landroid/database/sqlite/SQLiteDatabase;->execSQL'],
  },
];
