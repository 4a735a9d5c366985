/**
 * IPv6 addresses that carry an IPv4 address (issue 18 item 11). A scanner told to
 * stay off loopback and private IPv4 must judge these by the IPv4 address inside,
 * or `[::7f00:1]` walks around a rule that stops `127.0.0.1`. Sources:
 * RFC 4291 §2.5.5 (IPv4-compatible ::a.b.c.d, IPv4-mapped ::ffff:a.b.c.d),
 * RFC 6145/7915 (SIIT ::ffff:0:a.b.c.d), RFC 3056 (6to4 2002:AABB:CCDD::/48),
 * RFC 6052 §2.2 (NAT64 64:ff9b::/96) and RFC 8215 (local-use NAT64 64:ff9b:1::/48,
 * with the IPv4 bytes around the reserved "u" octet), RFC 4380 (Teredo 2001:0::/32:
 * the client's IPv4 is the last 32 bits inverted).
 */
import { isIPv6 } from 'node:net';

/** The 16 bytes of an IPv6 address (zone id dropped), or undefined when it is not one. */
export function ipv6Bytes(address: string): number[] | undefined {
  const ip = address.replace(/%.*$/, '');
  if (!isIPv6(ip)) return undefined;
  let s = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...(tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0')), ...t].map((g) => parseInt(g, 16));
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return undefined;
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

const v4 = (b: number[]) => b.join('.');
const zeros = (b: number[], from: number, to: number) => b.slice(from, to).every((x) => x === 0);

/** The IPv4 address an IPv6 address carries, if it is one of the embedding forms above. */
export function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  if (!b) return undefined;
  const last4 = b.slice(12, 16);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (SIIT).
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(last4);
  if (zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return v4(last4);
  // ::a.b.c.d (IPv4-compatible, deprecated but still parsed by stacks); :: and ::1 are not.
  if (zeros(b, 0, 12) && !(zeros(b, 12, 15) && (b[15] === 0 || b[15] === 1))) return v4(last4);
  // 64:ff9b::/96, the well-known NAT64 prefix.
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return v4(last4);
  // 64:ff9b:1::/48, local-use NAT64: IPv4 in bytes 6-7 and 9-10 (byte 8 is the u octet).
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b[4] === 0x00 && b[5] === 0x01) return v4([b[6]!, b[7]!, b[9]!, b[10]!]);
  // 2002:AABB:CCDD::/48, 6to4.
  if (b[0] === 0x20 && b[1] === 0x02) return v4(b.slice(2, 6));
  // 2001:0000::/32, Teredo: the client's address, inverted.
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) return v4(last4.map((x) => x ^ 0xff));
  return undefined;
}
