/**
 * How the iOS catalogue files write their items: engine-core's compact item
 * specs (defineItems: [zh-CN, en] texts, titles also in zh-TW and ja). An
 * item marked `sdk` also exists on the ios_sdk platform (a twin with the id
 * ios_sdk.<category>.<name>), so SDK templates can select it.
 */
import { type ItemSpec, type KeyedRuleItem, defineItems, onPlatform } from '@citadel/engine-core';

export interface IosItemSpec extends ItemSpec {
  /** Also applies to SDKs (frameworks, static and dynamic libraries). */
  sdk?: boolean;
}

/** An iOS item with its short key ("binary.pie"), on ios or ios_sdk. */
export type IosItem = KeyedRuleItem;

const APP = [onPlatform('ios')];
const APP_AND_SDK = [onPlatform('ios'), onPlatform('ios_sdk')];

export function iosItems(category: string, specs: readonly IosItemSpec[]): IosItem[] {
  return defineItems(category, specs, (s) => (s.sdk ? APP_AND_SDK : APP));
}
