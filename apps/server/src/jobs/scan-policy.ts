/**
 * Which networks scanners (the web engine and any engine that fetches a URL)
 * may reach is the administrator's decision, made in configuration — never a
 * user's: a task's own parameters cannot widen it. Link-local and cloud
 * metadata addresses stay refused by the engine whatever is allowed here.
 */
import type { Config } from '../config.ts';

/** Engine parameters that set the network policy; stripped from what users submit. */
export const POLICY_PARAMS = ['allowNetworks', 'denyNetworks', 'allowPrivate', 'allowLoopback'] as const;

export function withoutPolicyParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => !(POLICY_PARAMS as readonly string[]).includes(k)));
}

export function policyParams(config: Pick<Config, 'scanAllowNetworks' | 'scanDenyNetworks' | 'scanAllowPrivate' | 'scanAllowLoopback'>): Record<string, string> {
  return {
    ...(config.scanAllowNetworks ? { allowNetworks: config.scanAllowNetworks } : {}),
    ...(config.scanDenyNetworks ? { denyNetworks: config.scanDenyNetworks } : {}),
    allowPrivate: String(config.scanAllowPrivate),
    allowLoopback: String(config.scanAllowLoopback),
  };
}
