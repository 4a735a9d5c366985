/**
 * What every iOS check gets: engine-core's keyed check context (short keys
 * such as "binary.pie" become ios.* or ios_sdk.* ids; keys the platform does
 * not have are ignored), the parsed package, the SDK matcher for class-prefix
 * attribution, and the analysis time.
 */
import type { Attribution, LocalizedText } from '@citadel/contracts';
import { type AssessmentBuilder, type Catalogue, KeyedCheckContext, type SdkMatcher, attributionOf } from '@citadel/engine-core';
import type { IosPlatform } from '../catalogue/index.ts';
import type { IosPackage } from '../package/model.ts';

export class IosCheckContext extends KeyedCheckContext {
  constructor(
    readonly pkg: IosPackage,
    builder: AssessmentBuilder,
    readonly platform: IosPlatform,
    catalogue: Catalogue,
    readonly sdks: SdkMatcher,
    readonly now: Date,
  ) {
    super(builder, catalogue, platform);
  }

  /** The owner of an Objective-C/Swift class inside a binary owned by `binaryOwner`: an SDK's classes stay the SDK's. */
  classOwner(className: string, binaryOwner: Attribution): Attribution {
    if (binaryOwner.kind === 'sdk') return binaryOwner;
    return attributionOf(this.sdks.matchIosClass(className));
  }
}

export const text = (zhCN: string, en: string): LocalizedText => ({ 'zh-CN': zhCN, en });
