/**
 * A compact way to write the mini-program catalogue items: texts as
 * [zh-CN, en] pairs, titles also in zh-TW and ja (the longer zh-TW/ja texts
 * fall back to zh-CN/en through engine-core's catalogue text helper).
 *
 * One spec gives up to two items with the same texts: the WeChat item
 * `miniprogram.<category>.<name>` (platform miniprogram) and the Alipay twin
 * `alipay.<category>.<name>` (platform alipay_miniprogram). `platforms`
 * says which exist: WeChat-only items (requiredPrivateInfos, permission
 * descriptions) have no Alipay twin.
 */
import type { LocalizedText, RiskLevel, RuleItem } from '@citadel/contracts';

export type Pair = readonly [string, string];
export type Quad = readonly [string, string, string, string];

export interface ItemSpec {
  name: string;
  risk: RiskLevel;
  cwe: string[];
  owasp: string[];
  title: Quad;
  purpose: Pair;
  description: Pair;
  testingSteps: Pair;
  solution: Pair;
  /** Default both. */
  platforms?: 'both' | 'wechat' | 'alipay';
  references?: string[];
}

export interface MiniItem extends RuleItem {
  /** Id without the platform prefix ("privacy.before_consent"): what the checks use. */
  readonly key: string;
}

const pair = (p: Pair): LocalizedText => ({ 'zh-CN': p[0], en: p[1] });
const quad = (q: Quad): LocalizedText => ({ 'zh-CN': q[0], en: q[1], 'zh-TW': q[2], ja: q[3] });

export const ID_PREFIX = { miniprogram: 'miniprogram', alipay_miniprogram: 'alipay' } as const;

export function items(category: string, specs: readonly ItemSpec[]): MiniItem[] {
  return specs.flatMap((s) => {
    const where = s.platforms ?? 'both';
    const platforms = (['miniprogram', 'alipay_miniprogram'] as const).filter((p) => where === 'both' || (where === 'wechat') === (p === 'miniprogram'));
    return platforms.map((platform) => ({
      key: `${category}.${s.name}`,
      id: `${ID_PREFIX[platform]}.${category}.${s.name}`,
      platform,
      category,
      risk: s.risk,
      cwe: s.cwe,
      owasp: s.owasp,
      title: quad(s.title),
      purpose: pair(s.purpose),
      description: pair(s.description),
      testingSteps: pair(s.testingSteps),
      solution: pair(s.solution),
      ...(s.references ? { references: s.references } : {}),
    }));
  });
}
