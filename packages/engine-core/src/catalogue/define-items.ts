/**
 * The compact way engines write their catalogue items: texts as
 * [zh-CN, en] pairs, the title also in zh-TW and ja. The longer ja texts come
 * from the engine's translation table and zh-TW from the zh-CN text (see
 * translations.ts), both applied when the catalogue is defined.
 *
 * One spec can stand on several platforms of an engine with the same texts:
 * android and its android_sdk twin, harmony and harmony_next, the WeChat
 * mini-program and its Alipay twin. Each gets the id
 * `<idPrefix>.<category>.<name>`, and every item keeps its short key
 * `<category>.<name>`, which is what the checks use (see KeyedCheckContext).
 */
import type { LocalizedText, Platform, RiskLevel, RuleItem } from '@citadel/contracts';
import { type Catalogue, defineCatalogue } from './define.ts';
import type { CatalogueTranslations } from './translations.ts';

/** [zh-CN, en] */
export type TextPair = readonly [string, string];
/** [zh-CN, en, zh-TW, ja] */
export type TitleTexts = readonly [string, string, string, string];

export interface ItemSpec {
  /** The item's name within its category. */
  name: string;
  risk: RiskLevel;
  cwe: string[];
  /** OWASP ids (MASVS v2 for mobile platforms, Top 10 for web). */
  owasp: string[];
  title: TitleTexts;
  purpose: TextPair;
  description: TextPair;
  testingSteps: TextPair;
  solution: TextPair;
  references?: string[];
}

/** A platform an item can stand on, and the prefix of its ids there. */
export interface ItemPlatform {
  readonly platform: Platform;
  readonly idPrefix: string;
}

/** A rule item with its short key ("manifest.debuggable"), the same on every platform. */
export interface KeyedRuleItem extends RuleItem {
  readonly key: string;
}

const pair = (p: TextPair): LocalizedText => ({ 'zh-CN': p[0], en: p[1] });
const title = (q: TitleTexts): LocalizedText => ({ 'zh-CN': q[0], en: q[1], 'zh-TW': q[2], ja: q[3] });

/** The platform whose ids start with its own name (android, ios, web …). */
export const onPlatform = (platform: Platform): ItemPlatform => ({ platform, idPrefix: platform });

/** A spec of an engine whose items can also apply to SDKs (android / android_sdk, ios / ios_sdk). */
export interface SdkTwinItemSpec extends ItemSpec {
  /** The item also applies to SDKs: a twin on the SDK platform is generated. */
  sdk?: boolean;
}

/** Where a SdkTwinItemSpec stands: on the app platform, and also on the SDK platform when marked `sdk`. */
export function appWithSdkTwin(app: Platform, sdk: Platform): (spec: SdkTwinItemSpec) => readonly ItemPlatform[] {
  const appOnly = [onPlatform(app)];
  const both = [onPlatform(app), onPlatform(sdk)];
  return (spec) => (spec.sdk ? both : appOnly);
}

/**
 * The items of one category: each spec becomes one item per platform it
 * stands on (`platforms`, or `platforms(spec)` when specs differ), in spec order.
 */
export function defineItems<S extends ItemSpec>(category: string, specs: readonly S[], platforms: readonly ItemPlatform[] | ((spec: S) => readonly ItemPlatform[])): KeyedRuleItem[] {
  return specs.flatMap((s) =>
    (typeof platforms === 'function' ? platforms(s) : platforms).map(({ platform, idPrefix }) => ({
      key: `${category}.${s.name}`,
      id: `${idPrefix}.${category}.${s.name}`,
      platform,
      category,
      risk: s.risk,
      cwe: s.cwe,
      owasp: s.owasp,
      title: title(s.title),
      purpose: pair(s.purpose),
      description: pair(s.description),
      testingSteps: pair(s.testingSteps),
      solution: pair(s.solution),
      ...(s.references ? { references: s.references } : {}),
    })),
  );
}

/**
 * A catalogue of keyed items (the keys dropped). With `platformOrder`, the
 * items are grouped by platform in that order (all android items, then the
 * android_sdk twins); without it they keep their order.
 */
export function defineKeyedCatalogue(items: readonly KeyedRuleItem[], platformOrder?: readonly Platform[], translations?: CatalogueTranslations): Catalogue {
  const ordered = platformOrder ? platformOrder.flatMap((p) => items.filter((i) => i.platform === p)) : items;
  return defineCatalogue(
    ordered.map(({ key: _key, ...item }) => item),
    translations,
  );
}

/** The distinct short keys of the items (of one platform when given), in order. */
export function itemKeys(items: readonly KeyedRuleItem[], platform?: Platform): string[] {
  return [...new Set(items.filter((i) => platform === undefined || i.platform === platform).map((i) => i.key))];
}
