/**
 * The target-network policy: which addresses the scanner may connect to.
 * It is applied to the addresses a host name RESOLVES to (not to the name),
 * before every connection, so every redirect hop and every crawled URL is
 * checked again. The checked address is the one connected to (no second
 * lookup), which closes the DNS-rebinding window.
 *
 * Order: an explicit allow entry wins over the built-in denials, so an admin
 * can allow 127.0.0.1/32 for tests; an explicit deny entry wins over allow.
 * Always denied unless explicitly allowed: link-local (169.254.0.0/16,
 * fe80::/10), cloud metadata addresses, 0.0.0.0/8, multicast/reserved.
 * Private ranges and loopback are denied unless `allowPrivate` / `allowLoopback`.
 */
import { BlockList, isIP } from 'node:net';
import { classifyIp } from '@citadel/engine-core';
import { embeddedIpv4 } from './embedded-ipv4.ts';

export interface NetworkPolicyOptions {
  /** CIDRs or single addresses the scanner may reach even when a built-in rule denies them. */
  allow?: readonly string[];
  /** CIDRs or single addresses never reached (wins over everything). */
  deny?: readonly string[];
  /** Allow RFC 1918 / ULA / CGNAT ranges (default false). */
  allowPrivate?: boolean;
  /** Allow 127.0.0.0/8 and ::1 (default false). */
  allowLoopback?: boolean;
}

/** Metadata endpoints of the big clouds, denied even when their range is allowed by a broad rule. */
export const METADATA_ADDRESSES = ['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254', '168.63.129.16'] as const;
export const ALWAYS_DENIED_RANGES = ['169.254.0.0/16', 'fe80::/10', '0.0.0.0/8'] as const;

export type PolicyVerdict = { ok: true } | { ok: false; reason: string };

export class NetworkPolicy {
  private readonly allow = new BlockList();
  private readonly deny = new BlockList();
  private readonly metadata = new BlockList();
  private readonly hasAllow: boolean;

  constructor(private readonly o: NetworkPolicyOptions = {}) {
    for (const e of o.allow ?? []) addEntry(this.allow, e);
    for (const e of o.deny ?? []) addEntry(this.deny, e);
    for (const a of METADATA_ADDRESSES) addEntry(this.metadata, a);
    this.hasAllow = (o.allow ?? []).length > 0;
  }

  /** Whether the scanner may connect to this IP address. */
  check(address: string): PolicyVerdict {
    const family = isIP(address);
    if (family === 0) return { ok: false, reason: `"${address}" is not an IP address` };
    const type = family === 4 ? 'ipv4' : 'ipv6';
    // An IPv6 form that carries an IPv4 address (mapped, compatible, 6to4, NAT64, Teredo) is judged by that address too.
    const v4 = family === 6 ? embeddedIpv4(address) : undefined;
    if (v4) {
      const inner = this.check(v4);
      if (!inner.ok) return { ok: false, reason: `${address} carries ${v4}: ${inner.reason}` };
      if (this.deny.check(address, type)) return { ok: false, reason: `${address} is in a denied network` };
      return inner;
    }
    if (this.deny.check(address, type)) return { ok: false, reason: `${address} is in a denied network` };
    if (this.hasAllow && this.allow.check(address, type)) return { ok: true };
    if (this.metadata.check(address, type)) return { ok: false, reason: `${address} is a cloud metadata address` };
    const cls = classifyIp(address);
    if (cls === 'link_local') return { ok: false, reason: `${address} is link-local (denied by default)` };
    if (family === 4 && address.startsWith('0.')) return { ok: false, reason: `${address} is in 0.0.0.0/8 (denied by default)` };
    if (cls === 'reserved') return { ok: false, reason: `${address} is a reserved or multicast address (denied by default)` };
    if (cls === 'loopback' && !this.o.allowLoopback) return { ok: false, reason: `${address} is loopback (allow it with allowLoopback or an allow entry)` };
    if (cls === 'private' && !this.o.allowPrivate) return { ok: false, reason: `${address} is in a private range (allow it with allowPrivate or an allow entry)` };
    return { ok: true };
  }

  describe(): NetworkPolicyOptions {
    return { ...this.o };
  }
}

function addEntry(list: BlockList, entry: string): void {
  const e = entry.trim();
  const slash = e.indexOf('/');
  const addr = slash === -1 ? e : e.slice(0, slash);
  const family = isIP(addr);
  if (family === 0) throw new Error(`network policy: "${entry}" is not an address or CIDR`);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (slash === -1) {
    list.addAddress(addr, type);
    return;
  }
  const prefix = Number(e.slice(slash + 1));
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) throw new Error(`network policy: bad prefix in "${entry}"`);
  list.addSubnet(addr, prefix, type);
}
