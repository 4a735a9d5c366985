/**
 * permission.beyond_category: the information kinds an app reads or opens a
 * permission for that the basic function of its type (the task's `category`
 * parameter, app-categories.ts) does not need. One occurrence per kind, with
 * the declaration (permission, usage description, requiredPrivateInfos) or
 * the first call site as evidence. Without a category the item is not
 * executed, with how to give one.
 */
import type { Evidence } from '@citadel/contracts';
import type { KeyedCheckContext } from '@citadel/engine-core';
import { APP_CATEGORIES, JUDGED_TYPES, allowedTypes, appCategory } from '../data/app-categories.ts';
import { PI_TYPE_INFO, type PiType } from '../data/pi-apis.ts';
import type { Site } from './sites.ts';

export async function categoryCheck(c: KeyedCheckContext, category: string | undefined, sites: readonly Site[], declared: ReadonlyMap<PiType, Evidence>): Promise<void> {
  const cat = appCategory(category);
  if (!cat) {
    c.notExecuted(['permission.beyond_category'], category ? `unknown app category "${category}": use one of ${APP_CATEGORIES.map((x) => x.id).join(', ')}` : 'no app category given: set the task parameter category (the create page\'s app type) to compare with the necessary information of that type');
    return;
  }
  await c.run(['permission.beyond_category'], () => {
    const allowed = allowedTypes(cat);
    const firstSite = new Map<PiType, Site>();
    for (const s of sites) if (!firstSite.has(s.type) || (s.attribution.kind === 'main' && firstSite.get(s.type)!.attribution.kind !== 'main')) firstSite.set(s.type, s);
    const kinds = new Set<PiType>([...firstSite.keys(), ...declared.keys()]);
    for (const t of kinds) {
      if (!JUDGED_TYPES.has(t) || allowed.has(t)) continue;
      const site = firstSite.get(t);
      const decl = declared.get(t);
      const how = [decl ? `declared: ${decl.snippet}` : undefined, site ? `read: ${site.evidence.detail?.split(';')[0]}` : undefined].filter(Boolean).join('; ');
      const attribution = site?.attribution ?? { kind: 'main' as const };
      c.problem('permission.beyond_category', { ...(site?.evidence ?? decl ?? {}), detail: `${PI_TYPE_INFO[t].name[1]} is beyond what a ${cat.name[1]} app (${cat.name[0]}) needs for its basic function (${cat.necessary}); ${how}`, attribution }, { attribution });
    }
  });
}
