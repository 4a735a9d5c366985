/**
 * Services that greet first with a text line: SSH (RFC 4253 §4.2 identification
 * string), FTP (RFC 959 reply 220), SMTP (RFC 5321 greeting 220 … SMTP),
 * POP3 (+OK), IMAP (* OK), VNC (RFB 003.00x, RFC 6143 §7.1.1) and Telnet
 * (option negotiation, RFC 854: IAC bytes first). Also the FTP anonymous
 * login of RFC 1635 (USER anonymous / PASS with an address), quit at once.
 */
import { printable } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

export function parseTextBanner(d: Buffer): ServiceInfo | undefined {
  if (d.length >= 3 && d[0] === 0xff && d[1]! >= 0xfb && d[1]! <= 0xfe) return { service: 'telnet', extra: { banner: printable(d, 120) } };
  const s = d.toString('latin1');
  const line = s.split(/\r?\n/)[0] ?? '';
  let m = /^SSH-(\d\.\d+)-(\S+)(?: (.*))?$/.exec(line);
  if (m) {
    const sw = m[2]!;
    const pv = /^([A-Za-z]+)[_-]([\w.]+)/.exec(sw);
    return { service: 'ssh', product: pv ? pv[1] : sw, ...(pv ? { version: pv[2] } : {}), extra: { banner: line.slice(0, 200), protocol: `SSH ${m[1]}` } };
  }
  m = /^RFB (\d{3})\.(\d{3})\n?$/.exec(s.slice(0, 12));
  if (m) return { service: 'vnc', extra: { protocol: `RFB ${Number(m[1])}.${Number(m[2])}` } };
  if (/^220[ -]/.test(line)) {
    if (/smtp|esmtp|mail/i.test(line)) return { service: 'smtp', ...productOf(line), extra: { banner: line.slice(0, 200) } };
    if (/ftp/i.test(line) || !/http/i.test(line)) return { service: 'ftp', ...productOf(line), extra: { banner: line.slice(0, 200) } };
  }
  if (/^\+OK/.test(line)) return { service: 'pop3', ...productOf(line), extra: { banner: line.slice(0, 200) } };
  if (/^\* (OK|PREAUTH)/.test(line)) return { service: 'imap', ...productOf(line), extra: { banner: line.slice(0, 200) } };
  return undefined;
}

/** "220 (vsFTPd 3.0.3)" / "220 ProFTPD 1.3.5 Server" / "220 host ESMTP Postfix" → product and version when the line says them. */
function productOf(line: string): { product?: string; version?: string } {
  const m = /\b(vsFTPd|ProFTPD|Pure-FTPd|FileZilla Server|Postfix|Exim|Sendmail|Dovecot|Microsoft FTP Service|OpenSMTPD)\b[ /]*v?(\d+(?:\.\d+)+[a-z]?)?/i.exec(line);
  if (!m) return {};
  return { product: m[1]!, ...(m[2] ? { version: m[2] } : {}) };
}

export const textBanner: Protocol = {
  id: 'banner',
  ports: [21, 22, 23, 25, 110, 143, 587, 2222, 5900, 5901],
  matchBanner: parseTextBanner,
};

export type FtpAnonymous = { ok: true; proof: { request: string; response: string } } | { ok: false; reason: string };

export async function tryFtpAnonymous(ctx: ProbeContext): Promise<FtpAnonymous> {
  const c = await ctx.open();
  const reply = (from: number) => c.until((d) => /(^|\n)\d{3} [^\n]*\n/.test(d.subarray(from).toString('latin1')), ctx.timeoutMs);
  try {
    if (!(await reply(0))) return { ok: false, reason: 'no greeting' };
    let at = c.data.length;
    c.write('USER anonymous\r\n');
    await reply(at);
    const userReply = c.data.subarray(at).toString('latin1');
    at = c.data.length;
    if (/^331/m.test(userReply)) {
      c.write('PASS citadel-scan@example.invalid\r\n');
      await reply(at);
    }
    const passReply = c.data.subarray(at).toString('latin1');
    const ok = /^230/m.test(userReply) || /^230/m.test(passReply);
    c.write('QUIT\r\n');
    if (ok) return { ok: true, proof: { request: 'USER anonymous\\r\\nPASS citadel-scan@example.invalid\\r\\n', response: printable(c.data, 400) } };
    return { ok: false, reason: (passReply || userReply).trim().slice(0, 200) };
  } finally {
    c.close();
  }
}
