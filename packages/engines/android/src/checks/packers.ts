/** Packer (hardening) detection from entry names, native libraries and stub classes. */
import type { Evidence } from '@citadel/contracts';
import { PACKER_SIGNATURES } from './packer-signatures.ts';
import { type CheckContext, javaName, zh } from './context.ts';

export interface PackerHit {
  name: string;
  evidence: Evidence[];
}

export function detectPackers(ctx: CheckContext): PackerHit[] {
  const m = ctx.model;
  const classNames = new Set<string>();
  const app = m.manifest?.info.application;
  if (app) for (const a of app.attributes) if (a.name === 'name' && a.value.kind === 'string' && a.value.string) classNames.add(a.value.string);
  for (const c of m.manifest?.info.components ?? []) classNames.add(c.name);
  // Only the signatures' stub classes are looked up, in descriptor form: no name conversion per DEX class.
  const stubs = new Set(PACKER_SIGNATURES.flatMap((sig) => (sig.classes ?? []).map(descriptorOf)));
  const dexClasses = new Set<string>();
  for (const { dex } of m.dex) {
    try {
      for (const def of dex.classes()) if (stubs.has(def.name)) dexClasses.add(javaName(def.name));
    } catch {
      // unreadable class tables are already listed by the model
    }
  }
  const entries = m.entryNames.map((name) => ({ name, base: name.slice(name.lastIndexOf('/') + 1), so: name.endsWith('.so') }));
  const hits: PackerHit[] = [];
  for (const sig of PACKER_SIGNATURES) {
    const evidence: Evidence[] = [];
    for (const { name, base, so } of entries) {
      if (so && sig.libraries?.some((re) => re.test(base))) evidence.push({ file: name, detail: `native library of ${sig.name}` });
      else if (sig.entries?.some((re) => re.test(name))) evidence.push({ file: name, detail: `file of ${sig.name}` });
    }
    for (const cls of sig.classes ?? []) {
      if (classNames.has(cls)) evidence.push({ file: m.manifest?.file ?? 'AndroidManifest.xml', className: cls, detail: `stub class of ${sig.name} declared in the manifest` });
      else if (dexClasses.has(cls)) evidence.push({ className: cls, detail: `stub class of ${sig.name} in the DEX` });
    }
    if (evidence.length > 0) hits.push({ name: sig.name, evidence });
  }
  return hits;
}

/** "com.stub.StubApp" → "Lcom/stub/StubApp;" */
function descriptorOf(dotted: string): string {
  return `L${dotted.replace(/\./g, '/')};`;
}

export async function packerChecks(ctx: CheckContext, hits: readonly PackerHit[]): Promise<void> {
  await ctx.run(['packer.hardening'], () => {
    for (const h of hits) ctx.safe('packer.hardening', h.evidence, { summary: zh(`检测到加固：${hits.map((x) => x.name).join('、')}`, `Packer detected: ${hits.map((x) => x.name).join(', ')}`) });
  });
}
