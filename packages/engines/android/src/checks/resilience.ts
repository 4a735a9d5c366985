/**
 * Positive protections: the code scan records the ones it sees (result safe);
 * here the missing ones become a low-risk fail, but only when the whole code
 * was readable and not hidden by a packer — otherwise absence proves nothing.
 * Obfuscation is judged from the app's own class names.
 */
import type { CheckContext } from './context.ts';
import { javaName, zh } from './context.ts';

const PROTECTIONS = ['resilience.root_detection', 'resilience.emulator_detection', 'resilience.debugger_detection', 'resilience.tamper_detection', 'network.certificate_pinning'] as const;
/** Share of short simple names (a, b, aa …) above which the app's code counts as obfuscated. */
const OBFUSCATED_SHARE = 0.3;
const MIN_CLASSES = 3;

export interface ProtectionState {
  /** Keys that recorded a safe occurrence. */
  found: ReadonlySet<string>;
  codeComplete: boolean;
  packed: boolean;
}

export async function concludeProtections(ctx: CheckContext, state: ProtectionState): Promise<void> {
  const missing = PROTECTIONS.filter((k) => !state.found.has(k));
  if (ctx.model.dex.length === 0 || !state.codeComplete || state.packed) {
    const reason = state.packed ? 'the code is packed: protections inside the encrypted DEX cannot be seen' : 'not all DEX code could be read';
    ctx.notExecuted(missing, reason);
    return;
  }
  await ctx.run(missing, () => {
    for (const k of missing) ctx.fail(k, [], { summary: zh('未发现该防护措施', 'No such protection found', 'この保護は見つかりませんでした') });
  });
}

export async function obfuscationCheck(ctx: CheckContext, classNames: readonly string[], packed: boolean): Promise<void> {
  await ctx.run(['resilience.obfuscation'], () => {
    let main = 0;
    let short = 0;
    const examples: string[] = [];
    for (const n of classNames) {
      if (ctx.attributionOf(n).kind !== 'main') continue;
      const dotted = javaName(n);
      const simple = dotted.slice(dotted.lastIndexOf('.') + 1).split('$')[0]!;
      if (/^R$|^BuildConfig$/.test(simple)) continue;
      main++;
      if (simple.length <= 2) {
        short++;
        if (examples.length < 5) examples.push(dotted);
      }
    }
    const share = main > 0 ? short / main : 0;
    const detail = `${short} of ${main} app classes have one- or two-character names (${Math.round(share * 100)}%)`;
    const fact = { id: 'resilience.obfuscation_ratio', values: { short, total: main, percent: Math.round(share * 100) } };
    if (packed) ctx.safe('resilience.obfuscation', { detail: 'the DEX is packed' });
    else if (main >= MIN_CLASSES && share >= OBFUSCATED_SHARE) ctx.safe('resilience.obfuscation', { detail, fact, snippet: examples.join('\n') });
    else if (main > 0) ctx.fail('resilience.obfuscation', { detail, fact });
  });
}
