/**
 * A compact way to write catalogue items: texts as [zh-CN, en] pairs, the
 * title also in zh-TW and ja. Longer texts in zh-TW and ja are not written
 * here; the catalogue's documented fallback (zh-TW → zh-CN, ja → en, see
 * engine-core catalogue/text.ts) serves them until translators add them.
 */
import type { LocalizedText, RiskLevel, RuleItem } from '@citadel/contracts';

/** [zh-CN, en] */
export type Pair = readonly [string, string];
/** [zh-CN, en, zh-TW, ja] */
export type Quad = readonly [string, string, string, string];

export interface ItemSpec {
  /** "<name>" within the file's category; the id becomes android.<category>.<name>. */
  name: string;
  risk: RiskLevel;
  cwe: string[];
  masvs: string[];
  title: Quad;
  purpose: Pair;
  description: Pair;
  testingSteps: Pair;
  solution: Pair;
  /** The item also applies to SDKs (AAR/JAR): an android_sdk twin is generated. */
  sdk?: boolean;
  references?: string[];
}

export interface AndroidItem extends RuleItem {
  /** Short id without the platform prefix, e.g. "manifest.debuggable": what the checks use. */
  readonly key: string;
  readonly appliesToSdk: boolean;
}

const pair = (p: Pair): LocalizedText => ({ 'zh-CN': p[0], en: p[1] });
const quad = (q: Quad): LocalizedText => ({ 'zh-CN': q[0], en: q[1], 'zh-TW': q[2], ja: q[3] });

export function items(category: string, specs: readonly ItemSpec[]): AndroidItem[] {
  return specs.map((s) => ({
    key: `${category}.${s.name}`,
    appliesToSdk: s.sdk ?? false,
    id: `android.${category}.${s.name}`,
    platform: 'android',
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
