/**
 * The rule catalogue as a read-only reference (SPEC §2 testing management,
 * "rule settings"): what every engine checks, per platform, with each item's
 * category, risk, CWE/OWASP ids and texts in the reader's language — for a
 * security engineer to look up, not to edit (templates select items).
 */
import type { Locale, Platform, RuleItem, RuleTexts } from '@citadel/contracts';
import type { Identity } from '../auth/auth-service.ts';
import { ruleTexts } from '../tasks/rule-texts.ts';
import { assertGrant } from './ownership.ts';

export const RULE_REFERENCE_RESOURCE = 'Rule_Settings';

export interface RuleReference {
  /** Every platform with catalogue items, and how many; in the order the engines list them. */
  platforms: { platform: Platform; count: number }[];
  /** The chosen platform (the first one when none was asked for). */
  platform: Platform | null;
  items: RuleTexts[];
}

export function ruleReference(who: Identity, catalogue: Iterable<RuleItem>, locale: Locale, platform?: Platform): RuleReference {
  assertGrant(who, RULE_REFERENCE_RESOURCE, 'view');
  const counts = new Map<Platform, number>();
  const all = [...catalogue];
  for (const item of all) counts.set(item.platform, (counts.get(item.platform) ?? 0) + 1);
  const chosen = platform ?? counts.keys().next().value ?? null;
  return {
    platforms: [...counts].map(([p, count]) => ({ platform: p, count })),
    platform: chosen,
    items: all.filter((i) => i.platform === chosen).map((i) => ruleTexts(i, locale)),
  };
}
