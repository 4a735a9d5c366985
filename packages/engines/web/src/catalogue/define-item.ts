/**
 * A compact way to write web catalogue items: texts as [zh-CN, en] pairs,
 * the title also in zh-TW and ja (the longer zh-TW/ja texts fall back to
 * zh-CN/en through engine-core's catalogue text helper, like the Android
 * catalogue). Ids are web.<category>.<name>; OWASP ids are Top 10 2021.
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
  references?: string[];
}

const pair = (p: Pair): LocalizedText => ({ 'zh-CN': p[0], en: p[1] });
const quad = (q: Quad): LocalizedText => ({ 'zh-CN': q[0], en: q[1], 'zh-TW': q[2], ja: q[3] });

export function items(category: string, specs: readonly ItemSpec[]): RuleItem[] {
  return specs.map((s) => ({
    id: `web.${category}.${s.name}`,
    platform: 'web',
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
}
