/**
 * TLS items of the network platform, for every service whose identification
 * found TLS: accepted legacy versions, accepted weak suites, and the
 * certificate's problems. Each probe is a handshake on its own connection.
 */
import type { AssessmentBuilder } from '@citadel/engine-core';
import { certificateProblems, probeVersions, probeWeakSuites, type CertificateProblem } from '../protocols/tls/index.ts';
import { type FoundService, describe, where } from './types.ts';

const id = (key: string) => `network.tls.${key}`;
/** RFC 8996 deprecates TLS 1.0 and 1.1; RFC 7568 SSL 3.0. */
const LEGACY = new Set(['SSLv3', 'TLSv1', 'TLSv1.1']);
const CERT_ITEMS: Record<CertificateProblem['kind'], string> = {
  expired: 'cert_expired',
  not_yet_valid: 'cert_not_yet_valid',
  self_signed: 'cert_self_signed',
  weak_key: 'cert_weak_key',
  weak_signature: 'cert_weak_signature',
  name_mismatch: 'cert_name_mismatch',
};

/** "after SMTP STARTTLS: " for upgraded services. */
const via = (s: FoundService) => (s.info.tls?.starttls ? `after ${s.info.tls.starttls}: ` : '');

export async function tlsChecks(b: AssessmentBuilder, services: readonly FoundService[], now = new Date()): Promise<void> {
  const withTls = services.filter((s) => s.info.tls);
  await b.check(id('legacy_version'), async () => {
    for (const s of withTls) {
      b.throwIfAborted();
      const vs = await probeVersions(s.tlsCtx ?? s.ctx);
      const accepted = vs.filter((v) => v.accepted).map((v) => v.version);
      // In place: the result page's host list already holds this object.
      (s.info.extra ??= {}).tls_versions = accepted.join(' ') || 'none';
      const old = accepted.filter((v) => LEGACY.has(v));
      if (old.length > 0)
        b.finding(id('legacy_version'), { file: where(s), className: s.info.service, detail: `${describe(s)} accepts ${old.join(', ')} (all accepted: ${accepted.join(', ')})`, request: `${via(s)}${vs.map((v) => v.version).join(', ')}`, response: vs.map((v) => v.evidence).join('\n') });
    }
  });
  await b.check(id('weak_cipher'), async () => {
    for (const s of withTls) {
      b.throwIfAborted();
      const r = await probeWeakSuites(s.tlsCtx ?? s.ctx);
      if (r.accepted.length > 0)
        b.finding(id('weak_cipher'), { file: where(s), className: s.info.service, detail: `${describe(s)} accepts ${r.accepted.map((x) => `${x.name} (${x.weak})`).join(', ')}`.slice(0, 2000), request: `${via(s)}TLS 1.2 ClientHello offering only weak suites, repeated without each accepted one`, response: r.evidence.join('\n') });
    }
  });
  const certs = withTls.filter((s) => s.info.tls!.certificate).map((s) => ({ s, r: certificateProblems(s.info.tls!.certificate!, s.name ?? s.host, now) }));
  for (const [kind, key] of Object.entries(CERT_ITEMS) as [CertificateProblem['kind'], string][]) {
    await b.check(id(key), () => {
      for (const { s, r } of certs) {
        for (const p of r.problems.filter((x) => x.kind === kind)) {
          b.finding(id(key), { file: where(s), className: s.info.service, detail: `${describe(s)}: ${p.detail}`, request: `${via(s)}TLS handshake (${s.info.tls!.protocol})`, response: r.info ? `subject ${r.info.subject}; issuer ${r.info.issuer}; valid ${r.info.notBefore} – ${r.info.notAfter}; key ${r.info.publicKey.algorithm} ${r.info.publicKey.bits ?? '?'} bits; signature ${r.info.signatureAlgorithm.name}; sha256 ${r.info.fingerprints.sha256}` : '' });
        }
      }
    });
  }
  for (const { s, r } of certs) if (r.error) b.unreadable(where(s), r.error);
}
