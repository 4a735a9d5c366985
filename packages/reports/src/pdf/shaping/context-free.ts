/**
 * Which glyphs of a font OpenType shaping can never touch. fontkit runs a fixed
 * set of features (below) through the GSUB and GPOS lookups of the font; a
 * glyph that no lookup of those features mentions — in a coverage table, a
 * class definition, a ligature component, a kerning pair or a context rule —
 * is neither substituted, moved nor used as context, so it can be placed from
 * the cmap and its advance alone, and text can be cut before and after it
 * without changing how the rest is shaped. In Noto Sans CJK this holds for
 * almost every ideograph and kana, which is what makes CJK text cheap.
 *
 * Only the default language system of each script counts: fontkit selects a
 * language's own system only when given a language, and this module's callers
 * never give one (pdfkit does not either). Every script counts, nested
 * lookups count, and anything that could match an arbitrary glyph (class 0 in
 * a context rule or kerning class, a lookup that skips base glyphs) makes the
 * whole font "unsafe", in which case everything is shaped as before.
 */

/** The features fontkit's default shaper applies when it is given none (fontkit 2.0: DefaultShaper). */
const SHAPED_FEATURES = new Set(['rvrn', 'ltra', 'ltrm', 'rtla', 'rtlm', 'frac', 'numr', 'dnom', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern']);

/** Keys whose numbers are glyph ids (or, in class-based rules, class numbers — counting those too only makes the set larger). */
const GLYPH_KEYS = new Set(['glyph', 'glyphs', 'secondGlyph', 'components', 'substitute', 'substitutes', 'alternateSet', 'sequences', 'backtrack', 'input', 'lookahead']);
/** Keys whose glyphs a substitution writes. */
const OUTPUT_KEYS = new Set(['glyph', 'substitute', 'substitutes', 'alternateSet', 'sequences']);
const CLASS_DEF_KEYS = new Set(['classDef', 'classDef1', 'classDef2', 'backtrackClassDef', 'inputClassDef', 'lookaheadClassDef']);
const MAX_NODES = 5_000_000;

export interface FeatureUse {
  tag: string;
  /** In GSUB: may bring glyphs in. */
  substitutes: boolean;
  touched: Set<number>;
  /** Glyphs its substitutions can write. */
  outputs: Set<number>;
  /** A glyph that lets some lookup of the feature act where it stands. */
  triggers: Set<number>;
  /** Ligatures: first glyph then components, all needed. */
  ligatures: number[][];
}

export type TouchedGlyphs = { safe: true; touched: Set<number>; features: FeatureUse[] } | { safe: false; reason: string };

interface LookupTable {
  scriptList: { script: { defaultLangSys?: { featureIndexes: number[] } | null } }[];
  featureList: { tag: string; feature: { lookupListIndexes: number[] } }[];
  lookupList: { length: number; get(i: number): unknown };
  featureVariations?: unknown;
}

class Unsafe extends Error {}

/** `font` is a fontkit font (its GSUB/GPOS getters decode the tables). */
export function touchedGlyphs(font: unknown): TouchedGlyphs {
  try {
    const touched = new Set<number>();
    const features = new Map<string, FeatureUse>();
    const budget = { nodes: 0 };
    for (const name of ['GSUB', 'GPOS'] as const) {
      const table = (font as Record<string, unknown>)[name] as LookupTable | undefined;
      if (!table) continue;
      for (const [tag, lookups] of lookupsOfShapedFeatures(table)) {
        const use = features.get(tag) ?? { tag, substitutes: false, touched: new Set<number>(), outputs: new Set<number>(), triggers: new Set<number>(), ligatures: [] };
        features.set(tag, use);
        if (name === 'GSUB') use.substitutes = true;
        const pending = [...lookups];
        const seen = new Set<number>();
        while (pending.length) {
          const index = pending.pop()!;
          if (seen.has(index)) continue;
          seen.add(index);
          const lookup = table.lookupList.get(index) as { flags?: { flags?: { ignoreBaseGlyphs?: boolean } }; subTables?: unknown } | undefined;
          if (!lookup) throw new Unsafe(`${name} lookup ${index} missing`);
          if (lookup.flags?.flags?.ignoreBaseGlyphs) throw new Unsafe(`${name} lookup ${index} skips base glyphs`);
          collect(lookup.subTables, '', use, pending, budget);
          // Nested lookups run only where their context lookup fired: the context's trigger is enough.
          if (lookups.has(index)) addTriggers(lookup.subTables, use);
        }
        for (const g of use.touched) touched.add(g);
      }
    }
    return { safe: true, touched, features: [...features.values()] };
  } catch (e) {
    return { safe: false, reason: e instanceof Error ? e.message : String(e) };
  }
}

function lookupsOfShapedFeatures(table: LookupTable): Map<string, Set<number>> {
  if (table.featureVariations) throw new Unsafe('feature variations');
  const byTag = new Map<string, Set<number>>();
  for (const { script } of table.scriptList) {
    for (const i of script.defaultLangSys?.featureIndexes ?? []) {
      const record = table.featureList[i];
      if (!record) throw new Unsafe(`feature ${i} missing`);
      if (!SHAPED_FEATURES.has(record.tag)) continue;
      const lookups = byTag.get(record.tag) ?? new Set<number>();
      byTag.set(record.tag, lookups);
      for (const l of record.feature.lookupListIndexes) lookups.add(l);
    }
  }
  return byTag;
}

/**
 * The glyph a subtable must find under the cursor to do anything: its
 * coverage, the first input coverage of a format-3 context, the mark of a mark
 * attachment. A ligature also needs all its components.
 */
function addTriggers(subTables: unknown, use: FeatureUse): void {
  for (let sub of toArray((subTables ?? []) as object) ?? []) {
    const ext = (sub as { extension?: unknown }).extension;
    if (ext) sub = ext;
    const t = sub as Record<string, unknown>;
    const first = (k: string) => (toArray((t[k] ?? []) as object) ?? [])[0];
    const coverage = t.coverage ?? first('inputCoverage') ?? first('coverages') ?? t.markCoverage ?? t.mark1Coverage;
    if (!coverage) throw new Unsafe('subtable without a known coverage');
    const glyphs = coverageGlyphs(coverage);
    const sets = t.ligatureSets ? toArray(t.ligatureSets as object) : undefined;
    if (sets) {
      glyphs.forEach((g, i) => {
        for (const lig of toArray((sets[i] ?? []) as object) ?? []) use.ligatures.push([g, ...((toArray(((lig as { components?: unknown }).components ?? []) as object) ?? []) as number[])]);
      });
    } else for (const g of glyphs) use.triggers.add(g);
  }
}

function coverageGlyphs(coverage: unknown): number[] {
  const c = coverage as { glyphs?: unknown; rangeRecords?: unknown };
  const out: number[] = [];
  for (const g of (c.glyphs ? toArray(c.glyphs as object) : undefined) ?? []) out.push(g as number);
  for (const r of ((c.rangeRecords ? toArray(c.rangeRecords as object) : undefined) ?? []) as { start: number; end: number }[]) {
    if (!(r.end >= r.start) || r.end - r.start > 0x10000) throw new Unsafe('bad glyph range');
    for (let g = r.start; g <= r.end; g++) out.push(g);
  }
  if (!c.glyphs && !c.rangeRecords) throw new Unsafe('unknown coverage format');
  return out;
}

/**
 * The features that can act on a text with these glyphs; the others can be
 * switched off for it without changing the result. Substitutions may bring in
 * new glyphs, so every glyph a substituting feature mentions joins the set
 * until nothing changes.
 */
export function featuresThatCanFire(features: FeatureUse[], glyphs: Iterable<number>): Set<string> {
  const present = new Set(glyphs);
  const on = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of features) {
      if (on.has(f.tag) || !canFire(f, present)) continue;
      on.add(f.tag);
      changed = true;
      if (f.substitutes) for (const g of f.outputs) present.add(g);
    }
  }
  return on;
}

