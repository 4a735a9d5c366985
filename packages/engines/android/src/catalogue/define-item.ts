/**
 * How the Android catalogue files write their items: engine-core's compact
 * item specs (defineItems: [zh-CN, en] texts, titles also in zh-TW and ja).
 * An item marked `sdk` also applies to SDKs (AAR/JAR) and gets an
 * android_sdk twin (android_sdk.<category>.<name>).
 */
import { type ItemSpec, type KeyedRuleItem, defineItems, onPlatform } from '@citadel/engine-core';

export interface AndroidItemSpec extends ItemSpec {
  /** The item also applies to SDKs (AAR/JAR): an android_sdk twin is generated. */
  sdk?: boolean;
}

/** An Android item with its short key ("manifest.debuggable"), on android or android_sdk. */
export type AndroidItem = KeyedRuleItem;

const APP = [onPlatform('android')];
const APP_AND_SDK = [onPlatform('android'), onPlatform('android_sdk')];

export function items(category: string, specs: readonly AndroidItemSpec[]): AndroidItem[] {
  return defineItems(category, specs, (s) => (s.sdk ? APP_AND_SDK : APP));
}
