/**
 * App Transport Security from Info.plist: the global switches and each
 * NSExceptionDomains entry (insecure HTTP, minimum TLS below 1.2, forward
 * secrecy off). Evidence is the plist path of the offending key.
 */
import { type PlistValue, plistBool, plistGet, plistString } from '../formats/index.ts';
import type { IosCheckContext } from './context.ts';

export const ATS_KEYS = [
  'network.ats_arbitrary_loads', 'network.ats_arbitrary_loads_media', 'network.ats_arbitrary_loads_web', 'network.ats_local_networking',
  'network.ats_insecure_exception_domains', 'network.ats_weak_tls_version', 'network.ats_forward_secrecy_disabled',
] as const;

const GLOBAL_SWITCHES: readonly [string, string][] = [
  ['NSAllowsArbitraryLoads', 'network.ats_arbitrary_loads'],
  ['NSAllowsArbitraryLoadsForMedia', 'network.ats_arbitrary_loads_media'],
  ['NSAllowsArbitraryLoadsInWebContent', 'network.ats_arbitrary_loads_web'],
  ['NSAllowsLocalNetworking', 'network.ats_local_networking'],
];
const INSECURE_HTTP = ['NSExceptionAllowsInsecureHTTPLoads', 'NSTemporaryExceptionAllowsInsecureHTTPLoads', 'NSThirdPartyExceptionAllowsInsecureHTTPLoads'];
const MIN_TLS = ['NSExceptionMinimumTLSVersion', 'NSTemporaryExceptionMinimumTLSVersion', 'NSThirdPartyExceptionMinimumTLSVersion'];
const FORWARD_SECRECY = ['NSExceptionRequiresForwardSecrecy', 'NSTemporaryExceptionRequiresForwardSecrecy', 'NSThirdPartyExceptionRequiresForwardSecrecy'];
/** Versions below TLS 1.2 as ATS spells them ("TLSv1.0", "TLSv1.1"; SSLv3 is not accepted by ATS but seen in the wild). */
const WEAK_TLS = /^(?:SSLv\d|TLSv1(?:\.[01])?)$/i;

/** A boolean as ATS reads it: <true/>, or the strings "YES"/"true" some tools write. */
function truthy(v: PlistValue | undefined): boolean | undefined {
  const b = plistBool(v);
  if (b !== undefined) return b;
  const s = plistString(v)?.trim().toLowerCase();
  return s === 'yes' || s === 'true' ? true : s === 'no' || s === 'false' ? false : undefined;
}

export async function atsChecks(c: IosCheckContext): Promise<void> {
  const info = c.pkg.infoPlist;
  if (!info) {
    c.notExecuted([...ATS_KEYS], 'Info.plist could not be read');
    return;
  }
  await c.run([...ATS_KEYS], () => {
    const ats = plistGet(info.value, 'NSAppTransportSecurity');
    if (ats?.kind !== 'dict') return;
    for (const [name, key] of GLOBAL_SWITCHES) {
      if (truthy(ats.entries.get(name)) === true) c.fail(key, { file: info.path, snippet: `${name} = true`, detail: `NSAppTransportSecurity/${name}` });
    }
    const domains = ats.entries.get('NSExceptionDomains');
    if (domains?.kind !== 'dict') return;
    for (const [domain, cfg] of domains.entries) {
      if (cfg.kind !== 'dict') continue;
      const subdomains = truthy(cfg.entries.get('NSIncludesSubdomains')) === true ? ' (and subdomains)' : '';
      const at = (k: string) => ({ file: info.path, detail: `NSAppTransportSecurity/NSExceptionDomains/${domain}/${k}` });
      for (const k of INSECURE_HTTP) if (truthy(cfg.entries.get(k)) === true) c.fail('network.ats_insecure_exception_domains', { ...at(k), snippet: `${domain}${subdomains}: ${k} = true` });
      for (const k of MIN_TLS) {
        const v = plistString(cfg.entries.get(k));
        if (v && WEAK_TLS.test(v.trim())) c.fail('network.ats_weak_tls_version', { ...at(k), snippet: `${domain}${subdomains}: ${k} = ${v}` });
      }
      for (const k of FORWARD_SECRECY) if (truthy(cfg.entries.get(k)) === false) c.fail('network.ats_forward_secrecy_disabled', { ...at(k), snippet: `${domain}${subdomains}: ${k} = false` });
    }
  });
}
