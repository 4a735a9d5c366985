/**
 * Which networks scanners (the web engine and any engine that fetches a URL)
 * may reach is the administrator's decision, made in configuration — never a
 * user's: a task's own parameters cannot widen it. Link-local and cloud
 * metadata addresses stay refused by the engine whatever is allowed here.
 *
 * The same goes for what a scan may do to the machine it runs on and to its
 * target: only configuration opens the out-of-band callback listener (a user
 * could otherwise make a worker listen on any port), and a user's request rate
 * is held to the configured maximum (never "unlimited"), so a scan cannot be
 * turned into a flood.
 */
import type { Config } from '../config.ts';

/** Engine parameters set by configuration only; stripped from what users submit. */
export const POLICY_PARAMS = ['allowNetworks', 'denyNetworks', 'allowPrivate', 'allowLoopback', 'callbackListen', 'callbackUrl', 'callbackWaitSeconds'] as const;

export function withoutPolicyParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => !(POLICY_PARAMS as readonly string[]).includes(k)));
}

/** What a user's parameters become before an engine sees them: no policy keys, the rate within the configured maximum. */
export function userScanParams(params: Record<string, string>, limits: { maxRate: number }): Record<string, string> {
  const out = withoutPolicyParams(params);
  if (out.rate !== undefined) {
    const asked = Number(out.rate);
    // 0 means "unlimited" to the engine: a user gets the maximum instead.
    out.rate = String(Number.isFinite(asked) && asked > 0 ? Math.min(asked, limits.maxRate) : limits.maxRate);
  }
  return out;
}

export function policyParams(config: Pick<Config, 'scanAllowNetworks' | 'scanDenyNetworks' | 'scanAllowPrivate' | 'scanAllowLoopback' | 'scanCallbackListen' | 'scanCallbackUrl'>): Record<string, string> {
  return {
    ...(config.scanAllowNetworks ? { allowNetworks: config.scanAllowNetworks } : {}),
    ...(config.scanDenyNetworks ? { denyNetworks: config.scanDenyNetworks } : {}),
    allowPrivate: String(config.scanAllowPrivate),
    allowLoopback: String(config.scanAllowLoopback),
    ...(config.scanCallbackListen ? { callbackListen: config.scanCallbackListen } : {}),
    ...(config.scanCallbackUrl ? { callbackUrl: config.scanCallbackUrl } : {}),
  };
}
