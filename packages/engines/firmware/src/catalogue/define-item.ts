/**
 * How the firmware catalogue writes its items: each text as [zh-CN, en, ja]
 * side by side (the Japanese next to what it translates, so they change
 * together), titles also in zh-TW; zh-TW of the longer texts is derived from
 * zh-CN by OpenCC when asked for (engine-core translations.ts). Ids are
 * firmware.<category>.<name>. OWASP ids are the Top 10 2021 categories the
 * validator knows; the OWASP IoT Top 10 (2018) entry is given as a reference.
 */
import { type ItemSpec, type KeyedRuleItem, type TranslationTable, defineItems, onPlatform } from '@citadel/engine-core';

type Tri = readonly [string, string, string];

export interface FirmwareItemSpec {
  name: string;
  risk: ItemSpec['risk'];
  cwe: string[];
  owasp: string[];
  /** [zh-CN, en, zh-TW, ja] */
  title: readonly [string, string, string, string];
  purpose: Tri;
  description: Tri;
  testingSteps: Tri;
  solution: Tri;
  references?: string[];
}

export const IOT_TOP10 = 'https://owasp.org/www-project-internet-of-things/';

export function firmwareItems(category: string, specs: readonly FirmwareItemSpec[]): { items: KeyedRuleItem[]; ja: TranslationTable } {
  const pair = (t: Tri): readonly [string, string] => [t[0], t[1]];
  const items = defineItems(
    category,
    specs.map((s) => ({ ...s, purpose: pair(s.purpose), description: pair(s.description), testingSteps: pair(s.testingSteps), solution: pair(s.solution) })),
    [onPlatform('firmware')],
  );
  const ja: Record<string, { purpose: string; description: string; testingSteps: string; solution: string }> = {};
  for (const s of specs) ja[`${category}.${s.name}`] = { purpose: s.purpose[2], description: s.description[2], testingSteps: s.testingSteps[2], solution: s.solution[2] };
  return { items, ja };
}
