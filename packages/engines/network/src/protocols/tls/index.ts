/**
 * TLS on any TCP service: recognition by a handshake (node:tls, every
 * version and cipher allowed so old servers answer too), then the service
 * inside (a greeting, else HTTP). The checks then ask, each on its own
 * connection: which versions are accepted (node:tls with min = max version;
 * SSL 3.0 with our own ClientHello, node's OpenSSL has none), which weak
 * suites (our own ClientHello, suites.ts), and what is wrong with the
 * certificate (engine-core's X.509 reader; name check by node's
 * X509Certificate, RFC 6125). Handshakes only: no application data is sent
 * except the HTTP GET of the identification.
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import type tls from 'node:tls';
import { type CertificateInfo, parseCertificate } from '@citadel/engine-core';
import { parseTextBanner } from '../banner/index.ts';
import { http } from '../http/index.ts';
import { hex } from '../render.ts';
import { ConnError } from '../../scan/conn.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';
import { SSL3_SUITES, WEAK_SUITES, type WeakSuite } from './suites.ts';
import { ALERTS, VERSION_NAMES, clientHello, readServerAnswer } from './wire.ts';

/** Every version and suite node can speak: recognition must not fail on an old server. */
const PERMISSIVE = { minVersion: 'TLSv1' as const, ciphers: 'ALL:@SECLEVEL=0' };

export const tlsProtocol: Protocol = {
  id: 'tls',
  ports: [443, 465, 636, 853, 990, 992, 993, 995, 2376, 5061, 5671, 6443, 8443, 8883, 9443],
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    // The probe's own (possibly shortened) wait: a silent non-TLS port must not hold identification.
    const c = await ctx.openTls(PERMISSIVE, ctx.timeoutMs);
    const s = c.tlsSocket!;
    const facts = { protocol: s.getProtocol() ?? 'unknown', cipher: s.getCipher().name, ...certificateOf(s) };
    let inner: ServiceInfo | undefined;
    try {
      // A service that greets first (IMAPS, POP3S, SMTPS, FTPS) speaks now.
      await c.until((d) => d.includes(0x0a), Math.min(ctx.timeoutMs, 800));
      if (c.data.length > 0) inner = parseTextBanner(c.data);
    } finally {
      c.close();
    }
    if (!inner) {
      const viaTls: ProbeContext = { ...ctx, open: () => ctx.openTls(PERMISSIVE) };
      inner = await http.probe!(viaTls).catch(() => undefined);
    }
    const proof = { request: `TLS ClientHello (${facts.protocol} negotiated, cipher ${facts.cipher})`, response: facts.certificate ? `certificate ${subjectOf(facts.certificate)}` : 'no certificate' };
    const base: ServiceInfo = inner ?? { service: 'tls', proof };
    return { ...base, tls: facts, extra: { ...base.extra, tls: facts.protocol }, proof: base.proof ?? proof };
  },
};

function certificateOf(s: tls.TLSSocket): { certificate?: Buffer } {
  const peer = s.getPeerCertificate(false) as Partial<tls.PeerCertificate>;
  return peer?.raw ? { certificate: peer.raw } : {};
}

function subjectOf(der: Buffer): string {
  try {
    return parseCertificate(der).subject;
  } catch {
    return '(unreadable)';
  }
}

/**
 * STARTTLS on a cleartext service (starttls.ts): the upgrade, then a
 * handshake as permissive as the implicit-TLS recognition. `ctx` must open
 * its connections with that upgrade (identify.ts probeContext `starttls`).
 */
export async function probeStartTls(ctx: ProbeContext): Promise<{ tls: NonNullable<ServiceInfo['tls']> } | { refused: string }> {
  try {
    const c = await ctx.openTls(PERMISSIVE);
    const s = c.tlsSocket!;
    const facts = { protocol: s.getProtocol() ?? 'unknown', cipher: s.getCipher().name, ...certificateOf(s) };
    c.close();
    return { tls: facts };
  } catch (e) {
    if (e instanceof ConnError && e.kind === 'policy') throw e;
    return { refused: (e as Error).message.slice(0, 200) };
  }
}

