/**
 * Secrets in the image: PEM private keys (SHA-256 of the block, to recognise
 * the same key in other images), X.509 certificates (expiry, key size,
 * signature hash) and credentials or cloud keys in text files, through
 * engine-core's secret patterns.
 */
import { createHash } from 'node:crypto';
import { type CertificateInfo, SECRET_PATTERNS, isPlaceholder, parseCertificate } from '@citadel/engine-core';
import type { ImageView } from './view.ts';

export interface KeyFinding {
  file: string;
  offset: number;
  kind: string;
  fingerprint: string;
  encrypted: boolean;
}
export interface CertFinding {
  file: string;
  offset: number;
  subject: string;
  notAfter: string;
  problems: string[];
}
export interface CredentialFinding {
  file: string;
  line: number;
  pattern: string;
  /** Masked value. */
  value: string;
}

const PEM = /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY|CERTIFICATE)-----([\s\S]{0,20000}?)-----END \1-----/g;
const mask = (v: string): string => (v.length <= 4 ? '*'.repeat(v.length) : `${v.slice(0, 2)}${'*'.repeat(Math.min(12, v.length - 4))}${v.slice(-2)}`);

export function findSecrets(view: ImageView, now: Date): { keys: KeyFinding[]; certs: CertFinding[]; credentials: CredentialFinding[] } {
  const keys: KeyFinding[] = [];
  const certs: CertFinding[] = [];
  const credentials: CredentialFinding[] = [];
  for (const n of view.files()) {
    if (n.size > 16 << 20) continue;
    const text = view.text(n);
    if (text.includes('-----BEGIN ')) {
      for (const m of text.matchAll(PEM)) {
        if (m[1] === 'CERTIFICATE') {
          let cert: CertificateInfo;
          try {
            cert = parseCertificate(new Uint8Array(Buffer.from(m[2]!.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')));
          } catch {
            continue;
          }
          const problems: string[] = [];
          if (new Date(cert.notAfter) < now) problems.push(`expired ${cert.notAfter.slice(0, 10)}`);
          if (cert.publicKey.algorithm.startsWith('rsa') && (cert.publicKey.bits ?? 0) < 2048) problems.push(`RSA ${cert.publicKey.bits} bits`);
          if (cert.signatureHash === 'md5' || cert.signatureHash === 'sha1') problems.push(`${cert.signatureHash.toUpperCase()} signature`);
          certs.push({ file: n.path, offset: m.index, subject: cert.subject, notAfter: cert.notAfter, problems });
        } else {
          // The PEM body without its RFC 1421 headers must decode to a DER structure: a string table holding only the armour lines is no key.
          const body = m[2]!.replace(/^[\w-]+:.*$/gm, '').replace(/\s+/g, '');
          const der = Buffer.from(body, 'base64');
          if (der.length < 64 || (der[0] !== 0x30 && !/ENCRYPTED/.test(m[0]))) continue;
          keys.push({ file: n.path, offset: m.index, kind: m[1]!, fingerprint: createHash('sha256').update(body).digest('hex'), encrypted: m[1] === 'ENCRYPTED PRIVATE KEY' || /Proc-Type: 4,ENCRYPTED/.test(m[2]!) });
        }
      }
    }
    if (n.size > 1 << 20 || !view.isText(n)) continue;
    for (const p of SECRET_PATTERNS) {
      // Private keys have their own item (and fingerprint) above.
      if (p.kind !== 'secret' || p.confidence === 'low' || p.id.includes('private_key')) continue;
      p.regex.lastIndex = 0;
      for (const m of text.matchAll(p.regex)) {
        const value = m[p.valueGroup ?? 0] ?? m[0];
        if (isPlaceholder(value) || (p.validate && !p.validate(value))) continue;
        credentials.push({ file: n.path, line: text.slice(0, m.index).split('\n').length, pattern: p.id, value: mask(value) });
        if (credentials.length > 1000) break;
      }
    }
  }
  return { keys, certs, credentials };
}
