/**
 * HarmonyOS collection at start-up: the main ability's onCreate /
 * onWindowStageCreate / onForeground and the first page it loads
 * (loadContent('pages/Index')) with its aboutToAppear / onPageShow run before
 * the user can agree to anything. From those methods the `this.helper()`
 * calls into methods of the same record, and calls of functions imported from
 * the app's own files (`import { initSdk } from '../common/Sdk'`, relative,
 * `@bundle:` or `@normalized:` requests) into the record that file compiles
 * to, are followed (a few levels); the personal-information sites found in any
 * of them are reported with the path. A method that reads a consent-like
 * constant (privacy / agree / 同意 …) before collecting is taken as gated: the
 * result is then a device check. Callbacks (anonymous functions) and ohpm
 * packages are not followed.
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

/**
 * A record's source path from its ets/ folder on — "com.example.app/entry/ets/pages/Index" (bundle/module/path)
 * and "&entry/src/main/ets/pages/Index&1.0.0" (normalized OHM url) both give "ets/pages/Index".
 */
export function sourceKey(record: string): string | undefined {
  const path = record.replace(/^&/, '').replace(/&[^&/]*$/, '').replace(/&$/, '');
  const at = path.lastIndexOf('/ets/');
  return at >= 0 ? path.slice(at + 1) : path.startsWith('ets/') ? path : undefined;
}

/** The source key a module request of `fromKey` names, when it is one of the app's own files. */
export function requestKey(fromKey: string, request: string): string | undefined {
  if (request.startsWith('./') || request.startsWith('../')) {
    const parts = fromKey.split('/').slice(0, -1);
    for (const p of request.replace(/\.(?:ets|ts|js)$/, '').split('/')) {
      if (p === '..') parts.pop();
      else if (p !== '.' && p !== '') parts.push(p);
    }
    return parts.join('/');
  }
  if (request.startsWith('@bundle:')) return sourceKey(request.slice('@bundle:'.length));
  // @normalized:N&<module>&<bundle>&<path>&<version>
  if (request.startsWith('@normalized:')) return sourceKey(request.split('&').find((x) => x.includes('/ets/')) ?? '');
  return undefined;
}

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
    const byKey = new Map<string, string>();
    for (const x of methods) {
      const k = sourceKey(x.record);
      if (k && !byKey.has(k)) byKey.set(k, x.record);
    }
    const methodOf = (record: string, name: string) => methods.find((x) => x.record === record && x.method === name);
    for (const e of entries) {
      const reported = new Set<Site>();
      for (const hook of e.hooks) {
        const start = methodOf(e.record, hook);
        if (!start) continue;
        const queue: { fn: AbcMethodFacts; path: string[]; gated: boolean }[] = [{ fn: start, path: [`${e.label}.${hook}`], gated: false }];
        const seen = new Set<string>([`${e.record}#${hook}`]);
        while (queue.length > 0) {
          const cur = queue.shift()!;
          const gated = cur.gated || cur.fn.strings.some((s) => CONSENT_WORDS.test(s));
          for (const s of sites) {
            if (reported.has(s) || s.evidence.className !== cur.fn.record || s.evidence.method !== cur.fn.method) continue;
            reported.add(s);
            const api = s.evidence.detail?.split(': ').slice(1).join(': ') || s.evidence.detail || '';
            out.push({ site: s, path: [...cur.path, api].join(' → '), gated });
          }
          if (cur.path.length > MAX_DEPTH) continue;
          for (const call of cur.fn.calls) {
            // this.helper() in the same record, or a function imported from another file of the app.
            const own = /^this\.([\w$]+)$/.exec(call.callee)?.[1];
            const fromKey = sourceKey(cur.fn.record);
            const otherKey = !own && call.module && fromKey ? requestKey(fromKey, call.module) : undefined;
            const record = own ? cur.fn.record : otherKey ? byKey.get(otherKey) : undefined;
            const name = own ?? call.callee.split('.').pop();
            if (!record || !name || seen.has(`${record}#${name}`)) continue;
            const fn = methodOf(record, name);
            if (!fn) continue;
            seen.add(`${record}#${name}`);
            queue.push({ fn, path: [...cur.path, own ? name : `${otherKey!.split('/').pop()}.${name}`], gated });
          }
        }
      }
    }
  }
  return out;
}
