/**
 * Whether the administrator's scan policy lets a web task reach the address a
 * user typed, asked by the create form before it submits (issue 19: a task on
 * http://127.0.0.1:… was accepted and failed at once with an English message
 * naming an engine option). It is the web engine's own NetworkPolicy with the
 * configured options (jobs/scan-policy.ts), applied to an address literal or
 * "localhost" only: names are resolved by the engine when it scans (and
 * checked again there for every connection), never by the portal for a form.
 * The answer names the setting that would allow the address, for the message.
 */
import { isIP } from 'node:net';
import { NetworkPolicy } from '@citadel/engine-web';
import type { Config } from '../../config.ts';

export type ScanTargetVerdict =
  | { allowed: true }
  | { allowed: false; kind: 'loopback' | 'private' | 'other'; setting: 'CITADEL_SCAN_ALLOW_LOOPBACK' | 'CITADEL_SCAN_ALLOW_PRIVATE' | 'CITADEL_SCAN_ALLOW_NETWORKS' };

const list = (v: string | undefined) => (v ?? '').split(/[,\n]/).map((s) => s.trim()).filter(Boolean);

/** The address literal of a URL's host ('localhost' counts as loopback), or undefined for a name. */
export function hostAddress(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url.trim()).hostname;
  } catch {
    return undefined;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host === 'localhost' || host.endsWith('.localhost')) return '127.0.0.1';
  return isIP(host) ? host : undefined;
}

export function checkScanTarget(url: string, config: Pick<Config, 'scanAllowNetworks' | 'scanDenyNetworks' | 'scanAllowPrivate' | 'scanAllowLoopback'>): ScanTargetVerdict {
  const address = hostAddress(url);
  if (!address) return { allowed: true };
  const policy = new NetworkPolicy({ allow: list(config.scanAllowNetworks), deny: list(config.scanDenyNetworks), allowPrivate: config.scanAllowPrivate, allowLoopback: config.scanAllowLoopback });
  const verdict = policy.check(address);
  if (verdict.ok) return { allowed: true };
  // The policy's reason says which rule refused (an IPv6 form carrying an IPv4 address is judged by that address).
  if (/is loopback/.test(verdict.reason)) return { allowed: false, kind: 'loopback', setting: 'CITADEL_SCAN_ALLOW_LOOPBACK' };
  if (/private range/.test(verdict.reason)) return { allowed: false, kind: 'private', setting: 'CITADEL_SCAN_ALLOW_PRIVATE' };
  return { allowed: false, kind: 'other', setting: 'CITADEL_SCAN_ALLOW_NETWORKS' };
}
