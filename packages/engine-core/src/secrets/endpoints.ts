/**
 * URLs, IP addresses and e-mail addresses in text, classified for the
 * "endpoints" results: http vs https, private/public/loopback addresses.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type IpClass = 'public' | 'private' | 'loopback' | 'link_local' | 'reserved';

export interface UrlMatch {
  value: string;
  scheme: string;
  host: string;
  /** https, wss, ftps: encrypted in transit. */
  secure: boolean;
  hostKind: 'domain' | 'ipv4' | 'ipv6';
  /** For an IP host: its class. */
  ipClass?: IpClass;
  /** Not an endpoint the app talks to: XML namespaces, DTDs, CRL/OCSP/CA URLs of embedded certificates (see isReferenceUrl). */
  reference: boolean;
  index: number;
}

export interface IpMatch {
  value: string;
  version: 4 | 6;
  ipClass: IpClass;
  index: number;
}

export interface EmailMatch {
  value: string;
  domain: string;
  index: number;
}

const URL_RE = /\b(?:https?|wss?|ftps?):\/\/[^\s"'<>`\\{}|^\u0000-\u001f\u007f]{1,2048}/gi;
const IPV4_RE = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?!\w|\.\d)/g;
const IPV6_RE = /(?<![\w:.])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?:%[a-z0-9]+)?(?![\w:])/gi;
const EMAIL_RE = /(?<![\w.%+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![\w-])/g;

// URL prefixes that are identifiers (XML namespaces, DTDs, schemas), never fetched by the app.
const NAMESPACE_PREFIXES = [
  'schemas.android.com/',
  'www.w3.org/',
  'w3.org/',
  'ns.adobe.com/',
  'www.apple.com/dtds/',
  'apache.org/xml/',
  'xml.apache.org/',
  'xml.org/sax/',
  'java.sun.com/',
  'xmlpull.org/',
  'schemas.xmlsoap.org/',
  'schemas.microsoft.com/',
  'purl.org/',
  'json-schema.org/',
];

/**
 * Namespaces and PKI references (CRL, OCSP, CA certificate and policy URLs
 * inside embedded certificates): URLs that are not endpoints the app talks to.
 */
export function isReferenceUrl(host: string, pathname: string): boolean {
  const h = host.toLowerCase();
  const hp = `${h}${pathname.toLowerCase()}`;
  if (NAMESPACE_PREFIXES.some((p) => hp.startsWith(p) || `${hp}/` === p)) return true;
  if (/^(?:ocsp\d*|crl\d*|cacerts|aia|cps)\./.test(h)) return true;
  if (/\.(?:crl|crt|cer|p7c)$/.test(pathname.toLowerCase())) return true;
  return h === 'www.apple.com' && /^\/(?:appleca|certificateauthority)\b/i.test(pathname);
}

// E-mail "domains" that are really file names (icon@2x.png) or source annotations.
const FILE_TLDS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'so', 'js', 'css', 'json', 'xml', 'html', 'class', 'java', 'kt', 'dex', 'ts', 'map', 'ttf', 'otf']);

export function classifyIp(ip: string): IpClass {
  if (isIPv4(ip)) return classifyIpv4(ip.split('.').map(Number) as [number, number, number, number]);
  const full = expandIpv6(ip.replace(/%.*$/, ''));
  if (!full) return 'reserved';
  if (full.slice(0, 5).every((g) => g === 0) && full[5] === 0xffff) {
    return classifyIpv4([full[6]! >> 8, full[6]! & 0xff, full[7]! >> 8, full[7]! & 0xff]);
  }
  if (full.every((g, i) => g === (i === 7 ? 1 : 0))) return 'loopback';
  if (full.every((g) => g === 0)) return 'reserved';
  const g0 = full[0]!;
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local';
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'reserved'; // multicast
  if (g0 === 0x2001 && full[1] === 0x0db8) return 'reserved'; // documentation
  return 'public';
}

