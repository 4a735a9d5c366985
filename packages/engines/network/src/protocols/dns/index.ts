/**
 * DNS (RFC 1035) over UDP: the CHAOS-class TXT query for version.bind that
 * BIND, Unbound, dnsmasq and PowerDNS answer with their version unless told
 * not to, and one recursive query (RD set) for a name outside any zone the
 * server should hold, whose answer with RA set and NOERROR shows an open
 * resolver (amplification, cache poisoning: RFC 5358). Queries only.
 */
import { randomInt } from 'node:crypto';
import type { UdpContext } from '../../scan/udp.ts';
import { hex } from '../render.ts';
import type { ServiceInfo } from '../types.ts';

const TXT = 16;
const A = 1;
const CLASS_IN = 1;
const CLASS_CH = 3;

function encodeName(name: string): Buffer {
  const parts = name.split('.').filter(Boolean).map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

export function query(id: number, name: string, type: number, klass: number, recursionDesired: boolean): Buffer {
  const h = Buffer.alloc(12);
  h.writeUInt16BE(id, 0);
  h.writeUInt16BE(recursionDesired ? 0x0100 : 0, 2);
  h.writeUInt16BE(1, 4);
  const q = Buffer.alloc(4);
  q.writeUInt16BE(type, 0);
  q.writeUInt16BE(klass, 2);
  return Buffer.concat([h, encodeName(name), q]);
}

export interface DnsAnswer {
  id: number;
  rcode: number;
  ra: boolean;
  aa: boolean;
  answers: { type: number; klass: number; data: Buffer }[];
}

/** Skips a (possibly compressed) name; returns the offset after it. Bounded: at most 128 labels, pointers count too. */
function skipName(d: Buffer, off: number): number {
  let p = off;
  for (let n = 0; n < 128; n++) {
    if (p >= d.length) throw new Error('name truncated');
    const l = d[p]!;
    if (l === 0) return p + 1;
    if ((l & 0xc0) === 0xc0) {
      if (p + 2 > d.length) throw new Error('pointer truncated');
      return p + 2;
    }
    if (l & 0xc0) throw new Error('reserved label type');
    p += 1 + l;
  }
  throw new Error('name too long');
}

export function parseAnswer(d: Buffer): DnsAnswer {
  if (d.length < 12) throw new Error('DNS header truncated');
  const flags = d.readUInt16BE(2);
  if ((flags & 0x8000) === 0) throw new Error('not a response');
  const qd = d.readUInt16BE(4);
  const an = d.readUInt16BE(6);
  if (qd > 16 || an > 256) throw new Error(`implausible counts (${qd} questions, ${an} answers)`);
  let p = 12;
  for (let i = 0; i < qd; i++) p = skipName(d, p) + 4;
  const answers: DnsAnswer['answers'] = [];
  for (let i = 0; i < an; i++) {
    p = skipName(d, p);
    if (p + 10 > d.length) throw new Error('record truncated');
    const type = d.readUInt16BE(p);
    const klass = d.readUInt16BE(p + 2);
    const len = d.readUInt16BE(p + 8);
    if (p + 10 + len > d.length) throw new Error('record data truncated');
    answers.push({ type, klass, data: d.subarray(p + 10, p + 10 + len) });
    p += 10 + len;
  }
  return { id: d.readUInt16BE(0), rcode: flags & 0x0f, ra: (flags & 0x0080) !== 0, aa: (flags & 0x0400) !== 0, answers };
}

/** TXT rdata: length-prefixed strings (RFC 1035 §3.3.14). */
export function txtStrings(data: Buffer): string[] {
  const out: string[] = [];
  let p = 0;
  while (p < data.length) {
    const l = data[p]!;
    out.push(data.toString('latin1', p + 1, Math.min(data.length, p + 1 + l)).replace(/[^\x20-\x7e]/g, '?'));
    p += 1 + l;
  }
  return out;
}

/** BIND "9.18.24-1-Debian", Unbound "unbound 1.17.1", dnsmasq "dnsmasq-2.89", PowerDNS "PowerDNS Recursor 4.8.4". */
export function productOf(v: string): { product?: string; version?: string } {
  const m = /^(unbound|dnsmasq|PowerDNS(?: Authoritative Server| Recursor)?|Knot DNS)[ -]v?(\d+(?:\.\d+)+)/i.exec(v);
  if (m) return { product: m[1]!.split(' ')[0]!.toLowerCase() === 'powerdns' ? 'PowerDNS' : m[1]!.toLowerCase(), version: m[2]! };
  const b = /^(\d+\.\d+\.\d+)(?:[-\w.]*)?$/.exec(v);
  if (b) return { product: 'bind', version: b[1]! };
  return {};
}

/** The name the recursion test asks for: a registered domain no private server would be authoritative for. */
export const RECURSION_PROBE_NAME = 'www.iana.org';

async function ask(ctx: UdpContext, name: string, type: number, klass: number, rd: boolean): Promise<{ request: Buffer; answer?: DnsAnswer; raw?: Buffer }> {
  const id = randomInt(0, 0x10000);
  const request = query(id, name, type, klass, rd);
  const raw = await ctx.exchange(request);
  if (!raw) return { request };
  try {
    const answer = parseAnswer(raw);
    return answer.id === id ? { request, answer, raw } : { request };
  } catch {
    return { request };
  }
}

export async function probeDns(ctx: UdpContext): Promise<ServiceInfo | undefined> {
  const ver = await ask(ctx, 'version.bind', TXT, CLASS_CH, false);
  const rec = await ask(ctx, RECURSION_PROBE_NAME, A, CLASS_IN, true);
  if (!ver.answer && !rec.answer) return undefined;
  const txt = ver.answer?.answers.find((a) => a.type === TXT);
  const versionText = txt ? txtStrings(txt.data).join(' ') : undefined;
  const extra: Record<string, string> = {};
  if (versionText) extra.version_bind = versionText;
  if (rec.answer) {
    // RA set with a NOERROR answer (or SERVFAIL from a resolver that tried upstream) = it recurses for us.
    extra.recursion = rec.answer.ra && (rec.answer.rcode === 0 || rec.answer.rcode === 2) ? `available (rcode ${rec.answer.rcode}, ${rec.answer.answers.length} answer(s))` : `refused (rcode ${rec.answer.rcode}, RA ${rec.answer.ra ? 1 : 0})`;
  }
  return {
    service: 'dns',
    ...(versionText ? productOf(versionText) : {}),
    extra,
    proof: {
      request: [`version.bind CH TXT: ${hex(ver.request, 64)}`, `${RECURSION_PROBE_NAME} IN A (RD): ${hex(rec.request, 64)}`].join('\n'),
      response: [ver.raw ? `version.bind: ${versionText ?? '(no TXT)'} rcode ${ver.answer!.rcode}` : 'version.bind: no answer', rec.raw ? `recursion: ${extra.recursion}` : 'recursion query: no answer'].join('\n'),
    },
  };
}
