/**
 * The mini-program rule catalogue as data: WeChat items
 * `miniprogram.<category>.<name>` and their Alipay twins
 * `alipay.<category>.<name>` (same texts; WeChat-only items have no twin),
 * each with risk, CWE, OWASP MASVS / Mobile Top 10 ids, zh-CN and en texts
 * and titles in zh-TW and ja.
 */
import { type Catalogue, defineKeyedCatalogue, itemKeys } from '@citadel/engine-core';
import { CODE_ITEMS } from './code.ts';
import { ID_PREFIX, type MiniItem } from './define-item.ts';
import { INFO_ITEMS } from './info.ts';
import { JA_TEXTS } from './ja.ts';
import { NETWORK_ITEMS } from './network.ts';
import { PRIVACY_ITEMS } from './privacy.ts';
import { SECRETS_ITEMS } from './secrets.ts';

export { ID_PREFIX } from './define-item.ts';

const ALL: readonly MiniItem[] = [...SECRETS_ITEMS, ...NETWORK_ITEMS, ...PRIVACY_ITEMS, ...CODE_ITEMS, ...INFO_ITEMS];

export const MINIPROGRAM_CATALOGUE: Catalogue = defineKeyedCatalogue(ALL, undefined, { ja: JA_TEXTS });

/** Short keys ("privacy.before_consent") of every item, either platform. */
export const MINIPROGRAM_ITEM_KEYS: readonly string[] = itemKeys(ALL);

/** The rule id of a short key on a platform: ruleId('alipay_miniprogram', 'code.dynamic_code') → "alipay.code.dynamic_code". */
export function ruleId(platform: keyof typeof ID_PREFIX, key: string): string {
  return `${ID_PREFIX[platform]}.${key}`;
}
