/**
 * STARTTLS: the TLS checks run on SMTP, IMAP, POP3, FTP (AUTH TLS),
 * PostgreSQL and MySQL through their plaintext upgrade. Against responders
 * written from each protocol's specification (testing/starttls-responder.ts)
 * that upgrade to real node:tls with an expired self-signed certificate for
 * another name: the certificate items must fail through the upgrade, and the
 * responder must have seen nothing in clear but the greeting's answer and
 * the upgrade command (no login, no mail, no query). A server that refuses
 * the upgrade gets no TLS item and says so. Plus this machine's PostgreSQL
 * when it runs (its SSLRequest answer is recorded either way).
 */
import type { Assessment } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { LOOPBACK_PARAMS, portOpen } from './testing/services.ts';
import { type UpgradeKind, startStartTlsResponder } from './testing/starttls-responder.ts';

type Port = { service: string; extra?: Record<string, string> };
const port0 = (a: Assessment) => (a.target.hosts as { ports: Port[] }[])[0]!.ports[0]!;
const result = (a: Assessment, id: string) => a.findings.find((f) => f.ruleId === id)!;
// A short probe wait: on a test's high port the client-first probes tried before the right one each wait.
const scan = (port: number) => engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: String(port), probeTimeoutMs: '500' } }, {});

/** What each kind may send in clear: the upgrade and, for SMTP, the EHLO it needs first; the identification's own openings. */
const ALLOWED: Record<UpgradeKind, RegExp> = {
  smtp: /^(EHLO citadel\.invalid|STARTTLS)$/,
  imap: /^c1 STARTTLS$/,
  pop3: /^STLS$/,
  ftp: /^AUTH TLS$/,
  postgresql: /^(SSLRequest|startup 196608)$/,
  mysql: /^SSLRequest$/,
};
const SERVICE: Record<UpgradeKind, string> = { smtp: 'smtp', imap: 'imap', pop3: 'pop3', ftp: 'ftp', postgresql: 'postgresql', mysql: 'mysql' };

describe('STARTTLS against responders written from the specifications', () => {
  for (const kind of Object.keys(ALLOWED) as UpgradeKind[]) {
    it(`${kind}: upgrades, runs the TLS checks through the upgrade, sends only the upgrade`, async () => {
      const r = await startStartTlsResponder(kind);
      try {
        const a = await scan(r.port);
        const p = port0(a);
        expect(p.service).toBe(SERVICE[kind]);
        expect(p.extra?.starttls).toMatch(/→ TLSv1\.[23]/);
        expect(p.extra?.tls_versions).toMatch(/TLSv1\.2/);
        for (const id of ['network.tls.cert_expired', 'network.tls.cert_self_signed', 'network.tls.cert_name_mismatch', 'network.tls.legacy_version']) expect(result(a, id).result, id).toBe('fail');
        const ev = result(a, 'network.tls.cert_expired').evidence[0]!;
        expect(ev.file).toBe(`127.0.0.1:${r.port}`);
        expect(ev.request).toMatch(/^after (SMTP STARTTLS|IMAP STARTTLS|POP3 STLS|FTP AUTH TLS|PostgreSQL SSLRequest|MySQL SSLRequest): /);
        expect(r.handshakes).toBeGreaterThan(2);
        // In clear: the upgrade only (banner-only services: nothing of the identification's probes reached a line parser here except these).
        const clear = r.received.filter((l) => ALLOWED[kind].test(l));
        expect(clear.length).toBeGreaterThan(0);
        // No login, mail or query — except FTP's own anonymous-login check (access.ftp_anonymous), which is not the upgrade's.
        const login = r.received.filter((l) => /^(USER|PASS|LOGIN|AUTH (PLAIN|LOGIN)|MAIL FROM|RCPT|RETR|STOR|DELE|APPEND|SELECT|query)/i.test(l));
        expect(login.filter((l) => !(kind === 'ftp' && /^(USER|PASS) anonymous/.test(l)))).toEqual([]);
        // MySQL: SSLRequests, and the one HandshakeResponse of the existing empty-password check (access.mysql_empty_password).
        if (kind === 'mysql') expect(r.received.filter((l) => l !== 'SSLRequest'), r.received.join(', ')).toEqual(['HandshakeResponse (60 bytes)']);
      } finally {
        await r.stop();
      }
    }, 30_000);
  }

  it('a server that refuses the upgrade: no TLS item, and the refusal said', async () => {
    const [smtp, pg] = await Promise.all([startStartTlsResponder('smtp', false), startStartTlsResponder('postgresql', false)]);
    try {
      const [a, b] = await Promise.all([scan(smtp.port), scan(pg.port)]);
      expect(port0(a).extra?.starttls).toMatch(/^not offered \(SMTP upgrade refused: 502/);
      expect(port0(b).extra?.starttls).toMatch(/^not offered \(PostgreSQL SSLRequest refused: N/);
      for (const x of [a, b]) for (const f of x.findings.filter((f) => f.ruleId.startsWith('network.tls.'))) expect(f.result, f.ruleId).not.toBe('fail');
      expect(smtp.handshakes + pg.handshakes).toBe(0);
    } finally {
      await smtp.stop();
      await pg.stop();
    }
  }, 30_000);
});

describe.skipIf(!(await portOpen(5432)))("this machine's PostgreSQL", () => {
  it('asks for TLS with an SSLRequest and records the answer', async () => {
    const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: '5432' } }, {});
    const p = port0(a);
    expect(p.service).toBe('postgresql');
    // Either upgraded (ssl = on) or refused with 'N' (ssl = off): never silent.
    expect(p.extra?.starttls).toMatch(/^(PostgreSQL SSLRequest → TLSv1\.[23]|not offered \(PostgreSQL SSLRequest refused: N)/);
  }, 30_000);
});
