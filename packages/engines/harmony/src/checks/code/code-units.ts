/**
 * The code of a package as the checks see it: one unit per ABC file (its
 * strings, the modules its records import, its record names, the call facts
 * of its decoded methods) and
 * per DEX file of FA packages (strings and class names). Built once and
 * shared by the crypto, ArkWeb, storage, logging, secret, SDK and
 * permission checks.
 */
import type { AbcMethodFacts } from '../../formats/index.ts';
import type { HarmonyModule } from '../../hap/model.ts';

export interface CodeUnit {
  kind: 'abc' | 'dex';
  /** Evidence path, e.g. "entry-default.hap/ets/modules.abc". */
  file: string;
  strings: readonly string[];
  /** Imported modules: "@ohos:net.http" → "net.http"; other requests ("@normalized:…", "@kit.X", "@bundle:…") as written. */
  imports: ReadonlySet<string>;
  /** Record (ABC) or class (DEX) names. */
  names: readonly string[];
  /** Raw module requests of the ABC records, for ohpm package names. */
  requests: readonly string[];
  /** pkgName@… fields of ABC records (the package each record belongs to). */
  packageFields: readonly string[];
  /** ABC: call facts per method (empty when the code was not decoded). */
  methods: readonly AbcMethodFacts[];
  /** ABC whose every method decoded to its end: the call rules decide for it. */
  decoded: boolean;
}

const MAX_STRING_LENGTH = 16_384;

export function moduleImport(request: string): string {
  return request.startsWith('@ohos:') ? request.slice(6) : request.startsWith('@system.') ? request.slice(1) : request;
}

export function codeUnits(modules: readonly HarmonyModule[]): CodeUnit[] {
  const units: CodeUnit[] = [];
  for (const m of modules) {
    for (const { path, file } of m.abc) {
      const requests = [...new Set(file.moduleRecords.flatMap((r) => r.requests))];
      units.push({
        kind: 'abc',
        file: `${m.prefix}${path}`,
        strings: file.strings.map((s) => s.value).filter((s) => s.length <= MAX_STRING_LENGTH),
        imports: new Set(requests.map(moduleImport)),
        names: file.classes.filter((c) => !c.foreign).map((c) => c.name),
        requests,
        packageFields: file.classes.flatMap((c) => c.fields.filter((f) => f.name.startsWith('pkgName@')).map((f) => f.name.slice(8))),
        methods: file.methods,
        decoded: file.code === 'decoded' && file.methods.every((x) => !x.problem),
      });
    }
    for (const d of m.dex) units.push({ kind: 'dex', file: `${m.prefix}${d.path}`, strings: d.strings.filter((s) => s.length <= MAX_STRING_LENGTH), imports: new Set(), names: d.classNames, requests: [], packageFields: [], methods: [], decoded: false });
  }
  return units;
}

/** Whether the unit imports any of the modules (exact, or "@kit.X" given as written). */
export function importsAny(unit: CodeUnit, modules: readonly string[]): boolean {
  return modules.some((m) => unit.imports.has(m));
}
