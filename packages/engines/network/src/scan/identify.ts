/**
 * Service and version detection on an open port, with this engine's own
 * probes (protocols/): first the probe of the protocol usually found on the
 * port; then a wait for a greeting (servers that speak first: MySQL, NATS,
 * SSH, FTP …), matched against every greeting parser; then the other probes
 * one by one, each on a fresh connection, until one recognises the answer.
 * The greeting wait adapts to the host's round trip instead of nmap's fixed
 * seconds, which is most of the difference in time.
 */
import { PROTOCOLS, type Protocol, type ProbeContext, type ServiceInfo } from '../protocols/index.ts';
import { printable } from '../protocols/render.ts';
import { Conn, ConnError, type StartTls } from './conn.ts';
import type { Gate } from './gate.ts';
import type { RttEstimator } from './rtt.ts';

export interface IdentifyOptions {
  gate: Gate;
  rtt: RttEstimator;
  probeTimeoutMs: number;
  /** ICS control protocols are probed on foreign ports only on the ics platform. */
  ics: boolean;
}

/** `starttls`: every connection of the context first runs that plaintext upgrade (the TLS checks on SMTP, IMAP … then see TLS). */
export function probeContext(host: string, port: number, o: Pick<IdentifyOptions, 'gate' | 'probeTimeoutMs' | 'rtt'> & { name?: string; starttls?: StartTls }): ProbeContext {
  const up = o.starttls ? { starttls: o.starttls } : {};
  // A TLS handshake takes two round trips more than a connect, plus the server's key work.
  const tlsTimeout = () => Math.max(o.probeTimeoutMs, o.rtt.timeoutMs() * 4 + 500);
  return {
    host,
    port,
    ...(o.name ? { name: o.name } : {}),
    timeoutMs: o.probeTimeoutMs,
    // With an upgrade, the connect wait covers the plaintext exchange too.
    open: () => Conn.open(o.gate, host, port, o.starttls ? Math.max(o.probeTimeoutMs, tlsTimeout()) : o.rtt.timeoutMs() * 2 + 200, up),
    openTls: (opts = {}, timeoutMs) => Conn.open(o.gate, host, port, timeoutMs ?? tlsTimeout(), { ...opts, ...up, tls: true, ...(o.name ? { servername: o.name } : {}) }),
  };
}

export async function identify(host: string, port: number, o: IdentifyOptions & { name?: string }): Promise<ServiceInfo | undefined> {
  const ctx = probeContext(host, port, o);
  const usual = PROTOCOLS.filter((p) => p.ports.includes(port));
  const tried = new Set<Protocol>();
  const attempt = async (p: Protocol, c: ProbeContext = ctx): Promise<ServiceInfo | undefined> => {
    tried.add(p);
    if (!p.probe) return undefined;
    try {
      return await p.probe(c);
    } catch (e) {
      if (e instanceof ConnError && e.kind === 'policy') throw e;
      if (e instanceof ConnError) return undefined;
      if (o.gate.signal.aborted) throw e;
      return undefined;
    }
  };
  // 1. The usual client-first protocol of this port.
  for (const p of usual.filter((x) => x.probe)) {
    const found = await attempt(p);
    if (found) return found;
  }
  // 2. A greeting.
  let banner: Buffer | undefined;
  try {
    const c = await ctx.open();
    try {
      await c.until((d) => d.length > 0 && (d.includes(0x0a) || d.length >= 4), o.rtt.bannerWaitMs());
      // A greeting may come in pieces: take what follows within a short moment.
      if (c.data.length > 0) await c.until(() => false, 60);
      banner = c.data;
    } finally {
      c.close();
    }
  } catch (e) {
    if (e instanceof ConnError && e.kind === 'policy') throw e;
    if (!(e instanceof ConnError)) throw e;
  }
  if (banner && banner.length > 0) {
    for (const p of PROTOCOLS) {
      const found = p.matchBanner?.(banner);
      if (found) return { ...found, proof: found.proof ?? { request: '(none: the server speaks first)', response: printable(banner, 400) } };
    }
  }
  // 3. The other probes, each waiting a few round trips (not the full probe timeout): a service
  // that did not understand a foreign opening mostly stays silent. On the ics platform only the
  // control protocols' own probes are sent (fragile devices get no foreign bytes); elsewhere
  // the control protocols are probed on their own ports only.
  const short = { ...ctx, timeoutMs: Math.min(o.probeTimeoutMs, o.rtt.bannerWaitMs() + 500) };
  for (const p of PROTOCOLS) {
    if (tried.has(p) || !p.probe) continue;
    if (Boolean(p.icsOnly) !== o.ics) continue;
    const found = await attempt(p, short);
    if (found) return found;
  }
  if (banner && banner.length > 0) return { service: 'unknown', extra: { banner: printable(banner, 200) } };
  return undefined;
}