function canFire(f: FeatureUse, present: Set<number>): boolean {
  if (present.size <= f.triggers.size) {
    for (const g of present) if (f.triggers.has(g)) return true;
  } else for (const g of f.triggers) if (present.has(g)) return true;
  return f.ligatures.some((lig) => lig.every((g) => present.has(g)));
}

/** Walks a decoded subtable, adding every glyph id it can name; nested lookups are queued. */
function collect(node: unknown, key: string, use: Pick<FeatureUse, 'touched' | 'outputs'>, pending: number[], budget: { nodes: number }): void {
  const { touched } = use;
  if (++budget.nodes > MAX_NODES) throw new Unsafe('lookup tables too large to analyse');
  if (node == null) return;
  if (typeof node === 'number') {
    if (GLYPH_KEYS.has(key)) touched.add(node);
    if (OUTPUT_KEYS.has(key)) use.outputs.add(node);
    if (key === 'lookupListIndex') pending.push(node);
    return;
  }
  if (typeof node !== 'object') return;
  const list = toArray(node);
  if (list) {
    for (const item of list) collect(item, key, use, pending, budget);
    return;
  }
  const o = node as Record<string, unknown>;
  if (CLASS_DEF_KEYS.has(key)) return addClassDef(o, touched);
  if (Array.isArray(o.rangeRecords)) for (const r of o.rangeRecords as { start: number; end: number }[]) addRange(r.start, r.end, touched);
  if (o.classRecords !== undefined) assertNoClassZeroKerning(o.classRecords);
  for (const rules of ['classSet', 'chainClassSet', 'classSets', 'chainClassSets']) if (o[rules] !== undefined) assertNoClassZeroContext(o[rules]);
  // Single substitution format 1 writes coverage glyph + delta.
  if (typeof o.deltaGlyphID === 'number' && o.coverage) {
    for (const g of coverageGlyphs(o.coverage)) {
      const out = (g + o.deltaGlyphID) & 0xffff;
      touched.add(out);
      use.outputs.add(out);
    }
  }
  for (const [k, v] of Object.entries(o)) if (k !== 'rangeRecords') collect(v, k, use, pending, budget);
}

