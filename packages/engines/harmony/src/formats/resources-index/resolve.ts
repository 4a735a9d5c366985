/**
 * Resolving manifest references such as "$string:app_name" (or a numeric id
 * like module.json's labelId) to a value: the default (base) config first, or
 * the best match for a requested locale, following "$string:…" chains a few
 * steps at most.
 */
import type { ResConfig, ResEntry, ResourceIndex } from './resource-table.ts';

const MAX_HOPS = 8;

/** "$string:app_name" → { type: 'string', name: 'app_name' }; undefined for anything else. */
export function parseResourceRef(ref: string): { type: string; name: string } | undefined {
  const m = /^\$([a-z]+):([A-Za-z0-9_.]+)$/.exec(ref.trim());
  return m ? { type: m[1]!, name: m[2]! } : undefined;
}

/** Configs in preference order for a locale like "zh_CN" or "en": exact, language only, then base, then the rest. */
function preferred(index: ResourceIndex, locale?: string): ResConfig[] {
  const [lang, region] = (locale ?? '').split(/[_-]/);
  const score = (c: ResConfig) => {
    if (c.keys.length === 0) return 2;
    const l = c.keys.find((k) => k.typeName === 'language')?.text;
    const r = c.keys.find((k) => k.typeName === 'region')?.text;
    if (lang && l === lang && (!region || r === region)) return region ? 0 : 1;
    if (lang && l === lang) return 1;
    return 3;
  };
  return [...index.configs].sort((a, b) => score(a) - score(b));
}

export function findResource(index: ResourceIndex, ref: string | number, locale?: string): ResEntry | undefined {
  const parsed = typeof ref === 'string' ? parseResourceRef(ref) : undefined;
  if (typeof ref === 'string' && !parsed) return undefined;
  for (const config of preferred(index, locale)) {
    const hit = config.entries.find((e) => (parsed ? e.typeName === parsed.type && e.name === parsed.name : e.id === ref));
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The value a reference stands for; plain text is returned unchanged, an
 * unknown reference gives undefined.
 */
export function resolveResource(index: ResourceIndex, ref: string | number, locale?: string): string | undefined {
  let current: string | number = ref;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (typeof current === 'string' && !parseResourceRef(current)) return current;
    const entry = findResource(index, current, locale);
    if (!entry) return undefined;
    current = entry.value;
  }
  return undefined;
}
