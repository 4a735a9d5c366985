/**
 * The iOS rule catalogue as data: one file per category, every item with a
 * stable id (ios.<category>.<name>), risk, CWE, OWASP MASVS v2 ids and texts
 * in zh-CN and en (titles also in zh-TW and ja). Items that also apply to
 * SDKs get an ios_sdk twin (ios_sdk.<category>.<name>).
 */
import { type Catalogue, defineKeyedCatalogue, itemKeys } from '@citadel/engine-core';
import { BINARY_ITEMS } from './binary.ts';
import { CODE_ITEMS, STORAGE_ITEMS } from './code.ts';
import type { IosItem } from './define-item.ts';
import { JA_TEXTS } from './ja.ts';
import { NETWORK_ITEMS } from './network.ts';
import { PLIST_ITEMS, PROVISIONING_ITEMS } from './plist.ts';
import { RESILIENCE_ITEMS } from './resilience.ts';
import { INFO_ITEMS, SDK_ITEMS } from './sdk.ts';
import { SECRETS_ITEMS } from './secrets.ts';

export type { IosItem } from './define-item.ts';

export type IosPlatform = 'ios' | 'ios_sdk';

const ALL: readonly IosItem[] = [
  ...NETWORK_ITEMS,
  ...BINARY_ITEMS,
  ...CODE_ITEMS,
  ...STORAGE_ITEMS,
  ...PLIST_ITEMS,
  ...PROVISIONING_ITEMS,
  ...SECRETS_ITEMS,
  ...RESILIENCE_ITEMS,
  ...SDK_ITEMS,
  ...INFO_ITEMS,
];

/** Short keys ("binary.pie") of every item, and of those with an ios_sdk twin. */
export const IOS_ITEM_KEYS: readonly string[] = itemKeys(ALL, 'ios');
export const IOS_SDK_ITEM_KEYS: ReadonlySet<string> = new Set(itemKeys(ALL, 'ios_sdk'));

export const IOS_CATALOGUE: Catalogue = defineKeyedCatalogue(ALL, ['ios', 'ios_sdk'], { ja: JA_TEXTS });

/** The rule id of a short key on a platform: iosRuleId('ios_sdk', 'code.nslog'). */
export function iosRuleId(platform: IosPlatform, key: string): string {
  return `${platform}.${key}`;
}
