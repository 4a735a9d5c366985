/**
 * Standard test vectors.
 * - FIPS-197 (2001, updated 2023), Appendix C "Example Vectors": C.1 AES-128, C.2 AES-192, C.3 AES-256.
 * - GB/T 32907-2016 "SM4 block cipher algorithm", Appendix A: example 1 (one encryption) and
 *   example 2 (the same plaintext encrypted 1,000,000 times with the same key).
 */
import type { Algorithm } from './options.ts';

export interface StandardVector {
  source: string;
  key: string;
  plaintext: string;
  ciphertext: string;
  /** apply the block function this many times (GB/T example 2) */
  iterations: number;
}

const seq = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i)).toString('hex');

export const STANDARD_VECTORS: Record<Algorithm, StandardVector[]> = {
  aes128: [{ source: 'FIPS-197 C.1', key: seq(16), plaintext: '00112233445566778899aabbccddeeff', ciphertext: '69c4e0d86a7b0430d8cdb78070b4c55a', iterations: 1 }],
  aes192: [{ source: 'FIPS-197 C.2', key: seq(24), plaintext: '00112233445566778899aabbccddeeff', ciphertext: 'dda97ca4864cdfe06eaf70a0ec0d7191', iterations: 1 }],
  aes256: [{ source: 'FIPS-197 C.3', key: seq(32), plaintext: '00112233445566778899aabbccddeeff', ciphertext: '8ea2b7ca516745bfeafc49904b496089', iterations: 1 }],
  sm4: [
    { source: 'GB/T 32907-2016 A.1', key: '0123456789abcdeffedcba9876543210', plaintext: '0123456789abcdeffedcba9876543210', ciphertext: '681edf34d206965e86b3e94f536e4246', iterations: 1 },
    { source: 'GB/T 32907-2016 A.2', key: '0123456789abcdeffedcba9876543210', plaintext: '0123456789abcdeffedcba9876543210', ciphertext: '595298c7c6fd271f0402f804c33d3f66', iterations: 1_000_000 },
  ],
};
