/**
 * Proof that a generated library does not carry its key: every file is searched
 * for the key and every round key (both directions), as raw bytes and as hex
 * text in either case. For SM4 each 32-bit round key is searched alone, in both
 * byte orders, since that is the unit an attacker would look for.
 */
import { decryptionRoundKeys, expandKey } from './aes/reference.ts';
import type { Algorithm } from './options.ts';
import { sm4RoundKeys } from './sm4/reference.ts';

export function secretNeedles(algorithm: Algorithm, key: Uint8Array): Buffer[] {
  const raw: Buffer[] = [Buffer.from(key)];
  if (algorithm === 'sm4') {
    const rk = sm4RoundKeys(key);
    for (const w of rk) {
      const be = Buffer.alloc(4);
      be.writeUInt32BE(w);
      raw.push(be, Buffer.from(be).reverse());
    }
    raw.push(Buffer.concat(rk.map((w) => { const b = Buffer.alloc(4); b.writeUInt32BE(w); return b; })));
  } else {
    const rk = expandKey(key);
    for (const k of [...rk, ...decryptionRoundKeys(rk)]) raw.push(Buffer.from(k));
  }
  const hex = raw.flatMap((b) => [Buffer.from(b.toString('hex')), Buffer.from(b.toString('hex').toUpperCase())]);
  return [...raw, ...hex];
}

export interface ScanHit {
  file: string;
  offset: number;
  needle: number;
}

export function scanFiles(files: Map<string, Buffer>, needles: Buffer[]): ScanHit[] {
  const hits: ScanHit[] = [];
  for (const [file, data] of files) {
    needles.forEach((n, i) => {
      const at = data.indexOf(n);
      if (at >= 0) hits.push({ file, offset: at, needle: i });
    });
  }
  return hits;
}
