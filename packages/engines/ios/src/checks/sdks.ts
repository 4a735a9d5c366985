/**
 * Third-party SDKs: embedded frameworks and dylibs (by name against the SDK
 * library; unknown ones are listed under their own name), frameworks the
 * binaries link through @rpath, and SDKs linked statically into the app's own
 * binaries, recognised by Objective-C class prefixes and Swift module names.
 */
import type { ThirdPartySdk } from '@citadel/contracts';
import type { IosCheckContext } from './context.ts';

const SYSTEM_LIBRARY = /^(?:\/System\/|\/usr\/lib\/)/;

export function detectSdks(c: IosCheckContext): ThirdPartySdk[] {
  const found = new Map<string, ThirdPartySdk>();
  const add = (sdk: ThirdPartySdk) => {
    if (!found.has(sdk.name)) found.set(sdk.name, sdk);
  };
  for (const b of c.pkg.binaries) {
    if (b.owner.kind === 'sdk') {
      const match = c.sdks.matchIosFramework(b.path);
      add({ name: b.owner.name, category: match?.sdk.category ?? 'other', matched: match?.matched ?? b.path.split('/').slice(-2).join('/') });
    }
  }
  for (const b of c.pkg.binaries) {
    if (b.owner.kind !== 'main') continue;
    for (const d of b.slices[0]?.dylibs ?? []) {
      if (SYSTEM_LIBRARY.test(d.name)) continue;
      const match = c.sdks.matchIosFramework(d.name);
      if (match) add({ name: match.sdk.name, category: match.sdk.category, matched: d.name });
    }
    for (const name of b.classNames) {
      const match = c.sdks.matchIosClass(name);
      if (match) add({ name: match.sdk.name, category: match.sdk.category, matched: name });
    }
  }
  return [...found.values()];
}

export async function sdkChecks(c: IosCheckContext): Promise<ThirdPartySdk[]> {
  const sdks = detectSdks(c);
  for (const s of sdks) c.builder.addSdk(s);
  await c.run(['sdk.third_party'], () => {
    for (const s of sdks) c.problem('sdk.third_party', { detail: `${s.name} (${s.category})`, snippet: s.matched }, { attribution: { kind: 'sdk', name: s.name } });
  });
  return sdks;
}

export async function anomalyChecks(c: IosCheckContext): Promise<void> {
  await c.run(['info.package_anomalies'], () => {
    for (const a of c.pkg.anomalies.slice(0, 200)) c.fail('info.package_anomalies', { file: a.file, detail: a.detail });
  });
}
