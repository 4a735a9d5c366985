/**
 * The AES pieces the table generator needs (FIPS-197): S-box and its inverse,
 * multiplication in GF(2^8), the key expansion for 128/192/256-bit keys, and the
 * round keys of the equivalent inverse cipher (FIPS-197 §5.3.5). Nothing here
 * ends up in a generated library; only tables derived from it do.
 */
export function gmul(a: number, b: number): number {
  let p = 0;
  for (let i = 0; i < 8; i++) {
    if (b & 1) p ^= a;
    const hi = a & 0x80;
    a = (a << 1) & 0xff;
    if (hi) a ^= 0x1b;
    b >>= 1;
  }
  return p;
}

function buildSbox(): { sbox: Uint8Array; inv: Uint8Array } {
  const sbox = new Uint8Array(256);
  const inv = new Uint8Array(256);
  for (let x = 0; x < 256; x++) {
    // multiplicative inverse (0 ↦ 0), then the affine map of FIPS-197 §5.1.1
    let y = 0;
    if (x) for (y = 1; y < 256 && gmul(x, y) !== 1; y++);
    let s = y;
    for (let i = 1; i <= 4; i++) s ^= ((y << i) | (y >> (8 - i))) & 0xff;
    s ^= 0x63;
    sbox[x] = s;
    inv[s] = x;
  }
  return { sbox, inv };
}

export const { sbox: SBOX, inv: INV_SBOX } = buildSbox();
export const MIX = [
  [2, 3, 1, 1],
  [1, 2, 3, 1],
  [1, 1, 2, 3],
  [3, 1, 1, 2],
];
export const INV_MIX = [
  [14, 11, 13, 9],
  [9, 14, 11, 13],
  [13, 9, 14, 11],
  [11, 13, 9, 14],
];

/** Source position of each state byte after ShiftRows (state index = 4·column + row). */
export const SHIFT_ROWS = Array.from({ length: 16 }, (_, i) => (i & 3) + 4 * (((i >> 2) + (i & 3)) & 3));
export const INV_SHIFT_ROWS = Array.from({ length: 16 }, (_, i) => (i & 3) + 4 * (((i >> 2) - (i & 3) + 4) & 3));

export function roundCount(keyLen: number): number {
  if (keyLen === 16) return 10;
  if (keyLen === 24) return 12;
  if (keyLen === 32) return 14;
  throw new Error(`AES key must be 16, 24 or 32 bytes, got ${keyLen}`);
}

/** Round keys k_0..k_Nr, 16 bytes each. */
export function expandKey(key: Uint8Array): Uint8Array[] {
  const nk = key.length / 4;
  const nr = roundCount(key.length);
  const w = new Uint8Array(16 * (nr + 1));
  w.set(key);
  let rcon = 1;
  for (let i = nk; i < 4 * (nr + 1); i++) {
    const t = w.slice(4 * (i - 1), 4 * i);
    if (i % nk === 0) {
      const t0 = t[0]!;
      t[0] = SBOX[t[1]!]! ^ rcon;
      t[1] = SBOX[t[2]!]!;
      t[2] = SBOX[t[3]!]!;
      t[3] = SBOX[t0]!;
      rcon = gmul(rcon, 2);
    } else if (nk > 6 && i % nk === 4) {
      for (let j = 0; j < 4; j++) t[j] = SBOX[t[j]!]!;
    }
    for (let j = 0; j < 4; j++) w[4 * i + j] = w[4 * (i - nk) + j]! ^ t[j]!;
  }
  return Array.from({ length: nr + 1 }, (_, r) => w.slice(16 * r, 16 * r + 16));
}

export function mixColumns(state: Uint8Array, m: number[][]): Uint8Array {
  const out = new Uint8Array(16);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) {
    let v = 0;
    for (let j = 0; j < 4; j++) v ^= gmul(m[r]![j]!, state[4 * c + j]!);
    out[4 * c + r] = v;
  }
  return out;
}

/** Round keys of the equivalent inverse cipher, in the order the decryption tables use them. */
export function decryptionRoundKeys(rk: Uint8Array[]): Uint8Array[] {
  const nr = rk.length - 1;
  return rk.map((_, r) => (r === 0 || r === nr ? rk[nr - r]! : mixColumns(rk[nr - r]!, INV_MIX)));
}
