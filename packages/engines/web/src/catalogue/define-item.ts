/**
 * How the web catalogue files write their items: engine-core's compact item
 * specs (defineItems: [zh-CN, en] texts, titles also in zh-TW and ja). Ids
 * are web.<category>.<name>; OWASP ids are Top 10 2021.
 */
import { type ItemSpec, type KeyedRuleItem, defineItems, onPlatform } from '@citadel/engine-core';

const WEB = [onPlatform('web')];

export function items(category: string, specs: readonly ItemSpec[]): KeyedRuleItem[] {
  return defineItems(category, specs, WEB);
}
