/**
 * What every check gets: engine-core's keyed check context (short keys such
 * as "code.runtime_exec" become android.* or android_sdk.* ids; keys the
 * platform's catalogue does not have are ignored) plus the parsed package and
 * MAIN/SDK attribution of classes through the SDK library.
 */
import type { Attribution, LocalizedText } from '@citadel/contracts';
import { type AssessmentBuilder, type Catalogue, KeyedCheckContext, type SdkMatch, type SdkMatcher, attributionOf } from '@citadel/engine-core';
import type { PackageModel } from '../apk/model.ts';

export type AndroidPlatform = 'android' | 'android_sdk';

export class CheckContext extends KeyedCheckContext {
  private readonly attributionCache = new Map<string, Attribution>();

  constructor(
    readonly model: PackageModel,
    builder: AssessmentBuilder,
    readonly platform: AndroidPlatform,
    catalogue: Catalogue,
    readonly sdks: SdkMatcher,
    readonly now: Date,
  ) {
    super(builder, catalogue, platform);
  }

  /** The SDK owning a class (dotted, slashed or descriptor form), if any. */
  sdkOf(className: string): SdkMatch | undefined {
    return this.sdks.matchPackage(className);
  }

  /** MAIN, or the SDK whose package prefix owns the class (cached per class). */
  attributionOf(className: string): Attribution {
    let a = this.attributionCache.get(className);
    if (!a) {
      a = attributionOf(this.sdks.matchPackage(className));
      if (this.attributionCache.size < 200_000) this.attributionCache.set(className, a);
    }
    return a;
  }
}

/** "Lcom/x/Y$Z;" → "com.x.Y$Z". */
export function javaName(descriptor: string): string {
  return descriptor.startsWith('L') && descriptor.endsWith(';') ? descriptor.slice(1, -1).replace(/\//g, '.') : descriptor.replace(/\//g, '.');
}

export const zh = (zhCN: string, en: string, ja?: string): LocalizedText => ({ 'zh-CN': zhCN, en, ...(ja ? { ja } : {}) });
