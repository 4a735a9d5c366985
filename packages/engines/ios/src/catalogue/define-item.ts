/**
 * How the iOS catalogue files write their items: engine-core's compact item
 * specs (defineItems: [zh-CN, en] texts, titles also in zh-TW and ja). An
 * item marked `sdk` also applies to SDKs (frameworks, static and dynamic
 * libraries) and exists on the ios_sdk platform (ios_sdk.<category>.<name>),
 * so SDK templates can select it.
 */
import { type KeyedRuleItem, type SdkTwinItemSpec, appWithSdkTwin, defineItems } from '@citadel/engine-core';

/** An iOS item with its short key ("binary.pie"), on ios or ios_sdk. */
export type IosItem = KeyedRuleItem;

const PLACEMENT = appWithSdkTwin('ios', 'ios_sdk');

export function iosItems(category: string, specs: readonly SdkTwinItemSpec[]): IosItem[] {
  return defineItems(category, specs, PLACEMENT);
}
