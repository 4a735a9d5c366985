/**
 * How the mini-program catalogue files write their items: engine-core's
 * compact item specs (defineItems). One spec gives up to two items with the
 * same texts: the WeChat item `miniprogram.<category>.<name>` (platform
 * miniprogram) and the Alipay twin `alipay.<category>.<name>` (platform
 * alipay_miniprogram). `platforms` says which exist: WeChat-only items
 * (requiredPrivateInfos, permission descriptions) have no Alipay twin.
 */
import { type ItemPlatform, type ItemSpec as CoreItemSpec, type KeyedRuleItem, defineItems } from '@citadel/engine-core';

export interface ItemSpec extends CoreItemSpec {
  /** Default both. */
  platforms?: 'both' | 'wechat' | 'alipay';
}

/** A mini-program item with its short key ("privacy.before_consent"): what the checks use. */
export type MiniItem = KeyedRuleItem;

export const ID_PREFIX = { miniprogram: 'miniprogram', alipay_miniprogram: 'alipay' } as const;

const WECHAT: ItemPlatform = { platform: 'miniprogram', idPrefix: ID_PREFIX.miniprogram };
const ALIPAY: ItemPlatform = { platform: 'alipay_miniprogram', idPrefix: ID_PREFIX.alipay_miniprogram };
const WHERE = { both: [WECHAT, ALIPAY], wechat: [WECHAT], alipay: [ALIPAY] } as const;

export function items(category: string, specs: readonly ItemSpec[]): MiniItem[] {
  return defineItems(category, specs, (s) => WHERE[s.platforms ?? 'both']);
}