/** Versions, oldest first: SSL 3.0 by our own ClientHello, the rest through node:tls. */
export const TLS_VERSIONS = ['SSLv3', 'TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;
export type TlsVersion = (typeof TLS_VERSIONS)[number];

export interface VersionProbe {
  version: TlsVersion;
  accepted: boolean;
  evidence: string;
}

export async function probeVersions(ctx: ProbeContext): Promise<VersionProbe[]> {
  const out: VersionProbe[] = [];
  const ssl3 = await rawHello(ctx, 0x0300, SSL3_SUITES);
  out.push({ version: 'SSLv3', accepted: ssl3.answer.kind === 'hello' && ssl3.answer.version === 0x0300, evidence: ssl3.evidence });
  for (const v of TLS_VERSIONS.slice(1) as Exclude<TlsVersion, 'SSLv3'>[]) {
    try {
      const c = await ctx.openTls({ minVersion: v, maxVersion: v, ciphers: 'ALL:@SECLEVEL=0' });
      const s = c.tlsSocket!;
      const got = s.getProtocol();
      out.push({ version: v, accepted: got === v, evidence: `handshake limited to ${v}: ${got}, ${s.getCipher().name}` });
      c.close();
    } catch (e) {
      out.push({ version: v, accepted: false, evidence: `handshake limited to ${v}: refused (${(e as Error).message.slice(0, 120)})` });
    }
  }
  return out;
}

/**
 * Weak suites the server accepts: offer them all in a TLS 1.2 ClientHello,
 * note the one the server picks, offer the rest again, until it refuses
 * (at most one round per weak suite).
 */
export async function probeWeakSuites(ctx: ProbeContext): Promise<{ accepted: WeakSuite[]; evidence: string[] }> {
  const left = new Map(WEAK_SUITES.map((s) => [s.id, s]));
  const accepted: WeakSuite[] = [];
  const evidence: string[] = [];
  while (left.size > 0) {
    const r = await rawHello(ctx, 0x0303, [...left.keys()]);
    const a = r.answer;
    if (a.kind !== 'hello') {
      evidence.push(r.evidence);
      break;
    }
    const suite = left.get(a.suite);
    evidence.push(r.evidence);
    // A server that answers with a suite we did not offer breaks RFC 5246: stop, nothing to learn.
    if (!suite) break;
    accepted.push(suite);
    left.delete(a.suite);
  }
  return { accepted, evidence };
}

async function rawHello(ctx: ProbeContext, version: 0x0300 | 0x0303, suites: readonly number[]): Promise<{ answer: ReturnType<typeof readServerAnswer>; evidence: string }> {
  const hello = clientHello({ version, suites, ...(ctx.name ? { servername: ctx.name } : {}) });
  const label = `ClientHello ${VERSION_NAMES[version]} offering ${suites.length} suite(s)`;
  let c;
  try {
    c = await ctx.open();
  } catch (e) {
    return { answer: { kind: 'other', reason: (e as Error).message }, evidence: `${label}: ${(e as Error).message}` };
  }
  try {
    c.write(hello);
    await c.until((d) => readServerAnswer(d).kind !== 'incomplete', ctx.timeoutMs);
    const answer = readServerAnswer(c.data);
    const said =
      answer.kind === 'hello'
        ? `ServerHello ${VERSION_NAMES[answer.version] ?? `0x${answer.version.toString(16)}`} suite 0x${answer.suite.toString(16).padStart(4, '0')} ${WEAK_SUITES.find((s) => s.id === answer.suite)?.name ?? ''}`.trim()
        : answer.kind === 'alert'
          ? `alert ${ALERTS[answer.description] ?? answer.description}`
          : answer.kind === 'incomplete'
            ? c.data.length === 0
              ? 'no answer (closed or silent)'
              : `incomplete answer ${hex(c.data, 16)}`
            : answer.reason;
    return { answer, evidence: `${label}: ${said}` };
  } finally {
    c.close();
  }
}

export interface CertificateProblem {
  kind: 'expired' | 'not_yet_valid' | 'self_signed' | 'weak_key' | 'weak_signature' | 'name_mismatch';
  detail: string;
}

/** Key sizes below NIST SP 800-57 Part 1 Rev. 5 Table 2 (112-bit security): RSA/DSA 2048, EC 224. */
const MIN_BITS: Record<string, number> = { rsa: 2048, 'rsa-pss': 2048, dsa: 2048, ec: 224 };
/** Hashes with practical collisions (SHA-1: SHAttered 2017; MD5, MD2). CA/Browser Forum BR §7.1.3.2. */
const WEAK_HASHES = new Set(['md2', 'md5', 'sha1']);

/** What is wrong with a certificate seen at `now`, for a service reached as `name` (a host name or the address). */
export function certificateProblems(der: Buffer, name: string, now: Date): { info?: CertificateInfo; problems: CertificateProblem[]; error?: string } {
  let info: CertificateInfo;
  try {
    info = parseCertificate(der);
  } catch (e) {
    return { problems: [], error: `the certificate could not be read: ${(e as Error).message.slice(0, 200)}` };
  }
  const problems: CertificateProblem[] = [];
  const t = now.getTime();
  if (t > Date.parse(info.notAfter)) problems.push({ kind: 'expired', detail: `expired on ${info.notAfter}` });
  if (t < Date.parse(info.notBefore)) problems.push({ kind: 'not_yet_valid', detail: `valid only from ${info.notBefore}` });
  if (info.selfIssued) problems.push({ kind: 'self_signed', detail: `issuer equals subject (${info.subject})${info.selfSigned ? ', signature verified with its own key' : ''}` });
  const alg = info.publicKey.algorithm.toLowerCase();
  const min = Object.entries(MIN_BITS).find(([k]) => alg === k || alg.startsWith(k))?.[1];
  if (min && info.publicKey.bits !== undefined && info.publicKey.bits < min) problems.push({ kind: 'weak_key', detail: `${info.publicKey.algorithm} key of ${info.publicKey.bits} bits (at least ${min} needed)` });
  if (info.signatureHash && WEAK_HASHES.has(info.signatureHash)) problems.push({ kind: 'weak_signature', detail: `signed with ${info.signatureAlgorithm.name}` });
  let matches: string | undefined;
  try {
    const x = new X509Certificate(der);
    matches = isIP(name) ? x.checkIP(name) : x.checkHost(name);
  } catch {
    matches = undefined;
  }
  if (!matches) problems.push({ kind: 'name_mismatch', detail: `the certificate (${info.subject}) is not valid for ${name}` });
  return { info, problems };
}