function toArray(node: object): unknown[] | undefined {
  if (Array.isArray(node)) return node;
  const lazy = node as { toArray?: () => unknown[] };
  return typeof lazy.toArray === 'function' ? lazy.toArray() : undefined;
}

function addRange(start: number, end: number, touched: Set<number>): void {
  if (!(end >= start) || end - start > 0x10000) throw new Unsafe('bad glyph range');
  for (let g = start; g <= end; g++) touched.add(g);
}

/** Glyphs a class definition puts in a class other than 0 (class 0 is checked where rules use it). */
function addClassDef(def: Record<string, unknown>, touched: Set<number>): void {
  const values = def.classValueArray ? toArray(def.classValueArray as object) : undefined;
  if (values) values.forEach((c, i) => c !== 0 && touched.add((def.startGlyph as number) + i));
  const ranges = def.classRangeRecord ? toArray(def.classRangeRecord as object) : undefined;
  if (ranges) for (const r of ranges as { start: number; end: number; class: number }[]) if (r.class !== 0) addRange(r.start, r.end, touched);
}

/** PairPos format 2: a value for second-glyph class 0 would kern against every glyph. */
function assertNoClassZeroKerning(classRecords: unknown): void {
  const rows = toArray((classRecords ?? []) as object) ?? [];
  for (const row of rows) {
    const first = (toArray(row as object) ?? [])[0] as { value1?: object; value2?: object } | undefined;
    if (first && (hasNonZero(first.value1) || hasNonZero(first.value2))) throw new Unsafe('kerning against class 0');
  }
}

/** Class-based (chain) context rules: class 0 in any position stands for every glyph. */
function assertNoClassZeroContext(sets: unknown): void {
  for (const set of toArray((sets ?? []) as object) ?? []) {
    for (const rule of toArray((set ?? []) as object) ?? []) {
      const r = rule as Record<string, unknown>;
      for (const k of ['backtrack', 'input', 'lookahead', 'classes']) {
        const seq = r[k] ? toArray(r[k] as object) : undefined;
        if (seq?.includes(0)) throw new Unsafe('context rule on class 0');
      }
    }
  }
}

function hasNonZero(value: object | undefined): boolean {
  return !!value && Object.values(value).some((v) => typeof v === 'number' && v !== 0);
}
