/**
 * Scan targets: a list of hosts, addresses and CIDR ranges separated by commas,
 * spaces or new lines ("10.0.0.5, 10.0.1.0/28 db.example.com ::1"). Names are
 * resolved here once and the address that is checked against the policy is
 * the address connected to (no second lookup: no DNS rebinding window).
 * Every address is checked on its own, so a range that overlaps a denied
 * network loses only the denied addresses.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { EngineInputError } from '@citadel/engine-core';
import type { NetworkPolicy } from '@citadel/engine-web';

export interface ScanHost {
  /** The address connected to. */
  address: string;
  /** The name the user gave, when it was a name. */
  name?: string;
}

export interface TargetPlan {
  hosts: ScanHost[];
  /** Targets that were not scanned, with the reason (policy refusal, name not found …). */
  refused: { target: string; reason: string }[];
}

const MAX_TARGET_TEXT = 20_000;
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Splits the user's target text into entries; refuses what is no host, address or range. */
export function splitTargets(text: string | undefined): string[] {
  if (!text || text.trim() === '') throw new EngineInputError('missing_parameter', 'no target: give hosts, addresses or CIDR ranges');
  if (text.length > MAX_TARGET_TEXT) throw new EngineInputError('too_large', `the target list is longer than ${MAX_TARGET_TEXT} characters`);
  const entries = [...new Set(text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean))];
  for (const e of entries) if (!isTargetEntry(e)) throw new EngineInputError('unsupported_format', `"${e.slice(0, 100)}" is not a host name, an IP address or a CIDR range`);
  return entries;
}

export function isTargetEntry(e: string): boolean {
  const slash = e.indexOf('/');
  if (slash !== -1) {
    const family = isIP(e.slice(0, slash));
    const prefix = e.slice(slash + 1);
    return family !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  }
  return isIP(e) !== 0 || HOSTNAME.test(e);
}

/** Resolves and expands the targets, keeping the addresses the policy allows, at most `maxHosts`. */
export async function planTargets(text: string | undefined, policy: NetworkPolicy, maxHosts: number, signal?: AbortSignal): Promise<TargetPlan> {
  const hosts: ScanHost[] = [];
  const seen = new Set<string>();
  const refused: TargetPlan['refused'] = [];
  const add = (address: string, target: string, name?: string): void => {
    if (seen.has(address)) return;
    const v = policy.check(address);
    if (!v.ok) {
      if (refused.length < 1000) refused.push({ target: name ? `${name} (${address})` : address === target ? address : `${target}: ${address}`, reason: v.reason });
      return;
    }
    if (hosts.length >= maxHosts) throw new EngineInputError('too_large', `the targets hold more than ${maxHosts} addresses (maxHosts)`);
    seen.add(address);
    hosts.push({ address, ...(name ? { name } : {}) });
  };
  for (const entry of splitTargets(text)) {
    signal?.throwIfAborted();
    if (entry.includes('/')) {
      for (const a of expandCidr(entry, maxHosts)) add(a, entry);
    } else if (isIP(entry)) {
      add(entry, entry);
    } else {
      let addrs: { address: string }[];
      try {
        addrs = await lookup(entry, { all: true, verbatim: true });
      } catch (e) {
        refused.push({ target: entry, reason: `name not resolved: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
        continue;
      }
      for (const a of addrs) add(a.address, entry, entry);
    }
  }
  return { hosts, refused };
}

/** Addresses of a CIDR block, refused when the block is larger than `max`. */
export function expandCidr(cidr: string, max: number): string[] {
  const [addr, prefixText] = cidr.split('/') as [string, string];
  const prefix = Number(prefixText);
  const family = isIP(addr);
  const bits = family === 4 ? 32 : 128;
  const size = 2n ** BigInt(bits - prefix);
  if (size > BigInt(max)) throw new EngineInputError('too_large', `${cidr} holds ${size} addresses, more than ${max} (maxHosts)`);
  const base = (family === 4 ? v4ToBig(addr) : v6ToBig(addr)) & ~(size - 1n);
  const out: string[] = [];
  for (let i = 0n; i < size; i++) out.push(family === 4 ? bigToV4(base + i) : bigToV6(base + i));
  return out;
}

function v4ToBig(a: string): bigint {
  return a.split('.').reduce((acc, o) => (acc << 8n) | BigInt(Number(o)), 0n);
}
function bigToV4(n: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((n >> s) & 255n)).join('.');
}
function v6ToBig(a: string): bigint {
  let text = a;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = v4ToBig(v4[1]!);
    text = `${text.slice(0, v4.index)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}
function bigToV6(n: bigint): string {
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((n >> BigInt(i * 16)) & 0xffffn).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::').replace(/:{3,}/, '::');
}
