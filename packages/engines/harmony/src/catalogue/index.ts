/**
 * The HarmonyOS rule catalogue as data: one file per category, every item
 * with risk, CWE, OWASP MASVS v2 ids and texts (zh-CN and en complete, titles
 * also in zh-TW and ja). Items exist for the classic HarmonyOS FA model
 * (platform harmony, ids harmony.<category>.<name>) and for HarmonyOS NEXT /
 * OpenHarmony Stage (platform harmony_next, ids harmony_next.<category>.<name>);
 * each spec says which platforms it applies to. FA packages that carry DEX
 * code also get the Android engine's code items (harmony.dex.*, dex.ts).
 */
import { type Catalogue, defineKeyedCatalogue, itemKeys } from '@citadel/engine-core';
import { CRYPTO_ITEMS, LOGGING_ITEMS, STORAGE_ITEMS, WEBVIEW_ITEMS } from './code.ts';
import { DEX_ITEMS } from './dex.ts';
import type { HarmonyItem } from './define-item.ts';
import { JA_TEXTS } from './ja.ts';
import { MANIFEST_ITEMS } from './manifest.ts';
import { NATIVE_ITEMS } from './native.ts';
import { NETWORK_ITEMS } from './network.ts';
import { PERMISSION_ITEMS } from './permissions.ts';
import { INFO_ITEMS, SDK_ITEMS } from './sdk.ts';
import { SECRETS_ITEMS } from './secrets.ts';
import { SIGNING_ITEMS } from './signing.ts';

export type { HarmonyItem, HarmonyPlatform } from './define-item.ts';
export { HARMONY_PLATFORMS } from './define-item.ts';

const ALL: readonly HarmonyItem[] = [
  ...MANIFEST_ITEMS,
  ...PERMISSION_ITEMS,
  ...NETWORK_ITEMS,
  ...SIGNING_ITEMS,
  ...CRYPTO_ITEMS,
  ...WEBVIEW_ITEMS,
  ...STORAGE_ITEMS,
  ...LOGGING_ITEMS,
  ...DEX_ITEMS,
  ...SECRETS_ITEMS,
  ...NATIVE_ITEMS,
  ...SDK_ITEMS,
  ...INFO_ITEMS,
];

/** Short keys ("manifest.debug") of every item, whatever its platforms. */
export const HARMONY_ITEM_KEYS: readonly string[] = itemKeys(ALL);

export const HARMONY_CATALOGUE: Catalogue = defineKeyedCatalogue(ALL, undefined, { ja: JA_TEXTS });
