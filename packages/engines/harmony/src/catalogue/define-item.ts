/**
 * How the HarmonyOS catalogue files write their items: engine-core's compact
 * item specs (defineItems). Each spec says which platforms it applies to:
 * classic HarmonyOS (FA model, platform `harmony`), HarmonyOS NEXT /
 * OpenHarmony Stage model (`harmony_next`) or both; one item is generated per
 * platform, with the id `<platform>.<category>.<name>`.
 */
import { type ItemSpec as CoreItemSpec, type KeyedRuleItem, defineItems, onPlatform } from '@citadel/engine-core';

export type HarmonyPlatform = 'harmony' | 'harmony_next';
export const HARMONY_PLATFORMS: readonly HarmonyPlatform[] = ['harmony', 'harmony_next'];

export interface ItemSpec extends CoreItemSpec {
  /** Default both platforms. */
  platforms?: readonly HarmonyPlatform[];
}

/** A HarmonyOS item with its short key ("manifest.debug"): what the checks use. */
export type HarmonyItem = KeyedRuleItem;

export function items(category: string, specs: readonly ItemSpec[]): HarmonyItem[] {
  return defineItems(category, specs, (s) => (s.platforms ?? HARMONY_PLATFORMS).map(onPlatform));
}
