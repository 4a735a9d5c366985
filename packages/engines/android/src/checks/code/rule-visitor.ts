/**
 * Applies the API, field and string rules (api-rules.ts) to each method:
 * rule lookups are cached per DEX index, so a method costs a few array reads
 * per instruction of interest.
 */
import type { DexFile } from '../../formats/index.ts';
import { API_RULES, type ApiRule, FIELD_LITERAL_RULES, FIELD_RULES, type FieldRule, STRING_RULES, type StringRule } from './api-rules.ts';
import { type MethodSite, type DexView, callText, methodEvidence } from './site.ts';
import type { CodeVisitor, Reporter } from './visitor.ts';

const EMPTY: readonly never[] = [];

function byCall(rules: readonly ApiRule[]): Map<string, ApiRule[]> {
  const map = new Map<string, ApiRule[]>();
  for (const r of rules) for (const c of r.calls) map.set(c, [...(map.get(c) ?? []), r]);
  return map;
}

/** "Lcom/x/Y;" → "com/x/" (the API's package, for externalOnly). */
const packageOf = (key: string): string => key.slice(1, key.lastIndexOf('/') + 1);

export class RuleVisitor implements CodeVisitor {
  readonly keys: string[];
  private readonly api: Map<string, ApiRule[]>;
  private readonly fields: Map<string, FieldRule[]>;
  private readonly strings: readonly StringRule[];
  /** Field-and-literal rules of the selected items, by the field they test. */
  private readonly literals = new Map<string, (typeof FIELD_LITERAL_RULES)[number][]>();
  private dex?: DexFile;
  private apiCache: (readonly ApiRule[] | undefined)[] = [];
  private fieldCache: (readonly FieldRule[] | undefined)[] = [];
  private stringCache: (readonly StringRule[] | undefined)[] = [];

  constructor(
    private readonly reporter: Reporter,
    wants: (key: string) => boolean,
  ) {
    this.api = byCall(API_RULES.filter((r) => wants(r.key)));
    const fieldMap = new Map<string, FieldRule[]>();
    for (const r of FIELD_RULES.filter((x) => wants(x.key))) for (const f of r.fields) fieldMap.set(f, [...(fieldMap.get(f) ?? []), r]);
    this.fields = fieldMap;
    this.strings = STRING_RULES.filter((r) => wants(r.key));
    this.keys = [...new Set([...API_RULES, ...FIELD_RULES, ...STRING_RULES, ...FIELD_LITERAL_RULES].map((r) => r.key))].filter(wants);
    for (const r of FIELD_LITERAL_RULES.filter((x) => wants(x.key))) this.literals.set(r.field, [...(this.literals.get(r.field) ?? []), r]);
  }

  private reset(dex: DexFile): void {
    this.dex = dex;
    this.apiCache = new Array(dex.methodCount);
    this.fieldCache = new Array(dex.fieldCount);
    this.stringCache = new Array(dex.stringCount);
  }

  private apiRules(view: DexView, i: number): readonly ApiRule[] {
    let r = this.apiCache[i];
    if (r === undefined) {
      const key = view.methodKey(i);
      const name = key.slice(key.indexOf('->'));
      r = this.api.get(key) ?? this.api.get(`*${name}`) ?? EMPTY;
      if (i >= 0 && i < this.apiCache.length) this.apiCache[i] = r;
    }
    return r;
  }

  private fieldRules(view: DexView, i: number): readonly FieldRule[] {
    let r = this.fieldCache[i];
    if (r === undefined) {
      r = this.fields.get(view.fieldKey(i)) ?? EMPTY;
      if (i >= 0 && i < this.fieldCache.length) this.fieldCache[i] = r;
    }
    return r;
  }

  private stringRules(view: DexView, i: number): readonly StringRule[] {
    let r = this.stringCache[i];
    if (r === undefined) {
      const s = view.string(i);
      r = s === undefined || s.length > 4096 ? EMPTY : this.strings.filter((rule) => rule.pattern.test(s));
      if (r.length === 0) r = EMPTY;
      if (i >= 0 && i < this.stringCache.length) this.stringCache[i] = r;
    }
    return r;
  }

  method(m: MethodSite): void {
    if (this.dex !== m.view.dex) this.reset(m.view.dex);
    const isMain = m.attribution.kind === 'main';
    let callerPackage: string | undefined;
    for (const inv of m.facts.invokes) {
      if (inv.kind === 'custom' || inv.kind === 'polymorphic') continue;
      const rules = this.apiRules(m.view, inv.methodIndex);
      for (const rule of rules) {
        if (rule.mainOnly && !isMain) continue;
        callerPackage ??= m.classDef.name.slice(1, m.classDef.name.lastIndexOf('/') + 1);
        if (rule.externalOnly && callerPackage.startsWith(packageOf(m.view.methodKey(inv.methodIndex)))) continue;
        if (rule.when && !rule.when(inv, m.view)) continue;
        this.reporter.report(rule.key, rule.result ?? 'fail', m, () => methodEvidence(m, callText(m.view, inv)));
      }
    }
    if (this.fields.size > 0 || this.literals.size > 0) {
      for (const f of m.facts.fields) {
        if (f.access !== 'read') continue;
        for (const rule of this.fieldRules(m.view, f.fieldIndex)) {
          if (rule.mainOnly && !isMain) continue;
          this.reporter.report(rule.key, rule.result ?? 'fail', m, () => methodEvidence(m, m.view.fieldKey(f.fieldIndex)));
        }
        if (this.literals.size === 0) continue;
        for (const rule of this.literals.get(m.view.fieldKey(f.fieldIndex)) ?? EMPTY) {
          if (rule.mainOnly && !isMain) continue;
          if (m.facts.literals.includes(rule.literal)) {
            this.reporter.report(rule.key, rule.result ?? 'fail', m, () => methodEvidence(m, rule.field, `tested against ${rule.literal}`));
          }
        }
      }
    }
    if (this.strings.length > 0) {
      for (const s of m.facts.strings) {
        for (const rule of this.stringRules(m.view, s.stringIndex)) {
          if (rule.mainOnly && !isMain) continue;
          if (rule.withCall && !m.facts.invokes.some((inv) => rule.withCall!.includes(m.view.methodKey(inv.methodIndex)))) continue;
          this.reporter.report(rule.key, rule.result ?? 'fail', m, () => methodEvidence(m, JSON.stringify(m.view.string(s.stringIndex)?.slice(0, 200) ?? '')));
        }
      }
    }
  }
}
