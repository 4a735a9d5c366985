/**
 * What every check gets: engine-core's keyed check context (short keys such
 * as "manifest.debug" become the platform's ids; keys the platform has no
 * item for, an FA-only or Stage-only item on the other platform, are
 * ignored) and the parsed package.
 */
import type { LocalizedText } from '@citadel/contracts';
import { type AssessmentBuilder, type Catalogue, KeyedCheckContext, type SdkMatcher } from '@citadel/engine-core';
import type { HarmonyPlatform } from '../catalogue/index.ts';
import type { HarmonyModule, HarmonyPackage } from '../hap/model.ts';

export class CheckContext extends KeyedCheckContext {
  constructor(
    readonly pkg: HarmonyPackage,
    builder: AssessmentBuilder,
    readonly platform: HarmonyPlatform,
    catalogue: Catalogue,
    readonly sdks: SdkMatcher,
    readonly now: Date,
  ) {
    super(builder, catalogue, platform);
  }

  get modules(): readonly HarmonyModule[] {
    return this.pkg.modules;
  }
}

export const zh = (zhCN: string, en: string): LocalizedText => ({ 'zh-CN': zhCN, en });
