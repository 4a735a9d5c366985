/**
 * How the network and ICS catalogue files write their items: engine-core's
 * compact item specs ([zh-CN, en] texts, titles also in zh-TW and ja; the
 * longer ja texts in ja.ts). Ids are network.<category>.<name> and
 * ics.<category>.<name>. OWASP ids are Top 10 2021 where one fits.
 */
import { type ItemSpec, type KeyedRuleItem, defineItems, onPlatform } from '@citadel/engine-core';

export const networkItems = (category: string, specs: readonly ItemSpec[]): KeyedRuleItem[] => defineItems(category, specs, [onPlatform('network')]);
export const icsItems = (category: string, specs: readonly ItemSpec[]): KeyedRuleItem[] => defineItems(category, specs, [onPlatform('ics')]);
