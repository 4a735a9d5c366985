/**
 * HarmonyOS collection at start-up: the main ability's onCreate /
 * onWindowStageCreate / onForeground and the first page it loads
 * (loadContent('pages/Index')) with its aboutToAppear / onPageShow run before
 * the user can agree to anything. From those methods the `this.helper()`
 * calls into methods of the same record are followed (a few levels); the
 * personal-information sites found in any of them are reported with the path.
 * A method that reads a consent-like constant (privacy / agree / 同意 …)
 * before collecting is taken as gated: the result is then a device check.
 * Callbacks (anonymous functions) and calls into other records are not
 * followed.
 */
import type { AbcMethodFacts, HarmonyPackage } from '@citadel/engine-harmony';
import type { Site } from '../common/sites.ts';

const ABILITY_HOOKS = ['onCreate', 'onWindowStageCreate', 'onForeground'];
const PAGE_HOOKS = ['aboutToAppear', 'onPageShow'];
const CONSENT_WORDS = /privacy|agree|consent|隐私|同意|协议/i;
const MAX_DEPTH = 4;

export interface EarlySite {
  site: Site;
  path: string;
  gated: boolean;
}

/** "./ets/entryability/EntryAbility.ts" → "/ets/entryability/EntryAbility" */
const recordSuffix = (src: string): string => `/${src.replace(/^\.\//, '').replace(/\.(?:ets|ts|js)$/, '')}`;

export function harmonyEarlySites(pkg: HarmonyPackage, sites: readonly Site[]): EarlySite[] {
  const out: EarlySite[] = [];
  for (const m of pkg.modules) {
    const mod = m.stage?.module;
    const ability = mod?.abilities?.find((a) => a.name === mod.mainElement) ?? mod?.abilities?.[0];
    if (!ability?.srcEntry) continue;
    const methods: AbcMethodFacts[] = m.abc.flatMap((x) => (x.file.code === 'decoded' ? x.file.methods : []));
    const abilityRecord = methods.find((x) => x.record.endsWith(recordSuffix(ability.srcEntry!)))?.record;
    if (!abilityRecord) continue;
    const entries: { record: string; hooks: string[]; label: string }[] = [{ record: abilityRecord, hooks: ABILITY_HOOKS, label: ability.name }];
    // The first page: the constant handed to windowStage.loadContent in the ability.
    const page = methods.filter((x) => x.record === abilityRecord).flatMap((x) => x.calls).find((c) => /(?:^|\.)loadContent$/.test(c.callee) && c.args[0]?.kind === 'string');
    const pageName = page?.args[0]?.kind === 'string' ? page.args[0].value : undefined;
    const pageRecord = pageName ? methods.find((x) => x.record.endsWith(`/ets/${pageName}`))?.record : undefined;
    if (pageRecord) entries.push({ record: pageRecord, hooks: PAGE_HOOKS, label: pageName! });
    for (const e of entries) {
      const own = methods.filter((x) => x.record === e.record);
      const reported = new Set<Site>();
      for (const hook of e.hooks) {
        const start = own.find((x) => x.method === hook);
        if (!start) continue;
        const queue: { fn: AbcMethodFacts; path: string[]; gated: boolean }[] = [{ fn: start, path: [`${e.label}.${hook}`], gated: false }];
        const seen = new Set<string>([hook]);
        while (queue.length > 0) {
          const cur = queue.shift()!;
          const gated = cur.gated || cur.fn.strings.some((s) => CONSENT_WORDS.test(s));
          for (const s of sites) {
            if (reported.has(s) || s.evidence.className !== e.record || s.evidence.method !== cur.fn.method) continue;
            reported.add(s);
            const api = s.evidence.detail?.split(': ').slice(1).join(': ') || s.evidence.detail || '';
            out.push({ site: s, path: [...cur.path, api].join(' → '), gated });
          }
          if (cur.path.length > MAX_DEPTH) continue;
          for (const call of cur.fn.calls) {
            const name = /^this\.([\w$]+)$/.exec(call.callee)?.[1];
            if (!name || seen.has(name)) continue;
            const fn = own.find((x) => x.method === name);
            if (!fn) continue;
            seen.add(name);
            queue.push({ fn, path: [...cur.path, name], gated });
          }
        }
      }
    }
  }
  return out;
}
