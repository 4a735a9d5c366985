/**
 * The value of a v2 / v3 / v3.1 pair: length-prefixed signers, each with
 * signed data (digests, certificates, SDK range for v3, additional
 * attributes), signatures and the public key. Parsing only; verify.ts checks.
 */
import { ByteReader } from '@citadel/engine-core';

export const SIGNATURE_ALGORITHMS: Readonly<Record<number, { name: string; digest: 'sha256' | 'sha512'; padding?: 'pss' | 'pkcs1'; verity?: boolean }>> = {
  0x0101: { name: 'RSASSA-PSS with SHA2-256', digest: 'sha256', padding: 'pss' },
  0x0102: { name: 'RSASSA-PSS with SHA2-512', digest: 'sha512', padding: 'pss' },
  0x0103: { name: 'RSASSA-PKCS1-v1_5 with SHA2-256', digest: 'sha256', padding: 'pkcs1' },
  0x0104: { name: 'RSASSA-PKCS1-v1_5 with SHA2-512', digest: 'sha512', padding: 'pkcs1' },
  0x0201: { name: 'ECDSA with SHA2-256', digest: 'sha256' },
  0x0202: { name: 'ECDSA with SHA2-512', digest: 'sha512' },
  0x0301: { name: 'DSA with SHA2-256', digest: 'sha256' },
  0x0421: { name: 'RSASSA-PKCS1-v1_5 with SHA2-256 (verity)', digest: 'sha256', padding: 'pkcs1', verity: true },
  0x0423: { name: 'ECDSA with SHA2-256 (verity)', digest: 'sha256', verity: true },
  0x0425: { name: 'DSA with SHA2-256 (verity)', digest: 'sha256', verity: true },
};

export interface SchemeSigner {
  /** The signed-data bytes the signatures cover. */
  signedData: Uint8Array;
  digests: { algorithm: number; digest: Uint8Array }[];
  /** DER X.509 certificates, the signer's first. */
  certificates: Uint8Array[];
  additionalAttributes: { id: number; value: Uint8Array }[];
  signatures: { algorithm: number; signature: Uint8Array }[];
  /** SubjectPublicKeyInfo DER. */
  publicKey: Uint8Array;
  /** v3 / v3.1 only. */
  minSdk?: number;
  maxSdk?: number;
  /** v3: the SDK range inside the signed data equals the one outside it (the platform requires it). */
  sdkRangeConsistent?: boolean;
}

const MAX_ITEMS = 64;
const MAX_CERTS = 32;

/** Cursor over length-prefixed (u32) fields inside a bounded reader. */
class Lp {
  p = 0;
  constructor(
    readonly r: ByteReader,
    readonly end = r.length,
  ) {}
  u32(): number {
    if (this.p + 4 > this.end) this.r.fail('truncated field', this.p);
    const v = this.r.u32(this.p);
    this.p += 4;
    return v;
  }
  /** Next length-prefixed field as its own reader. */
  field(what: string): ByteReader {
    const len = this.u32();
    if (len > this.end - this.p) this.r.fail(`${what}: length ${len} past its container`, this.p - 4);
    const sub = this.r.slice(this.p, len);
    this.p += len;
    return sub;
  }
  get done(): boolean {
    return this.p >= this.end;
  }
  /** Each remaining length-prefixed field, at most `max`. */
  sequence(what: string, max: number): ByteReader[] {
    const out: ByteReader[] = [];
    while (!this.done) {
      if (out.length >= max) this.r.fail(`${what}: more than ${max}`, this.p);
      out.push(this.field(what));
    }
    return out;
  }
}

const seq = (r: ByteReader, what: string, max: number): ByteReader[] => new Lp(r).sequence(what, max);

export function parseSchemeBlock(value: Uint8Array, scheme: 'v2' | 'v3' | 'v3.1'): SchemeSigner[] {
  const top = new Lp(new ByteReader(value, `apk-signature-${scheme}`));
  const signersSeq = top.field('signers');
  const v3 = scheme !== 'v2';
  return seq(signersSeq, 'signers', MAX_ITEMS).map((signerR) => {
    const s = new Lp(signerR);
    const signedDataR = s.field('signed data');
    const minSdk = v3 ? s.u32() : undefined;
    const maxSdk = v3 ? s.u32() : undefined;
    const signatures = seq(s.field('signatures'), 'signatures', MAX_ITEMS).map((x) => {
      const c = new Lp(x);
      return { algorithm: c.u32(), signature: c.field('signature').buf };
    });
    const publicKey = s.field('public key').buf;

    const d = new Lp(signedDataR);
    const digests = seq(d.field('digests'), 'digests', MAX_ITEMS).map((x) => {
      const c = new Lp(x);
      return { algorithm: c.u32(), digest: c.field('digest').buf };
    });
    const certificates = seq(d.field('certificates'), 'certificates', MAX_CERTS).map((x) => x.buf);
    const signedMin = v3 ? d.u32() : undefined;
    const signedMax = v3 ? d.u32() : undefined;
    const additionalAttributes = d.done
      ? []
      : seq(d.field('additional attributes'), 'additional attributes', MAX_ITEMS).map((x) => {
          const c = new Lp(x);
          const id = c.u32();
          return { id, value: x.buf.subarray(4) };
        });
    const signer: SchemeSigner = { signedData: signedDataR.buf, digests, certificates, additionalAttributes, signatures, publicKey };
    if (v3) {
      signer.minSdk = minSdk;
      signer.maxSdk = maxSdk;
      signer.sdkRangeConsistent = signedMin === minSdk && signedMax === maxSdk;
    }
    return signer;
  });
}
