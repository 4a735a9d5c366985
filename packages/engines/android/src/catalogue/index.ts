/**
 * The Android rule catalogue as data: one file per category, every item with
 * a stable id (android.<category>.<name>), risk, CWE, OWASP MASVS v2 ids and
 * texts in zh-CN and en (titles also in zh-TW and ja; the longer zh-TW and ja
 * texts fall back to zh-CN and en through the catalogue's text helper).
 *
 * Items that also apply to SDKs (AAR/JAR: code, WebView, crypto, storage,
 * native, secrets, TLS and SDK items) get an android_sdk twin with the id
 * android_sdk.<category>.<name>, so templates of the SDK platform select them.
 */
import { type Catalogue, defineKeyedCatalogue, itemKeys } from '@citadel/engine-core';
import { CERTIFICATE_ITEMS } from './certificate.ts';
import { CODE_ITEMS } from './code.ts';
import { CRYPTO_ITEMS } from './crypto.ts';
import type { AndroidItem } from './define-item.ts';
import { INFO_ITEMS } from './info.ts';
import { JA_TEXTS } from './ja.ts';
import { MANIFEST_ITEMS } from './manifest.ts';
import { NATIVE_ITEMS } from './native.ts';
import { NETWORK_ITEMS } from './network.ts';
import { RESILIENCE_ITEMS } from './resilience.ts';
import { SECRETS_ITEMS } from './secrets.ts';
import { PACKER_ITEMS, SDK_ITEMS } from './sdk.ts';
import { STORAGE_ITEMS } from './storage.ts';
import { WEBVIEW_ITEMS } from './webview.ts';

export type { AndroidItem } from './define-item.ts';

const ALL: readonly AndroidItem[] = [
  ...MANIFEST_ITEMS,
  ...NETWORK_ITEMS,
  ...CERTIFICATE_ITEMS,
  ...CODE_ITEMS,
  ...WEBVIEW_ITEMS,
  ...CRYPTO_ITEMS,
  ...STORAGE_ITEMS,
  ...NATIVE_ITEMS,
  ...SECRETS_ITEMS,
  ...RESILIENCE_ITEMS,
  ...SDK_ITEMS,
  ...PACKER_ITEMS,
  ...INFO_ITEMS,
];

/** Short keys ("manifest.debuggable") of the items that have an android_sdk twin. */
export const SDK_ITEM_KEYS: ReadonlySet<string> = new Set(itemKeys(ALL, 'android_sdk'));
export const ANDROID_ITEM_KEYS: readonly string[] = itemKeys(ALL, 'android');

export const ANDROID_CATALOGUE: Catalogue = defineKeyedCatalogue(ALL, ['android', 'android_sdk'], { ja: JA_TEXTS });

/** The rule id of a short key on a platform: ruleId('android_sdk', 'code.runtime_exec'). */
export function ruleId(platform: 'android' | 'android_sdk', key: string): string {
  return `${platform}.${key}`;
}
