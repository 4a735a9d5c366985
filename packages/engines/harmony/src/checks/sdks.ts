/**
 * Third-party SDKs: ohpm package names taken from ABC module requests,
 * record names and pkgName@ fields (Stage), and Java class names of DEX code
 * (FA), matched against the SDK library. Every ohpm package seen is also
 * listed for the app info, known to the library or not.
 */
import type { ThirdPartySdk } from '@citadel/contracts';
import type { CodeUnit } from './code/code-units.ts';
import type { CheckContext } from './context.ts';

export interface OhpmPackage {
  name: string;
  version?: string;
}

const NOT_PACKAGES = /^(?:@ohos[:.]|@system\.|@bundle:|@app:|@native:|@arkts\.|@kit\.|@hms:|\.{1,2}\/|\/)/;
const NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

/**
 * The ohpm package a module path names, e.g.
 * "@normalized:N&&&@ohos/axios/index&2.2.0" → @ohos/axios 2.2.0,
 * "@package:pkg_modules/.ohpm/@ohos+axios@2.2.0/pkg_modules/@ohos/axios/index" → @ohos/axios,
 * "entry/oh_modules/lottie/src/main/ets/x" → lottie,
 * record "com.example.app&@ohos/axios/src/main/ets/index&2.2.0" → @ohos/axios 2.2.0.
 */
export function ohpmPackageOf(path: string): OhpmPackage | undefined {
  let rest = path;
  let version: string | undefined;
  if (rest.startsWith('@normalized:')) {
    const parts = rest.slice(12).split('&');
    if (parts.length < 5 || parts[0] !== 'N') return undefined;
    rest = parts[3]!;
    version = parts[4] || undefined;
  } else {
    const modules = Math.max(rest.lastIndexOf('oh_modules/'), rest.lastIndexOf('pkg_modules/'));
    if (modules >= 0) rest = rest.slice(rest.indexOf('/', modules) + 1);
    else if (rest.includes('&')) {
      const parts = rest.split('&');
      if (parts.length < 3) return undefined;
      rest = parts[1]!;
      version = parts[2] || undefined;
    } else return undefined;
  }
  if (rest.startsWith('@package:')) rest = rest.slice(9);
  if (NOT_PACKAGES.test(rest) || rest.startsWith('.ohpm/')) return undefined;
  const segments = rest.split('/');
  const name = rest.startsWith('@') ? segments.slice(0, 2).join('/') : segments[0]!;
  return NAME.test(name) ? { name, ...(version ? { version } : {}) } : undefined;
}

/** The distinct ohpm packages of the code units, in order of first appearance. */
export function ohpmPackages(units: readonly CodeUnit[]): OhpmPackage[] {
  const found = new Map<string, OhpmPackage>();
  for (const u of units) {
    for (const p of [...u.requests, ...u.names]) {
      const pkg = ohpmPackageOf(p);
      if (pkg && !found.has(pkg.name)) found.set(pkg.name, pkg);
      else if (pkg?.version && !found.get(pkg.name)!.version) found.set(pkg.name, pkg);
    }
    for (const f of u.packageFields) if (f.startsWith('@') && NAME.test(f) && !found.has(f)) found.set(f, { name: f });
  }
  return [...found.values()];
}

export async function sdkChecks(c: CheckContext, units: readonly CodeUnit[]): Promise<{ sdks: ThirdPartySdk[]; ohpm: OhpmPackage[] }> {
  const ohpm = ohpmPackages(units);
  const sdks = new Map<string, ThirdPartySdk>();
  for (const p of ohpm) {
    const m = c.sdks.matchOhpm(p.name);
    if (m && !sdks.has(m.sdk.name)) sdks.set(m.sdk.name, { name: m.sdk.name, category: m.sdk.category, matched: p.name, ...(p.version ? { version: p.version } : {}) });
  }
  for (const u of units) {
    if (u.kind !== 'dex') continue;
    for (const n of u.names) {
      const m = c.sdks.matchPackage(n);
      if (m && !sdks.has(m.sdk.name)) sdks.set(m.sdk.name, { name: m.sdk.name, category: m.sdk.category, matched: m.matched });
    }
  }
  for (const s of sdks.values()) c.builder.addSdk(s);
  await c.run(['sdk.third_party'], () => {
    for (const s of sdks.values()) c.problem('sdk.third_party', { detail: `${s.name} (${s.category})${s.version ? ` ${s.version}` : ''}`, snippet: s.matched }, { attribution: { kind: 'sdk', name: s.name } });
  });
  return { sdks: [...sdks.values()], ohpm };
}
