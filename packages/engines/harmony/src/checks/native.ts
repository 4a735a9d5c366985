/** Native library checks for libs/<abi>/*.so of every module, from engine-core's ELF protection facts. */
import type { Evidence } from '@citadel/contracts';
import { FormatError, type NativeProtections, checkNativeProtections, parseElf } from '@citadel/engine-core';
import type { HarmonyModule, NativeLib } from '../hap/model.ts';
import type { CheckContext } from './context.ts';

export const NATIVE_KEYS = ['native.nx', 'native.stack_canary', 'native.pie', 'native.relro', 'native.fortify', 'native.rpath', 'native.text_relocations', 'native.dangerous_functions', 'native.not_stripped'] as const;

const MAX_LIBRARY_BYTES = 256 << 20;

export interface NativeLibSummary {
  path: string;
  abi: string;
  size: number;
  architecture?: string;
  protections?: Record<string, unknown>;
}

/** Which facts fail which item, and how the evidence says it. */
const RULES: readonly [key: (typeof NATIVE_KEYS)[number], fails: (p: NativeProtections) => string | undefined][] = [
  ['native.nx', (p) => (p.nx ? undefined : `PT_GNU_STACK ${p.gnuStack}: executable stack`)],
  ['native.stack_canary', (p) => (p.stackCanary ? undefined : 'no __stack_chk_fail / __stack_chk_guard')],
  ['native.pie', (p) => (p.elfType === 'executable' ? 'ET_EXEC: not position independent' : undefined)],
  ['native.relro', (p) => (p.relro === 'full' ? undefined : p.relro === 'none' ? 'no PT_GNU_RELRO' : 'partial RELRO (no BIND_NOW)')],
  ['native.fortify', (p) => (p.fortify ? undefined : 'no __*_chk functions imported')],
  ['native.rpath', (p) => (p.rpath.length || p.runpath.length ? `RPATH ${p.rpath.join(':') || '-'} RUNPATH ${p.runpath.join(':') || '-'}` : undefined)],
  ['native.text_relocations', (p) => (p.textRelocations ? 'DT_TEXTREL / DF_TEXTREL' : undefined)],
  ['native.dangerous_functions', (p) => (p.dangerousFunctions.length ? `imports ${p.dangerousFunctions.map((d) => d.name).join(', ')}` : undefined)],
  ['native.not_stripped', (p) => (p.stripped ? undefined : '.symtab present')],
];

export async function nativeChecks(c: CheckContext): Promise<NativeLibSummary[]> {
  const out: NativeLibSummary[] = [];
  const libs = c.modules.flatMap((m) => m.nativeLibs.map((lib) => ({ m, lib })));
  for (const { m, lib } of libs) out.push({ path: `${m.prefix}${lib.path}`, abi: lib.abi, size: lib.size });
  if (!c.wants(...NATIVE_KEYS)) return out;
  await c.run(NATIVE_KEYS, async () => {
    for (const [i, { m, lib }] of libs.entries()) {
      c.builder.throwIfAborted();
      const p = await protectionsOf(c, m, lib);
      if (!p) continue;
      out[i]!.architecture = `${p.architecture} ${p.bits}-bit`;
      out[i]!.protections = { nx: p.nx, pie: p.elfType !== 'executable', stackCanary: p.stackCanary, relro: p.relro, fortify: p.fortify, stripped: p.stripped };
      for (const [key, fails] of RULES) {
        const why = fails(p);
        if (why) c.fail(key, { file: `${m.prefix}${lib.path}`, detail: `${lib.abi} (${p.architecture}, ${p.bits}-bit): ${why}` } satisfies Evidence);
      }
    }
  });
  return out;
}

async function protectionsOf(c: CheckContext, m: HarmonyModule, lib: NativeLib): Promise<NativeProtections | undefined> {
  try {
    return checkNativeProtections(parseElf(await m.zip.read(lib.path, { maxBytes: MAX_LIBRARY_BYTES })));
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    c.pkg.unreadable.push({ file: `${m.prefix}${lib.path}`, reason: e.message });
    return undefined;
  }
}
