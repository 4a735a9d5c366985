/**
 * The network / ICS engine's options. The portal and the CLI hand them over as
 * EngineOptions.params (string → string); this module documents every key,
 * validates the values and applies defaults. The targets themselves come in
 * input.url (see scan/targets.ts).
 *
 * Keys (all optional):
 *   ports=LIST              TCP ports: "22,80,8000-8100" or "top" (default: the platform's port list,
 *                           see scan/ports.ts)
 *   udpPorts=LIST           UDP ports (SNMP 161, DNS 53, BACnet 47808 …), or "none"; default: the
 *                           platform's UDP list when `ports` is not given, none when it is
 *   udpTimeoutMs=1500       how long a UDP probe waits for an answer (the request is sent twice)
 *   rate=20                 connection attempts per second over the whole task (0 = as fast as the
 *                           concurrency allows; the portal holds a user's rate to CITADEL_SCAN_MAX_RATE)
 *   concurrency=64          connections in flight at once
 *   connectTimeoutMs=1500   first connect timeout; later ones adapt to the measured round trip
 *   probeTimeoutMs=3000     how long a service probe waits for an answer
 *   timeLimitSeconds=1800   total time limit; results are partial after it
 *   maxHosts=1024           at most this many addresses (a /22)
 *   allowNetworks=CIDR,CIDR denyNetworks=CIDR,CIDR allowPrivate=false allowLoopback=false
 *                           target-network policy, the same as the web engine's (@citadel/engine-web
 *                           NetworkPolicy); set by the administrator's configuration, never by a task
 *   vulnDb=PATH             vulnerability database for version → CVE (packages/vulndb)
 */
import { EngineInputError } from '@citadel/engine-core';

export interface NetworkScanConfig {
  /** Explicit ports, or undefined for the platform's default list. */
  ports?: number[];
  /** Explicit UDP ports ([] = none), or undefined for the platform's default (only with default TCP ports). */
  udpPorts?: number[];
  udpTimeoutMs: number;
  ratePerSecond: number;
  concurrency: number;
  connectTimeoutMs: number;
  probeTimeoutMs: number;
  timeLimitMs: number;
  maxHosts: number;
  allowNetworks: string[];
  denyNetworks: string[];
  allowPrivate: boolean;
  allowLoopback: boolean;
  vulnDb?: string;
}

/** More TCP ports than this in one list is refused (65535 is the whole range). */
const MAX_PORTS = 65535;

export function parseConfig(params: Readonly<Record<string, string>>): NetworkScanConfig {
  const p = params;
  const bad = (m: string): never => {
    throw new EngineInputError('missing_parameter', m);
  };
  const int = (k: string, d: number, min: number, max: number): number => {
    const v = p[k];
    if (v === undefined || v === '') return d;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) bad(`parameter ${k} must be a whole number from ${min} to ${max}, not "${v.slice(0, 40)}"`);
    return n;
  };
  const bool = (k: string, d: boolean): boolean => {
    const v = p[k]?.trim().toLowerCase();
    if (v === undefined || v === '') return d;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    return bad(`parameter ${k} must be true or false, not "${p[k]!.slice(0, 40)}"`);
  };
  const list = (k: string): string[] =>
    (p[k] ?? '')
      .split(/[,\s]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  const ports = p.ports && p.ports.trim() !== '' && p.ports.trim() !== 'top' ? parsePorts(p.ports) : undefined;
  const udp = p.udpPorts?.trim();
  const udpPorts = udp === undefined || udp === '' ? (ports ? [] : undefined) : udp === 'none' ? [] : parsePorts(udp);
  return {
    ...(ports ? { ports } : {}),
    ...(udpPorts ? { udpPorts } : {}),
    udpTimeoutMs: int('udpTimeoutMs', 1500, 100, 60_000),
    ratePerSecond: int('rate', 20, 0, 100_000),
    concurrency: int('concurrency', 64, 1, 1024),
    connectTimeoutMs: int('connectTimeoutMs', 1500, 50, 60_000),
    probeTimeoutMs: int('probeTimeoutMs', 3000, 100, 60_000),
    timeLimitMs: int('timeLimitSeconds', 1800, 1, 7 * 86400) * 1000,
    maxHosts: int('maxHosts', 1024, 1, 65536),
    allowNetworks: list('allowNetworks'),
    denyNetworks: list('denyNetworks'),
    allowPrivate: bool('allowPrivate', false),
    allowLoopback: bool('allowLoopback', false),
    ...(p.vulnDb ? { vulnDb: p.vulnDb } : {}),
  };
}

/** "22,80,8000-8100" → sorted distinct ports; anything else is a clear error. */
export function parsePorts(spec: string): number[] {
  const out = new Set<number>();
  for (const part of spec.split(/[,\s]+/).filter(Boolean)) {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part);
    if (!m) throw new EngineInputError('missing_parameter', `ports: "${part.slice(0, 40)}" is not a port or a range like 8000-8100`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b > 65535 || a > b) throw new EngineInputError('missing_parameter', `ports: "${part}" is outside 1-65535`);
    for (let x = a; x <= b; x++) out.add(x);
    if (out.size > MAX_PORTS) break;
  }
  if (out.size === 0) throw new EngineInputError('missing_parameter', 'ports: no port given');
  return [...out].sort((x, y) => x - y);
}
