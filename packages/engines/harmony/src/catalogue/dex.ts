/**
 * Items of the DEX code checks for classic HarmonyOS (FA model) packages that
 * still carry Java code (classes*.dex): the Android engine's code items,
 * reused as they are — same risk, CWE, OWASP and texts — under
 * harmony.dex.<android key> (e.g. harmony.dex.crypto.ecb_mode). The checks
 * are the Android engine's own visitors (checks/dex/dex-code.ts), so the
 * list below is just which of its code keys apply to a HAP.
 */
import { ANDROID_CATALOGUE } from '@citadel/engine-android';
import type { HarmonyItem } from './define-item.ts';

/** Keys reported by the Android code visitors (API, field and string rules, TLS classes, keys and credentials). */
export const DEX_CODE_ANDROID_KEYS = [
  'crypto.ecb_mode',
  'crypto.weak_cipher',
  'crypto.weak_hash',
  'crypto.rsa_no_padding',
  'crypto.static_iv',
  'crypto.hardcoded_key',
  'code.runtime_exec',
  'code.dynamic_code_loading',
  'code.sql_injection',
  'code.insecure_random',
  'code.insecure_logging',
  'code.temp_file',
  'code.clipboard',
  'network.trust_all_certificates',
  'network.allow_all_hostname_verifier',
  'storage.external_storage',
  'storage.world_readable_writable',
  'storage.shared_preferences_sensitive',
  'storage.sqlite_sensitive',
  'webview.javascript_enabled',
  'webview.js_interface',
  'webview.file_access',
  'webview.universal_access',
  'webview.mixed_content',
  'webview.ssl_error_proceed',
  'webview.debugging_enabled',
  'secrets.hardcoded_credentials',
] as const;

/** The Harmony key of an Android code key: "dex.crypto.ecb_mode". */
export const dexKey = (androidKey: string): string => `dex.${androidKey}`;

/**
 * Their titles say where they look: several have a HarmonyOS twin over ArkTS
 * code (harmony.crypto.weak_hash …) with the same Android title, and two
 * items of one result page must never read the same (issue 19).
 */
const DEX_TITLE_SUFFIX: Record<string, string> = { 'zh-CN': '（DEX代码）', 'zh-TW': '（DEX程式碼）', en: ' (DEX code)', ja: '（DEX コード）' };

function dexTitle(title: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(title).map(([lang, text]) => [lang, `${text}${DEX_TITLE_SUFFIX[lang] ?? ' (DEX)'}`]));
}

export const DEX_ITEMS: HarmonyItem[] = DEX_CODE_ANDROID_KEYS.flatMap((k) => {
  const id = `android.${k}`;
  if (!ANDROID_CATALOGUE.has(id)) return [];
  const { id: _id, platform: _platform, ...item } = ANDROID_CATALOGUE.get(id);
  return [{ ...item, title: dexTitle(item.title as Record<string, string>) as typeof item.title, key: dexKey(k), id: `harmony.${dexKey(k)}`, platform: 'harmony' as const }];
});
