/** Info.plist declarations: URL schemes, privacy usage descriptions, minimum OS version, file sharing. */
import { type PlistValue, plistGet, plistString } from '../formats/index.ts';
import type { IosCheckContext } from './context.ts';

export const PLIST_KEYS = ['plist.url_schemes', 'plist.usage_descriptions', 'plist.min_os_version', 'plist.file_sharing'] as const;

/** Oldest iOS major version still considered supported; older minimums fail. Data, so it can move with Apple's support window. */
export const MIN_SUPPORTED_IOS = '12.0';
/** At most this many URL types are listed. */
const MAX_LISTED = 200;

/** Compares dotted versions numerically: "9.3" < "12.0". */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function truthy(v: PlistValue | undefined): boolean {
  return v?.kind === 'bool' ? v.value : /^(?:yes|true)$/i.test(plistString(v) ?? '');
}

/** The minimum iOS version: Info.plist, else the main executable's load commands. */
export function minimumOsVersion(c: IosCheckContext): { version: string; source: string } | undefined {
  const fromPlist = plistString(plistGet(c.pkg.infoPlist?.value, 'MinimumOSVersion'));
  if (fromPlist) return { version: fromPlist, source: `${c.pkg.infoPlist!.path}: MinimumOSVersion` };
  const main = c.pkg.binaries.find((b) => b.role === 'main') ?? c.pkg.binaries[0];
  const p = main?.slices.flatMap((s) => s.platforms).find((x) => x.platform === 'ios' || x.source === 'LC_VERSION_MIN_IPHONEOS');
  return p && main ? { version: p.minos, source: `${main.path}: ${p.source}` } : undefined;
}

export async function plistChecks(c: IosCheckContext): Promise<void> {
  const info = c.pkg.infoPlist;
  if (!info) c.notExecuted(['plist.url_schemes', 'plist.usage_descriptions', 'plist.file_sharing'], 'Info.plist could not be read');
  else {
    await c.run(['plist.url_schemes'], () => {
      const types = plistGet(info.value, 'CFBundleURLTypes');
      for (const t of types?.kind === 'array' ? types.items.slice(0, MAX_LISTED) : []) {
        const schemes = plistGet(t, 'CFBundleURLSchemes');
        const name = plistString(plistGet(t, 'CFBundleURLName'));
        for (const s of schemes?.kind === 'array' ? schemes.items : []) {
          const scheme = plistString(s);
          if (scheme) c.problem('plist.url_schemes', { file: info.path, snippet: `${scheme}://`, detail: `CFBundleURLTypes${name ? ` (${name})` : ''}` });
        }
      }
    });
    await c.run(['plist.usage_descriptions'], () => {
      if (info.value.kind !== 'dict') return;
      for (const [k, v] of info.value.entries) {
        if (!/UsageDescription$/.test(k)) continue;
        c.problem('plist.usage_descriptions', { file: info.path, snippet: k, detail: plistString(v)?.slice(0, 300) ?? '(no text)' });
      }
    });
    await c.run(['plist.file_sharing'], () => {
      for (const k of ['UIFileSharingEnabled', 'LSSupportsOpeningDocumentsInPlace']) {
        if (truthy(plistGet(info.value, k))) c.fail('plist.file_sharing', { file: info.path, snippet: `${k} = true` });
      }
    });
  }
  await c.run(['plist.min_os_version'], () => {
    const min = minimumOsVersion(c);
    if (!min) {
      c.notExecuted(['plist.min_os_version'], 'no MinimumOSVersion in Info.plist and no iOS version command in the binary');
      return;
    }
    if (compareVersions(min.version, MIN_SUPPORTED_IOS) < 0) c.fail('plist.min_os_version', { file: min.source.split(': ')[0], snippet: `${min.version}`, detail: `${min.source} ${min.version} is below ${MIN_SUPPORTED_IOS}`, fact: { id: 'ios.min_os', values: { file: min.source.replace(/: MinimumOSVersion$/, ''), version: min.version, recommended: MIN_SUPPORTED_IOS } } });
  });
}
