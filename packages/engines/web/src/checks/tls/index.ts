/**
 * TLS checks for https targets, with node:tls only: one handshake per legacy
 * protocol version and per weak cipher group (pinned on the client side, at
 * OpenSSL security level 0 so the client is able to offer them), and the
 * certificate of a normal handshake: trust chain, host name, validity dates.
 * Handshakes go to the policy-checked address and are bounded by a timeout
 * and the abort signal. A group the local OpenSSL cannot offer is reported
 * as untestable in the evidence detail instead of passing silently.
 */
import type { DetailedPeerCertificate, PeerCertificate } from 'node:tls';
import { isIP } from 'node:net';
import tls from 'node:tls';
import type { AssessmentBuilder } from '@citadel/engine-core';
import type { HttpClient } from '../../net/http-client.ts';

export interface HandshakeResult {
  ok: boolean;
  protocol?: string;
  cipher?: string;
  cert?: DetailedPeerCertificate;
  authorized?: boolean;
  authorizationError?: string;
  error?: string;
  /** The client could not even offer this configuration (local OpenSSL). */
  untestable?: boolean;
}

export interface HandshakeOptions {
  minVersion?: tls.SecureVersion;
  maxVersion?: tls.SecureVersion;
  ciphers?: string;
}

const WEAK_GROUPS: readonly { name: string; ciphers: string }[] = [
  { name: 'NULL / anonymous', ciphers: 'eNULL:aNULL@SECLEVEL=0' },
  { name: 'EXPORT', ciphers: 'EXPORT@SECLEVEL=0' },
  { name: 'RC4', ciphers: 'RC4@SECLEVEL=0' },
  { name: 'DES / 3DES', ciphers: 'DES:3DES@SECLEVEL=0' },
  { name: 'static RSA key exchange (no forward secrecy)', ciphers: 'kRSA@SECLEVEL=0' },
];
const EXPIRY_WARNING_DAYS = 30;

export function handshake(address: string, port: number, servername: string | undefined, o: HandshakeOptions, timeoutMs: number, signal?: AbortSignal): Promise<HandshakeResult> {
  return new Promise((resolve) => {
    let socket: tls.TLSSocket;
    try {
      socket = tls.connect({ host: address, port, ...(servername ? { servername } : {}), rejectUnauthorized: false, ...o });
    } catch (e) {
      resolve({ ok: false, untestable: true, error: (e as Error).message });
      return;
    }
    let done = false;
    const finish = (r: HandshakeResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(r);
    };
    const onAbort = () => finish({ ok: false, error: 'cancelled' });
    const timer = setTimeout(() => finish({ ok: false, error: `no handshake within ${timeoutMs} ms` }), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('secureConnect', () =>
      finish({
        ok: true,
        protocol: socket.getProtocol() ?? undefined,
        cipher: socket.getCipher()?.name,
        cert: socket.getPeerCertificate(true),
        authorized: socket.authorized,
        ...(socket.authorizationError ? { authorizationError: String(socket.authorizationError) } : {}),
      }),
    );
    socket.on('error', (e) => finish({ ok: false, error: e.message, untestable: /no cipher match|unsupported protocol|no protocols available/i.test(e.message) && !/alert/i.test(e.message) }));
  });
}

export async function tlsChecks(b: AssessmentBuilder, client: HttpClient, target: URL, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const ids = ['web.tls.legacy_protocol', 'web.tls.weak_cipher', 'web.tls.cert_untrusted', 'web.tls.cert_hostname', 'web.tls.cert_expired', 'web.tls.cert_expiring'];
  if (target.protocol !== 'https:') {
    for (const id of ids) b.notExecuted(id, 'the target is not https');
    return;
  }
  b.setPhase('tls');
  const { address } = await client.resolve(target);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const sni = isIP(host) ? undefined : host;
  const port = target.port ? Number(target.port) : 443;
  const shake = (o: HandshakeOptions) => handshake(address, port, sni, o, timeoutMs, signal);
  const where = `${host}:${port} (${address})`;

  const main = await shake({});
  if (!main.ok) {
    for (const id of ids) b.notExecuted(id, `no TLS handshake with ${where}: ${main.error ?? 'failed'}`);
    return;
  }

  await b.check('web.tls.legacy_protocol', async () => {
    for (const v of ['TLSv1', 'TLSv1.1'] as const) {
      const r = await shake({ minVersion: v, maxVersion: v, ciphers: 'DEFAULT@SECLEVEL=0' });
      if (r.ok) b.finding('web.tls.legacy_protocol', { file: target.origin, detail: `${where} accepts ${r.protocol} (cipher ${r.cipher})` });
      else if (r.untestable) b.problem('web.tls.legacy_protocol', { file: target.origin, detail: `${v} could not be offered by the local OpenSSL: not tested` });
    }
  });

  await b.check('web.tls.weak_cipher', async () => {
    for (const g of WEAK_GROUPS) {
      const r = await shake({ maxVersion: 'TLSv1.2', ciphers: g.ciphers });
      if (r.ok) b.finding('web.tls.weak_cipher', { file: target.origin, detail: `${where} accepts ${g.name}: ${r.cipher} over ${r.protocol}` });
    }
  });

  const cert = main.cert;
  await b.check(['web.tls.cert_untrusted', 'web.tls.cert_hostname', 'web.tls.cert_expired', 'web.tls.cert_expiring'], () => {
    if (!cert || !cert.raw) throw new Error('the server sent no certificate');
    const summary = describe(cert);
    if (!main.authorized) b.finding('web.tls.cert_untrusted', { file: target.origin, snippet: summary, detail: `chain does not verify: ${main.authorizationError ?? 'unknown reason'}` });
    const mismatch = tls.checkServerIdentity(host, cert);
    if (mismatch) b.finding('web.tls.cert_hostname', { file: target.origin, snippet: summary, detail: mismatch.message });
    const now = Date.now();
    const from = Date.parse(cert.valid_from);
    const to = Date.parse(cert.valid_to);
    if (to < now || from > now) b.finding('web.tls.cert_expired', { file: target.origin, snippet: summary, detail: to < now ? `expired on ${cert.valid_to}` : `not valid before ${cert.valid_from}` });
    else if (to - now < EXPIRY_WARNING_DAYS * 86_400_000) b.finding('web.tls.cert_expiring', { file: target.origin, snippet: summary, detail: `expires on ${cert.valid_to}` });
  });
}

function describe(c: PeerCertificate): string {
  const name = (x: Record<string, unknown> | undefined) => (x ? Object.entries(x).map(([k, v]) => `${k}=${String(v)}`).join(', ') : '');
  return `subject: ${name(c.subject as unknown as Record<string, unknown>)}; issuer: ${name(c.issuer as unknown as Record<string, unknown>)}; SAN: ${c.subjectaltname ?? '-'}; valid ${c.valid_from} – ${c.valid_to}; SHA-256 ${c.fingerprint256}`;
}
