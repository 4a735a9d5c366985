import { describe, expect, it } from 'vitest';
import { assess, result, row } from '../../testing/build-apk.ts';
import { type Body, appClass, callStatic, callVirtual, construct, ins, str } from '../../testing/dex-helpers.ts';

const S = 'Ljava/lang/String;';
const CTX = 'Landroid/content/Context;';

/** One method body that shows the problem and one that does not, per rule. */
const CASES: { rule: string; bad: Body; good: Body }[] = [
  { rule: 'android.code.runtime_exec', bad: (r) => [...callStatic(r, 'Ljava/lang/Runtime;', 'getRuntime', [], 'Ljava/lang/Runtime;', []), ...ins.moveResultObject(0), ...str(r, 1, 'id'), ...callVirtual(r, 'Ljava/lang/Runtime;', 'exec', [S], 'Ljava/lang/Process;', [0, 1])], good: (r) => [...callStatic(r, 'Ljava/lang/Runtime;', 'getRuntime', [], 'Ljava/lang/Runtime;', [])] },
  {
    rule: 'android.code.sql_injection',
    bad: (r) => [...construct(r, 'Ljava/lang/StringBuilder;', [], [1]), ...callVirtual(r, 'Ljava/lang/StringBuilder;', 'append', [S], 'Ljava/lang/StringBuilder;', [1, 2]), ...callVirtual(r, 'Ljava/lang/StringBuilder;', 'toString', [], S, [1]), ...ins.moveResultObject(2), ...callVirtual(r, 'Landroid/database/sqlite/SQLiteDatabase;', 'execSQL', [S], 'V', [0, 2])],
    good: (r) => [...str(r, 2, 'DELETE FROM notes'), ...callVirtual(r, 'Landroid/database/sqlite/SQLiteDatabase;', 'execSQL', [S], 'V', [0, 2])],
  },
  { rule: 'android.code.insecure_logging', bad: (r) => [...str(r, 0, 'tag'), ...str(r, 1, 'card'), ...callStatic(r, 'Landroid/util/Log;', 'd', [S, S], 'I', [0, 1])], good: (r) => [...str(r, 0, 'tag')] },
  { rule: 'android.code.dynamic_code_loading', bad: (r) => construct(r, 'Ldalvik/system/DexClassLoader;', [S, S, S, 'Ljava/lang/ClassLoader;'], [1, 2, 3, 4, 5]), good: (r) => [...str(r, 1, 'x')] },
  { rule: 'android.code.clipboard', bad: (r) => callVirtual(r, 'Landroid/content/ClipboardManager;', 'setPrimaryClip', ['Landroid/content/ClipData;'], 'V', [0, 1]), good: (r) => [...str(r, 1, 'x')] },
  { rule: 'android.code.insecure_random', bad: (r) => construct(r, 'Ljava/util/Random;', [], [1]), good: (r) => construct(r, 'Ljava/security/SecureRandom;', [], [1]) },
  { rule: 'android.webview.js_interface', bad: (r) => [...str(r, 2, 'bridge'), ...callVirtual(r, 'Landroid/webkit/WebView;', 'addJavascriptInterface', ['Ljava/lang/Object;', S], 'V', [0, 1, 2])], good: (r) => callVirtual(r, 'Landroid/webkit/WebView;', 'getSettings', [], 'Landroid/webkit/WebSettings;', [0]) },
  { rule: 'android.webview.javascript_enabled', bad: (r) => [...ins.const4(1, 1), ...callVirtual(r, 'Landroid/webkit/WebSettings;', 'setJavaScriptEnabled', ['Z'], 'V', [0, 1])], good: (r) => [...ins.const4(1, 0), ...callVirtual(r, 'Landroid/webkit/WebSettings;', 'setJavaScriptEnabled', ['Z'], 'V', [0, 1])] },
  { rule: 'android.webview.universal_access', bad: (r) => [...ins.const4(1, 1), ...callVirtual(r, 'Landroid/webkit/WebSettings;', 'setAllowUniversalAccessFromFileURLs', ['Z'], 'V', [0, 1])], good: (r) => [...ins.const4(1, 0), ...callVirtual(r, 'Landroid/webkit/WebSettings;', 'setAllowUniversalAccessFromFileURLs', ['Z'], 'V', [0, 1])] },
  { rule: 'android.webview.debugging_enabled', bad: (r) => [...ins.const4(0, 1), ...callStatic(r, 'Landroid/webkit/WebView;', 'setWebContentsDebuggingEnabled', ['Z'], 'V', [0])], good: (r) => [...ins.const4(0, 0), ...callStatic(r, 'Landroid/webkit/WebView;', 'setWebContentsDebuggingEnabled', ['Z'], 'V', [0])] },
  { rule: 'android.webview.ssl_error_proceed', bad: (r) => callVirtual(r, 'Landroid/webkit/SslErrorHandler;', 'proceed', [], 'V', [1]), good: (r) => callVirtual(r, 'Landroid/webkit/SslErrorHandler;', 'cancel', [], 'V', [1]) },
  { rule: 'android.crypto.ecb_mode', bad: (r) => [...str(r, 0, 'AES/ECB/PKCS5Padding'), ...callStatic(r, 'Ljavax/crypto/Cipher;', 'getInstance', [S], 'Ljavax/crypto/Cipher;', [0])], good: (r) => [...str(r, 0, 'AES/GCM/NoPadding'), ...callStatic(r, 'Ljavax/crypto/Cipher;', 'getInstance', [S], 'Ljavax/crypto/Cipher;', [0])] },
  { rule: 'android.crypto.weak_cipher', bad: (r) => [...str(r, 0, 'DES/CBC/PKCS5Padding'), ...callStatic(r, 'Ljavax/crypto/Cipher;', 'getInstance', [S], 'Ljavax/crypto/Cipher;', [0])], good: (r) => [...str(r, 0, 'AES/GCM/NoPadding'), ...callStatic(r, 'Ljavax/crypto/Cipher;', 'getInstance', [S], 'Ljavax/crypto/Cipher;', [0])] },
  { rule: 'android.crypto.weak_hash', bad: (r) => [...str(r, 0, 'MD5'), ...callStatic(r, 'Ljava/security/MessageDigest;', 'getInstance', [S], 'Ljava/security/MessageDigest;', [0])], good: (r) => [...str(r, 0, 'SHA-256'), ...callStatic(r, 'Ljava/security/MessageDigest;', 'getInstance', [S], 'Ljava/security/MessageDigest;', [0])] },
  {
    rule: 'android.crypto.hardcoded_key',
    bad: (r) => [...str(r, 1, 'k3y-material'), ...callVirtual(r, S, 'getBytes', [], '[B', [1]), ...ins.moveResultObject(1), ...str(r, 3, 'AES'), ...construct(r, 'Ljavax/crypto/spec/SecretKeySpec;', ['[B', S], [2, 1, 3])],
    good: (r) => [...str(r, 3, 'AES'), ...construct(r, 'Ljavax/crypto/spec/SecretKeySpec;', ['[B', S], [2, 1, 3])],
  },
  {
    rule: 'android.crypto.static_iv',
    bad: (r) => [...str(r, 1, '0000000000000000'), ...callVirtual(r, S, 'getBytes', [], '[B', [1]), ...ins.moveResultObject(1), ...construct(r, 'Ljavax/crypto/spec/IvParameterSpec;', ['[B'], [2, 1])],
    good: (r) => construct(r, 'Ljavax/crypto/spec/IvParameterSpec;', ['[B'], [2, 1]),
  },
  { rule: 'android.storage.world_readable_writable', bad: (r) => [...str(r, 1, 'f'), ...ins.const4(2, 1), ...callVirtual(r, CTX, 'openFileOutput', [S, 'I'], 'Ljava/io/FileOutputStream;', [0, 1, 2])], good: (r) => [...str(r, 1, 'f'), ...ins.const4(2, 0), ...callVirtual(r, CTX, 'openFileOutput', [S, 'I'], 'Ljava/io/FileOutputStream;', [0, 1, 2])] },
  { rule: 'android.storage.external_storage', bad: (r) => callStatic(r, 'Landroid/os/Environment;', 'getExternalStorageDirectory', [], 'Ljava/io/File;', []), good: (r) => callVirtual(r, CTX, 'getFilesDir', [], 'Ljava/io/File;', [0]) },
  { rule: 'android.storage.shared_preferences_sensitive', bad: (r) => [...str(r, 1, 'password'), ...callVirtual(r, 'Landroid/content/SharedPreferences$Editor;', 'putString', [S, S], 'Landroid/content/SharedPreferences$Editor;', [0, 1, 2])], good: (r) => [...str(r, 1, 'theme'), ...callVirtual(r, 'Landroid/content/SharedPreferences$Editor;', 'putString', [S, S], 'Landroid/content/SharedPreferences$Editor;', [0, 1, 2])] },
  { rule: 'android.storage.sqlite_sensitive', bad: (r) => [...str(r, 1, 'CREATE TABLE u (name TEXT, password TEXT)'), ...callVirtual(r, 'Landroid/database/sqlite/SQLiteDatabase;', 'execSQL', [S], 'V', [0, 1])], good: (r) => [...str(r, 1, 'CREATE TABLE u (name TEXT)'), ...callVirtual(r, 'Landroid/database/sqlite/SQLiteDatabase;', 'execSQL', [S], 'V', [0, 1])] },
];

