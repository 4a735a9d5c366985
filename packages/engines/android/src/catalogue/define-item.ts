/**
 * How the Android catalogue files write their items: engine-core's compact
 * item specs (defineItems: [zh-CN, en] texts, titles also in zh-TW and ja).
 * An item marked `sdk` also applies to SDKs (AAR/JAR) and gets an
 * android_sdk twin (android_sdk.<category>.<name>).
 */
import { type KeyedRuleItem, type SdkTwinItemSpec, appWithSdkTwin, defineItems } from '@citadel/engine-core';

/** An Android item with its short key ("manifest.debuggable"), on android or android_sdk. */
export type AndroidItem = KeyedRuleItem;

const PLACEMENT = appWithSdkTwin('android', 'android_sdk');

export function items(category: string, specs: readonly SdkTwinItemSpec[]): AndroidItem[] {
  return defineItems(category, specs, PLACEMENT);
}
