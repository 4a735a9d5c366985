/**
 * Binary protections, one verdict per architecture slice of every binary:
 * PIE, stack canary, ARC, encryption, code signature, stripping, search
 * paths, executable stack, __RESTRICT. Evidence names the file and the arch.
 */
import type { Evidence } from '@citadel/contracts';
import type { BinarySummary, SliceSummary } from '../package/model.ts';
import type { IosCheckContext } from './context.ts';

export const BINARY_KEYS = ['binary.pie', 'binary.stack_canary', 'binary.arc', 'binary.encryption', 'binary.code_signature', 'binary.symbols_not_stripped', 'binary.rpath', 'binary.stack_execution', 'binary.restrict_segment'] as const;

const ev = (b: BinarySummary, s: SliceSummary, detail: string): Evidence => ({ file: b.path, detail: `${s.arch}: ${detail}` });

/** Search paths inside the bundle (or the system's Swift runtime) cannot be planted by another app. */
const IN_BUNDLE_RPATH = /^(?:@executable_path|@loader_path)(?:\/|$)|^\/usr\/lib\/swift$/;

/** ARC only means something for code that uses the Objective-C or Swift runtime. */
function usesObjcOrSwift(s: SliceSummary): boolean {
  return s.protections.swift || s.imports.some((n) => n.startsWith('_objc_') || n.startsWith('_OBJC_CLASS_$_'));
}

export async function binaryChecks(c: IosCheckContext): Promise<void> {
  const binaries = c.pkg.binaries;
  const shipped = binaries.filter((b) => b.role !== 'library');
  const main = binaries.find((b) => b.role === 'main');
  if (binaries.length === 0) {
    c.notExecuted([...BINARY_KEYS], 'no binary could be read');
    return;
  }
  const forEachSlice = (list: readonly BinarySummary[], fn: (b: BinarySummary, s: SliceSummary) => void) => {
    for (const b of list) for (const s of b.slices) fn(b, s);
  };

  await c.run(['binary.pie'], () =>
    forEachSlice(binaries, (b, s) => {
      if (!s.protections.pie) c.fail('binary.pie', ev(b, s, s.protections.evidence.pie), { attribution: b.owner });
    }),
  );
  await c.run(['binary.stack_canary'], () =>
    forEachSlice(binaries, (b, s) => {
      if (!s.protections.stackCanary) c.fail('binary.stack_canary', ev(b, s, s.protections.evidence.stackCanary), { attribution: b.owner });
    }),
  );
  await c.run(['binary.arc'], () =>
    forEachSlice(binaries, (b, s) => {
      if (!s.protections.arc && usesObjcOrSwift(s)) c.fail('binary.arc', ev(b, s, s.protections.evidence.arc), { attribution: b.owner });
    }),
  );
  await c.run(['binary.stack_execution'], () =>
    forEachSlice(binaries, (b, s) => {
      if (s.protections.stackExecutionAllowed) c.fail('binary.stack_execution', ev(b, s, 'MH_ALLOW_STACK_EXECUTION set'), { attribution: b.owner });
    }),
  );
  await c.run(['binary.rpath'], () =>
    forEachSlice(binaries, (b, s) => {
      const outside = s.rpaths.filter((p) => !IN_BUNDLE_RPATH.test(p));
      if (outside.length > 0) c.fail('binary.rpath', ev(b, s, `LC_RPATH outside the bundle: ${outside.join(', ')}`), { attribution: b.owner });
    }),
  );
  if (c.platform !== 'ios') return;

  if (!main) c.notExecuted(['binary.encryption', 'binary.restrict_segment'], 'the main executable could not be read');
  else {
    await c.run(['binary.encryption'], () =>
      forEachSlice([main], (b, s) => {
        if (!s.protections.encrypted) c.fail('binary.encryption', ev(b, s, s.protections.evidence.encrypted));
      }),
    );
    await c.run(['binary.restrict_segment'], () => {
      const restricted = main.slices.filter((s) => s.protections.restrictedSegment);
      if (restricted.length > 0) for (const s of restricted) c.safe('binary.restrict_segment', ev(main, s, s.protections.evidence.restrictedSegment));
      else c.fail('binary.restrict_segment', { file: main.path, detail: 'no __RESTRICT,__restrict section in any slice', fact: { id: 'ios.no_restrict' } });
    });
  }
  await c.run(['binary.code_signature'], () =>
    forEachSlice(shipped, (b, s) => {
      if (!s.protections.codeSignature) c.fail('binary.code_signature', ev(b, s, s.protections.evidence.codeSignature), { attribution: b.owner });
    }),
  );
  await c.run(['binary.symbols_not_stripped'], () =>
    forEachSlice(shipped, (b, s) => {
      if (!s.protections.stripped) c.fail('binary.symbols_not_stripped', ev(b, s, s.protections.evidence.stripped), { attribution: b.owner });
    }),
  );
}
