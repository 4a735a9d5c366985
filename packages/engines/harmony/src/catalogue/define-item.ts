/**
 * A compact way to write the HarmonyOS catalogue items: texts as [zh-CN, en]
 * pairs, titles also in zh-TW and ja (the longer zh-TW/ja texts fall back to
 * zh-CN/en through engine-core's catalogue text helper). Each spec says which
 * platforms it applies to: classic HarmonyOS (FA model, platform `harmony`),
 * HarmonyOS NEXT / OpenHarmony Stage model (`harmony_next`) or both; one
 * RuleItem is generated per platform, with the id `<platform>.<category>.<name>`
 * (the Android engine's android / android_sdk twin convention).
 */
import type { LocalizedText, RiskLevel, RuleItem } from '@citadel/contracts';

/** [zh-CN, en] */
export type Pair = readonly [string, string];
/** [zh-CN, en, zh-TW, ja] */
export type Quad = readonly [string, string, string, string];

export type HarmonyPlatform = 'harmony' | 'harmony_next';
export const HARMONY_PLATFORMS: readonly HarmonyPlatform[] = ['harmony', 'harmony_next'];

export interface ItemSpec {
  name: string;
  risk: RiskLevel;
  cwe: string[];
  masvs: string[];
  title: Quad;
  purpose: Pair;
  description: Pair;
  testingSteps: Pair;
  solution: Pair;
  /** Default both platforms. */
  platforms?: readonly HarmonyPlatform[];
  references?: string[];
}

export interface HarmonyItem extends RuleItem {
  /** "<category>.<name>": what the checks use; the context adds the platform prefix. */
  readonly key: string;
}

const pair = (p: Pair): LocalizedText => ({ 'zh-CN': p[0], en: p[1] });
const quad = (q: Quad): LocalizedText => ({ 'zh-CN': q[0], en: q[1], 'zh-TW': q[2], ja: q[3] });

export function items(category: string, specs: readonly ItemSpec[]): HarmonyItem[] {
  return specs.flatMap((s) =>
    (s.platforms ?? HARMONY_PLATFORMS).map((platform) => ({
      key: `${category}.${s.name}`,
      id: `${platform}.${category}.${s.name}`,
      platform,
      category,
      risk: s.risk,
      cwe: s.cwe,
      owasp: s.masvs,
      title: quad(s.title),
      purpose: pair(s.purpose),
      description: pair(s.description),
      testingSteps: pair(s.testingSteps),
      solution: pair(s.solution),
      ...(s.references ? { references: s.references } : {}),
    })),
  );
}
