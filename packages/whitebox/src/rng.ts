/**
 * Randomness for table generation: AES-256-CTR keystream from Node's crypto,
 * keyed by a 32-byte seed. A fresh CSPRNG seed per build gives "dynamic"
 * libraries; a stored seed reproduces a "static" library's tables exactly.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';

export class Rng {
  private readonly cipher;
  private buf = Buffer.alloc(0);
  private pos = 0;

  constructor(seed: Buffer = randomBytes(32)) {
    const key = createHash('sha256').update('citadel-whitebox-rng').update(seed).digest();
    this.cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  }

  private refill(): void {
    this.buf = this.cipher.update(Buffer.alloc(65536));
    this.pos = 0;
  }

  byte(): number {
    if (this.pos >= this.buf.length) this.refill();
    return this.buf[this.pos++]!;
  }

  u32(): number {
    return ((this.byte() << 24) | (this.byte() << 16) | (this.byte() << 8) | this.byte()) >>> 0;
  }

  /** Uniform in [0, n) without modulo bias. */
  below(n: number): number {
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const v = this.u32();
      if (v < limit) return v % n;
    }
  }

  /** A random permutation of 0..n-1 (Fisher–Yates). */
  perm(n: number): Uint8Array {
    const p = new Uint8Array(n);
    for (let i = 0; i < n; i++) p[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [p[i], p[j]] = [p[j]!, p[i]!];
    }
    return p;
  }
}

export function invertPerm(p: Uint8Array): Uint8Array {
  const q = new Uint8Array(p.length);
  for (let i = 0; i < p.length; i++) q[p[i]!] = i;
  return q;
}
