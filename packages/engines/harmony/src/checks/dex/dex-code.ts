/**
 * DEX code of classic HarmonyOS (FA model) packages, checked by the Android
 * engine's own code visitors (API, field and string rules, TLS classes, keys
 * and credentials) over one walk of every method: nothing is copied here.
 * An Android check context whose ids are redirected to this catalogue's
 * harmony.dex.<android key> items lets the visitors report straight into the
 * Harmony assessment, with the same evidence (file, class, method) and
 * MAIN/SDK attribution through the same SDK library.
 */
import { AndroidCheckContext, type PackageModel, codeVisitors, scanCode } from '@citadel/engine-android';
import { DEX_CODE_ANDROID_KEYS, dexKey } from '../../catalogue/dex.ts';
import type { CheckContext } from '../context.ts';

export const DEX_KEYS = DEX_CODE_ANDROID_KEYS.map(dexKey);

/** An item of the Android DEX checks (harmony.dex.* / harmony_next.dex.*). */
export const isDexItem = (id: string): boolean => /^harmony(?:_next)?\.dex\./.test(id);

/** Whether any module holds a classes*.dex entry (readable or not). */
export const hasDexEntries = (modules: readonly { entryNames: readonly string[] }[]): boolean => modules.some((m) => m.entryNames.some((n) => /(?:^|\/)classes\d*\.dex$/.test(n)));

/** The Android context with its short keys mapped onto harmony.dex.* (keys without an item are dropped, as usual). */
class DexCheckContext extends AndroidCheckContext {
  constructor(
    model: PackageModel,
    private readonly harmony: CheckContext,
  ) {
    super(model, harmony.builder, 'android', harmony.catalogue, harmony.sdks, harmony.now);
  }

  override id(key: string): string | undefined {
    const id = `${this.harmony.platform}.${dexKey(key)}`;
    return this.catalogue.has(id) ? id : undefined;
  }
}

export interface DexCodeResult {
  methods: number;
  complete: boolean;
  /** Where each distinct DEX string is first used (class and method), for the secret scan's evidence. */
  firstUse: Map<string, { file: string; className?: string; method?: string }>;
}

export async function dexCodeChecks(c: CheckContext): Promise<DexCodeResult | undefined> {
  const dex = c.modules.flatMap((m) => m.dex.flatMap((d) => d.files.map((file) => ({ file: `${m.prefix}${d.path}`, dex: file }))));
  // Without DEX entries the engine leaves these items out of the assessment's scope (engine.ts);
  // DEX entries that could not be parsed leave them not executed, with the reason.
  if (dex.length === 0) {
    if (hasDexEntries(c.modules)) c.notExecuted(DEX_KEYS, 'the DEX code (classes*.dex) could not be read');
    return undefined;
  }
  // The code walk reads only the DEX files and appends what it cannot read; the rest of the Android model is not needed.
  const model: Pick<PackageModel, 'dex' | 'unreadable'> = { dex, unreadable: c.pkg.unreadable };
  const android = new DexCheckContext(model as PackageModel, c);
  let out: DexCodeResult | undefined;
  await c.run(DEX_KEYS, () => {
    const { visitors } = codeVisitors(android);
    const r = scanCode(android, visitors, true);
    const firstUse = new Map<string, { file: string; className?: string; method?: string }>();
    for (const o of r.strings) if (!firstUse.has(o.value)) firstUse.set(o.value, { file: o.where.file ?? '', ...(o.where.className ? { className: o.where.className } : {}), ...(o.where.method ? { method: o.where.method } : {}) });
    out = { methods: r.methods, complete: r.complete, firstUse };
  });
  return out;
}