function classifyIpv4([a, b, c]: [number, number, number, number]): IpClass {
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private'; // carrier-grade NAT
  if (a === 169 && b === 254) return 'link_local';
  if (a === 0 || a >= 224) return 'reserved';
  if ((a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return 'reserved';
  if (a === 198 && (b === 18 || b === 19)) return 'reserved'; // benchmarking
  return 'public';
}

function expandIpv6(ip: string): number[] | undefined {
  if (!isIPv6(ip)) return undefined;
  let s = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...zeros, ...t].map((g) => parseInt(g, 16));
}

export function findUrls(text: string, max = 10_000): UrlMatch[] {
  const out: UrlMatch[] = [];
  for (const m of text.matchAll(URL_RE)) {
    if (out.length >= max) break;
    const value = trimUrl(m[0]);
    let u: URL;
    try {
      u = new URL(value);
    } catch {
      continue;
    }
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (host === '' || (!host.includes('.') && !host.includes(':') && host !== 'localhost')) continue;
    const scheme = u.protocol.slice(0, -1).toLowerCase();
    const hostKind = isIPv4(host) ? 'ipv4' : isIPv6(host) ? 'ipv6' : 'domain';
    out.push({
      value,
      scheme,
      host,
      secure: scheme === 'https' || scheme === 'wss' || scheme === 'ftps',
      hostKind,
      ...(hostKind === 'domain' ? (host === 'localhost' ? { ipClass: 'loopback' as const } : {}) : { ipClass: classifyIp(host) }),
      reference: isReferenceUrl(host, u.pathname),
      index: m.index,
    });
  }
  return out;
}

/** Drops punctuation that ends the sentence or the surrounding code rather than the URL. */
function trimUrl(raw: string): string {
  let s = raw;
  for (;;) {
    const last = s.at(-1);
    if (last && '.,;:!?\'")]*'.includes(last)) {
      if (last === ')' && s.split('(').length > s.split(')').length - 1) break;
      s = s.slice(0, -1);
    } else break;
  }
  return s;
}

/**
 * IP addresses outside URLs too. Dotted version numbers are the main source of
 * false positives ("1.2.0.0", "version 4.1.2.3"), so addresses right after
 * "v"/"version" and all-single-digit ones ending in 0 are skipped.
 */
export function findIps(text: string, max = 10_000): IpMatch[] {
  const out: IpMatch[] = [];
  for (const m of text.matchAll(IPV4_RE)) {
    if (out.length >= max) break;
    const ip = m[0];
    if (!isIPv4(ip)) continue;
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    if (/\b(?:v|version|ver|sdk|build|api)[\s:=_-]*$/i.test(before)) continue;
    const octets = ip.split('.').map(Number);
    if (octets.every((o) => o < 10) && octets[3] === 0) continue;
    out.push({ value: ip, version: 4, ipClass: classifyIp(ip), index: m.index });
  }
  for (const m of text.matchAll(IPV6_RE)) {
    if (out.length >= max) break;
    const ip = m[0];
    if (!isIPv6(ip.replace(/%.*$/, ''))) continue;
    const groups = ip.split(':').filter((g) => g !== '');
    // "::1" or at least three groups with a digit: C++ scopes ("d::") and times are not addresses.
    if (!(ip === '::1' || (groups.length >= 3 && /[0-9]/.test(ip)))) continue;
    out.push({ value: ip, version: 6, ipClass: classifyIp(ip), index: m.index });
  }
  return out.sort((a, b) => a.index - b.index);
}

export function findEmails(text: string, max = 10_000): EmailMatch[] {
  const out: EmailMatch[] = [];
  for (const m of text.matchAll(EMAIL_RE)) {
    if (out.length >= max) break;
    const domain = m[0].slice(m[0].indexOf('@') + 1);
    const tld = domain.slice(domain.lastIndexOf('.') + 1).toLowerCase();
    if (FILE_TLDS.has(tld)) continue;
    out.push({ value: m[0], domain: domain.toLowerCase(), index: m.index });
  }
  return out;
}
