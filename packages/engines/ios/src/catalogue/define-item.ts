/**
 * How the iOS catalogue files write their items: texts as [zh-CN, en] pairs
 * (both always complete), titles also in zh-TW and ja; the longer zh-TW and
 * ja texts fall back to zh-CN and en through engine-core's text helper.
 * An item marked `sdk` also exists on the ios_sdk platform (a twin with the
 * id ios_sdk.<category>.<name>), so SDK templates can select it.
 */
import type { LocalizedText, RiskLevel, RuleItem } from '@citadel/contracts';

/** [zh-CN, en] */
export type Pair = readonly [string, string];
/** [zh-CN, en, zh-TW, ja] */
export type Quad = readonly [string, string, string, string];

export interface IosItemSpec {
  /** The id becomes ios.<category>.<name>. */
  name: string;
  risk: RiskLevel;
  cwe: string[];
  masvs: string[];
  title: Quad;
  purpose: Pair;
  description: Pair;
  testingSteps: Pair;
  solution: Pair;
  /** Also applies to SDKs (frameworks, static and dynamic libraries). */
  sdk?: boolean;
  references?: string[];
}

export interface IosItem extends RuleItem {
  /** "<category>.<name>": what the checks use, whatever the platform. */
  readonly key: string;
  readonly appliesToSdk: boolean;
}

const pair = ([zhCN, en]: Pair): LocalizedText => ({ 'zh-CN': zhCN, en });
const quad = ([zhCN, en, zhTW, ja]: Quad): LocalizedText => ({ 'zh-CN': zhCN, en, 'zh-TW': zhTW, ja });

export function iosItems(category: string, specs: readonly IosItemSpec[]): IosItem[] {
  return specs.map((s) => ({
    key: `${category}.${s.name}`,
    appliesToSdk: s.sdk === true,
    id: `ios.${category}.${s.name}`,
    platform: 'ios',
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
  }));
}
