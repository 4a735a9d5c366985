/** Native library checks per .so and ABI, from the shared ELF reader's protection facts. */
import { FormatError, checkNativeProtections, parseElf, type NativeProtections } from '@citadel/engine-core';
import type { Evidence } from '@citadel/contracts';
import { tryRead } from '../apk/open-package.ts';
import type { NativeLib } from '../apk/model.ts';
import type { CheckContext } from './context.ts';

export const NATIVE_KEYS = ['native.nx', 'native.stack_canary', 'native.pie', 'native.relro', 'native.fortify', 'native.rpath', 'native.text_relocations', 'native.dangerous_functions', 'native.not_stripped', 'native.page_alignment_16k'] as const;

const MAX_LIBRARY_BYTES = 256 << 20;

/** Facts of one library, for the result page (native libraries per ABI). */
export interface NativeLibInfo {
  path: string;
  abi: string;
  size: number;
  protections?: Omit<NativeProtections, 'dangerousFunctions' | 'warnings'> & { dangerousFunctions: string[] };
}

export async function nativeChecks(ctx: CheckContext): Promise<NativeLibInfo[]> {
  const out: NativeLibInfo[] = ctx.model.nativeLibs.map((l) => ({ path: l.path, abi: l.abi, size: l.size }));
  if (!ctx.wants(...NATIVE_KEYS)) return out;
  await ctx.run(NATIVE_KEYS, async () => {
    for (const [i, lib] of ctx.model.nativeLibs.entries()) {
      ctx.builder.throwIfAborted();
      const p = await protectionsOf(ctx, lib);
      if (!p) continue;
      out[i]!.protections = { ...p, dangerousFunctions: p.dangerousFunctions.map((d) => d.name) };
      const where = `${lib.abi} (${p.architecture}, ${p.bits}-bit)`;
      // The fact carries the values; the sentence is made in the reader's language (contracts evidence-facts.ts).
      const ev = (detail: string, fact?: string, values: Record<string, string | number> = {}): Evidence => ({ file: lib.path, detail: `${where}: ${detail}`, ...(fact ? { fact: { id: fact, values: { lib: where, ...values } } } : {}) });
      if (!p.nx) ctx.fail('native.nx', ev(`PT_GNU_STACK ${p.gnuStack}: executable stack`, 'native.exec_stack'));
      if (!p.stackCanary) ctx.fail('native.stack_canary', ev('no __stack_chk_fail / __stack_chk_guard', 'native.no_canary'));
      if (p.elfType === 'executable') ctx.fail('native.pie', ev('ET_EXEC: not position independent'));
      if (p.relro !== 'full') ctx.fail('native.relro', ev(p.relro === 'none' ? 'no PT_GNU_RELRO' : 'partial RELRO (no BIND_NOW)'));
      if (!p.fortify) ctx.fail('native.fortify', ev('no __*_chk functions imported', 'native.no_fortify'));
      if (p.rpath.length || p.runpath.length) ctx.fail('native.rpath', ev(`RPATH ${p.rpath.join(':') || '-'} RUNPATH ${p.runpath.join(':') || '-'}`));
      if (p.textRelocations) ctx.fail('native.text_relocations', ev('DT_TEXTREL / DF_TEXTREL'));
      if (p.dangerousFunctions.length) ctx.fail('native.dangerous_functions', { ...ev(`imports ${p.dangerousFunctions.map((d) => d.name).join(', ')}`, 'native.imports', { symbol: p.dangerousFunctions.map((d) => d.name).join(', ') }), snippet: p.dangerousFunctions.map((d) => d.name).join(', ') });
      if (!p.stripped) ctx.fail('native.not_stripped', ev('.symtab present'));
      if (p.loadAlignment.required16k && !p.loadAlignment.aligned16k) ctx.fail('native.page_alignment_16k', ev(`LOAD alignment ${p.loadAlignment.minAlign} bytes (< 16384)`, 'native.page_alignment', { align: p.loadAlignment.minAlign }));
    }
  });
  return out;
}

async function protectionsOf(ctx: CheckContext, lib: NativeLib): Promise<NativeProtections | undefined> {
  const bytes = await tryRead(ctx.model, lib.path, MAX_LIBRARY_BYTES);
  if (!bytes) return undefined;
  try {
    return checkNativeProtections(parseElf(bytes));
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    ctx.model.unreadable.push({ file: lib.path, reason: e.message });
    return undefined;
  }
}