describe('code checks on DEX bytecode', () => {
  for (const c of CASES) {
    it(`${c.rule}: fails on the bad method, passes on the good one`, async () => {
      const bad = await assess({ classes: [appClass(c.bad)] });
      expect(result(bad, c.rule)).toBe('fail');
      const ev = row(bad, c.rule).evidence[0]!;
      expect(ev).toMatchObject({ file: 'classes.dex', className: 'com.example.app.Main', method: 'run', attribution: { kind: 'main' } });
      expect(result(await assess({ classes: [appClass(c.good)] }), c.rule)).toBe('pass');
    });
  }

  it('attributes a finding in an SDK package to that SDK', async () => {
    const a = await assess({ classes: [appClass(CASES[2]!.bad, { name: 'Lcom/umeng/analytics/Agent;' })] });
    const f = row(a, 'android.code.insecure_logging');
    expect(f.attribution).toEqual({ kind: 'sdk', name: expect.stringMatching(/umeng/i) });
    expect(a.sdks.map((s) => s.name).join()).toMatch(/umeng/i);
  });

  it('finds a trust-all TrustManager and an allow-all HostnameVerifier, not a checking one', async () => {
    const tm = (body: Body) => appClass(body, { name: 'Lcom/example/app/Tm;', method: 'checkServerTrusted', params: ['[Ljava/security/cert/X509Certificate;', S], interfaces: ['Ljavax/net/ssl/X509TrustManager;'] });
    const hv = (lit: number) => appClass((r) => [...ins.const4(0, lit), 0x000f /* return v0 */], { name: 'Lcom/example/app/Hv;', method: 'verify', params: [S, 'Ljavax/net/ssl/SSLSession;'], ret: 'Z', interfaces: ['Ljavax/net/ssl/HostnameVerifier;'] });
    const bad = await assess({ classes: [tm(() => []), hv(1)] });
    expect(result(bad, 'android.network.trust_all_certificates')).toBe('fail');
    expect(result(bad, 'android.network.allow_all_hostname_verifier')).toBe('fail');
    const good = await assess({ classes: [tm((r) => callStatic(r, 'Lcom/example/app/Pins;', 'check', ['[Ljava/security/cert/X509Certificate;'], 'V', [1])), hv(0)] });
    expect(result(good, 'android.network.trust_all_certificates')).toBe('pass');
    expect(result(good, 'android.network.allow_all_hostname_verifier')).toBe('pass');
  });

  it('reports root, debugger and tamper checks as safe, and their absence as a low-risk fail', async () => {
    const a = await assess({
      classes: [
        appClass((r) => [...str(r, 1, '/system/app/Superuser.apk'), ...callStatic(r, 'Landroid/os/Debug;', 'isDebuggerConnected', [], 'Z', [])], { method: 'check' }),
        appClass((r) => [...str(r, 1, 'com.example.app'), ...ins.const(2, 0x40), ...callVirtual(r, 'Landroid/content/pm/PackageManager;', 'getPackageInfo', [S, 'I'], 'Landroid/content/pm/PackageInfo;', [0, 1, 2])], { name: 'Lcom/example/app/Sig;' }),
      ],
    });
    expect(result(a, 'android.resilience.root_detection')).toBe('safe');
    expect(result(a, 'android.resilience.debugger_detection')).toBe('safe');
    expect(result(a, 'android.resilience.tamper_detection')).toBe('safe');
    expect(result(a, 'android.resilience.emulator_detection')).toBe('fail');
    const none = await assess({ classes: [appClass((r) => str(r, 1, 'hello'))] });
    expect(result(none, 'android.resilience.root_detection')).toBe('fail');
    expect(row(none, 'android.resilience.root_detection').risk).toBe('low');
  });

  it('finds a key-shaped constant handed to a method that builds a key', async () => {
    const keyUser = appClass((r) => [...str(r, 3, 'AES'), ...construct(r, 'Ljavax/crypto/spec/SecretKeySpec;', ['[B', S], [2, 1, 3])], { name: 'Lcom/example/app/Crypto;', method: 'decrypt' });
    const caller = (k: string) => appClass((r) => [...str(r, 1, k), ...callStatic(r, 'Lcom/example/app/Crypto;', 'decrypt', [S], 'V', [1])]);
    const bad = await assess({ classes: [keyUser, caller('8d127684cbc37c17616d806cf50473cc')] });
    expect(result(bad, 'android.crypto.hardcoded_key')).toBe('fail');
    expect(row(bad, 'android.crypto.hardcoded_key').evidence[0]!.snippet).toBe('8d127684cbc37c17616d806cf50473cc');
    expect(result(await assess({ classes: [keyUser, caller('not a key at all')] }), 'android.crypto.hardcoded_key')).toBe('pass');
  });
});
