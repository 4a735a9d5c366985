/** Third-party SDKs from class names (DEX class definitions, JAR/AAR class files) against the SDK library. */
import { collectSdks } from '@citadel/engine-core';
import type { ThirdPartySdk } from '@citadel/contracts';
import type { CheckContext } from './context.ts';

export function classNamesOf(ctx: CheckContext): string[] {
  const names: string[] = [];
  for (const { dex } of ctx.model.dex) {
    try {
      for (const def of dex.classes()) names.push(def.name);
    } catch {
      // listed as unreadable by the model
    }
  }
  for (const cf of ctx.model.classFiles) names.push(cf.className);
  return names;
}

export async function sdkChecks(ctx: CheckContext, classNames: readonly string[]): Promise<ThirdPartySdk[]> {
  const sdks = collectSdks(classNames, (n) => ctx.sdkOf(n));
  for (const s of sdks) ctx.builder.addSdk(s);
  await ctx.run(['sdk.third_party'], () => {
    for (const s of sdks) ctx.problem('sdk.third_party', { detail: `${s.name} (${s.category})`, snippet: s.matched, className: s.matched }, { attribution: { kind: 'sdk', name: s.name } });
  });
  return sdks;
}
