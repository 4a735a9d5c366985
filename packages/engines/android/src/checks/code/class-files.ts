/**
 * Code rules over JAR/AAR class files (SDKs shipped without DEX). The
 * constant pool says which methods and fields a class references, not where
 * or with which arguments, so only rules without argument conditions apply,
 * evidence names the class (not the method), and positive protections are
 * not concluded from it.
 */
import { API_RULES, FIELD_RULES } from './api-rules.ts';
import type { CheckContext } from '../context.ts';
import type { StringOccurrence } from './scan.ts';

export function scanClassFiles(ctx: CheckContext, collectStrings: boolean): StringOccurrence[] {
  const api = new Map<string, string[]>();
  for (const r of API_RULES) {
    if (r.when || r.result === 'safe' || !ctx.wants(r.key)) continue;
    for (const c of r.calls) api.set(c, [...(api.get(c) ?? []), r.key]);
  }
  const fields = new Map<string, string[]>();
  for (const r of FIELD_RULES) {
    if (r.result === 'safe' || !ctx.wants(r.key)) continue;
    for (const f of r.fields) fields.set(f, [...(fields.get(f) ?? []), r.key]);
  }
  const strings: StringOccurrence[] = [];
  const seenStrings = new Set<string>();
  for (const cf of ctx.model.classFiles) {
    const attribution = ctx.attributionOf(cf.className);
    const reported = new Set<string>();
    const hit = (keys: string[] | undefined, ref: string): void => {
      for (const key of keys ?? []) {
        if (reported.has(key)) continue;
        reported.add(key);
        ctx.fail(key, { file: cf.file, className: cf.className, snippet: ref, detail: 'referenced in the constant pool (class files carry no per-method call sites)' }, { attribution });
      }
    };
    for (const m of cf.methodRefs) {
      const ref = `L${m.className};->${m.name}`;
      hit(api.get(ref) ?? api.get(`*->${m.name}`), `${ref}${m.descriptor}`);
    }
    for (const f of cf.fieldRefs) hit(fields.get(`L${f.className};->${f.name}`), `L${f.className};->${f.name}`);
    if (!collectStrings) continue;
    for (const s of cf.strings) {
      if (s.length < 4 || s.length > 8192 || seenStrings.has(s)) continue;
      seenStrings.add(s);
      strings.push({ value: s, where: { file: cf.file, className: cf.className }, attribution });
    }
  }
  return strings;
}
