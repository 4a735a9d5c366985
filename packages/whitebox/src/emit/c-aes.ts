/** C source of the Chow-style AES block functions over the generated tables. */
import type { AesTables } from '../aes/chow.ts';
import { cArray, cExtern } from './c-tables.ts';
import { C_RNG } from './c-rng.ts';

export interface CParts {
  tables: string;
  core: string;
}

function tableSet(p: string, d: 'enc' | 'dec', t: AesTables): { decl: string; defs: string; init: string } {
  const n = (s: string) => `${p}_${d}_${s}`;
  const arrays: [string, Uint8Array | Uint32Array][] = [
    [n('t2'), t.t2],
    [n('x1'), t.x1],
    [n('tf'), t.tf],
  ];
  if (t.t3 && t.x2) arrays.push([n('t3'), t.t3], [n('x2'), t.x2]);
  return {
    decl: arrays.map(([name, a]) => cExtern(name, a)).join(''),
    defs: arrays.map(([name, a]) => cArray(name, a)).join('\n'),
    init: `static const wb_tabs ${n('tabs')} = { ${n('t2')}, ${n('x1')}, ${t.t3 ? n('t3') : 'NULL'}, ${t.x2 ? n('x2') : 'NULL'}, ${n('tf')}, { ${t.shift.join(', ')} } };\n`,
  };
}

export function emitAes(p: string, tables: { enc?: AesTables; dec?: AesTables }): CParts {
  const any = (tables.enc ?? tables.dec)!;
  const masked = any.masked;
  if (masked && !any.mixing) throw new Error('run-time masking needs the security layout');
  const sets = (['enc', 'dec'] as const).flatMap((d) => (tables[d] ? [[d, tableSet(p, d, tables[d]!)] as const] : []));
  const tablesC = `/* White-box tables of ${p}: generated, key-dependent only through random encodings. Do not edit. */\n#include <stdint.h>\n\n${sets.map(([, s]) => s.defs).join('\n')}`;
  const core = `/* Chow-style white-box AES block functions (${any.rounds} rounds, ${any.mixing ? 'mixing bijections + Type III tables' : 'performance layout: Type II + XOR tables'}). */
#define WB_ROUNDS ${any.rounds}
#define WB_MIXING ${any.mixing ? 1 : 0}
#define WB_MASKED ${masked ? 1 : 0}

typedef struct {
  const uint32_t *t2;
  const uint8_t *x1;
  const uint32_t *t3;
  const uint8_t *x2;
  const uint8_t *tf;
  uint8_t sh[16];
} wb_tabs;

${sets.map(([, s]) => s.decl).join('')}
${sets.map(([, s]) => s.init).join('')}
/* Folds four nibble-encoded words through the encoded XOR tables of one column (8 lanes: two tables in x, stride 768,
   the third in x3 with stride s3 — the stored table itself, or a masked copy). */
static uint32_t wb_xfold3(const uint8_t *x, const uint8_t *x3, size_t s3, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3) {
  uint32_t w = 0;
  for (unsigned n = 0; n < 8; n++, x += 768, x3 += s3) {
    unsigned sh = 4u * n;
    unsigned e1 = x[(((a0 >> sh) & 15u) << 4) | ((a1 >> sh) & 15u)];
    unsigned e2 = x[256 + ((((a2 >> sh) & 15u) << 4) | ((a3 >> sh) & 15u))];
    w |= (uint32_t)x3[(e1 << 4) | e2] << sh;
  }
  return w;
}
#define wb_xfold(x, a0, a1, a2, a3) wb_xfold3((x), (x) + 512, 768, (a0), (a1), (a2), (a3))

#if !WB_MASKED
static void wb_block(const wb_tabs *T, const uint8_t in[16], uint8_t out[16]) {
  uint8_t s[16], n[16];
  memcpy(s, in, 16);
  for (int r = 0; r < WB_ROUNDS - 1; r++) {
    for (int c = 0; c < 4; c++) {
      const uint32_t *t2 = T->t2 + (size_t)(r * 16 + 4 * c) * 256;
      uint32_t w = wb_xfold(T->x1 + (size_t)((r * 4 + c) * 8) * 768, t2[s[T->sh[4 * c]]], t2[256 + s[T->sh[4 * c + 1]]],
                            t2[512 + s[T->sh[4 * c + 2]]], t2[768 + s[T->sh[4 * c + 3]]]);
#if WB_MIXING
      const uint32_t *t3 = T->t3 + (size_t)(r * 16 + 4 * c) * 256;
      w = wb_xfold(T->x2 + (size_t)((r * 4 + c) * 8) * 768, t3[w & 255u], t3[256 + ((w >> 8) & 255u)], t3[512 + ((w >> 16) & 255u)],
                   t3[768 + (w >> 24)]);
#endif
      n[4 * c] = (uint8_t)w;
      n[4 * c + 1] = (uint8_t)(w >> 8);
      n[4 * c + 2] = (uint8_t)(w >> 16);
      n[4 * c + 3] = (uint8_t)(w >> 24);
    }
    memcpy(s, n, 16);
  }
  for (int i = 0; i < 16; i++) out[i] = T->tf[i * 256 + s[T->sh[i]]];
}
#endif
${masked ? MASKED_C : 'typedef struct { char unused; } wb_ctx;\nstatic int wb_ctx_init(wb_ctx *C) { (void)C; return 0; }\n#define WB_BLOCK(T, C, in, out) ((void)(C), wb_block((T), (in), (out)))\n'}
${tables.enc ? `static void wb_enc_block(wb_ctx *C, const uint8_t in[16], uint8_t out[16]) { WB_BLOCK(&${p}_enc_tabs, C, in, out); }\n` : ''}${tables.dec ? `static void wb_dec_block(wb_ctx *C, const uint8_t in[16], uint8_t out[16]) { WB_BLOCK(&${p}_dec_tabs, C, in, out); }\n` : ''}`;
  return { tables: tablesC, core };
}

/**
 * The masked block (aes/masked.ts explains the scheme; aesBlockMasked there makes the same reads).
 * The masked copies live in the per-call context, on the caller's stack (about 53 KiB).
 */
const MASKED_C = `${C_RNG}
typedef struct {
  wb_rng rng;
  uint32_t t2[16 * 256];
  uint8_t x1[4 * 8 * 768];
  uint8_t x3[4 * 8 * 256];
  uint8_t tf[16 * 256];
} wb_ctx;
static int wb_ctx_init(wb_ctx *C) { return wb_seed(&C->rng); }

/* d = s ^ m over 256 words (restrict: the compiler may vectorise it) */
static void wb_xor256(uint32_t *restrict d, const uint32_t *restrict s, uint32_t m) {
  for (int y = 0; y < 256; y++) d[y] = s[y] ^ m;
}

/* Byte j of x goes to j ^ lo (lo < 8): the three swaps are involutions that commute, and they are the
   same permutation of memory bytes in either byte order. */
static inline uint64_t wb_perm8(uint64_t x, unsigned lo) {
  if (lo & 4u) x = (x << 32) | (x >> 32);
  if (lo & 2u) x = ((x & 0x0000FFFF0000FFFFull) << 16) | ((x >> 16) & 0x0000FFFF0000FFFFull);
  if (lo & 1u) x = ((x & 0x00FF00FF00FF00FFull) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFull);
  return x;
}

/* d[i] = s[i ^ k] ^ g for a 256-byte table, eight bytes at a time (the per-block masking is most of the
   hardened build's cost). Every row of s is read in full, in an order that depends only on the mask. */
static inline void wb_reindex(uint8_t *restrict d, const uint8_t *restrict s, unsigned k, uint8_t g) {
  uint64_t G = 0x0101010101010101ull * g;
  unsigned hi = (k >> 4) & 15u, lo = k & 15u;
  for (unsigned r = 0; r < 16; r++) {
    const uint8_t *src = s + ((r ^ hi) << 4);
    uint64_t a, b;
    memcpy(&a, src + ((lo & 8u) ? 8 : 0), 8);
    memcpy(&b, src + ((lo & 8u) ? 0 : 8), 8);
    a = wb_perm8(a, lo & 7u) ^ G;
    b = wb_perm8(b, lo & 7u) ^ G;
    memcpy(d + (r << 4), &a, 8);
    memcpy(d + (r << 4) + 8, &b, 8);
  }
}

/* Fresh masks for one block: masked copies of the first-round Type II and XOR tables, of the last
   middle round's final XOR layer, and the last-round tables re-indexed by the state mask. */
static void wb_mask(const wb_tabs *T, wb_ctx *C, uint32_t first_out[4]) {
  uint32_t mu[16], last[4];
  for (int i = 0; i < 16; i++) {
    mu[i] = wb_rand32(&C->rng);
    wb_xor256(C->t2 + (size_t)i * 256, T->t2 + (size_t)i * 256, mu[i]);
  }
  for (int c = 0; c < 4; c++) {
    uint32_t G1 = wb_rand32(&C->rng), G2 = wb_rand32(&C->rng), G3 = wb_rand32(&C->rng);
    first_out[c] = G3;
    for (unsigned n = 0; n < 8; n++) {
      unsigned sh = 4u * n;
      const uint8_t *s = T->x1 + (size_t)(c * 8 + n) * 768;
      uint8_t *d = C->x1 + (size_t)(c * 8 + n) * 768;
      unsigned k1 = (((mu[4 * c] >> sh) & 15u) << 4) | ((mu[4 * c + 1] >> sh) & 15u);
      unsigned k2 = (((mu[4 * c + 2] >> sh) & 15u) << 4) | ((mu[4 * c + 3] >> sh) & 15u);
      uint8_t g1 = (uint8_t)((G1 >> sh) & 15u), g2 = (uint8_t)((G2 >> sh) & 15u), g3 = (uint8_t)((G3 >> sh) & 15u);
      unsigned k3 = ((unsigned)g1 << 4) | g2;
      wb_reindex(d, s, k1, g1);
      wb_reindex(d + 256, s + 256, k2, g2);
      wb_reindex(d + 512, s + 512, k3, g3);
    }
  }
  for (int c = 0; c < 4; c++) {
    last[c] = wb_rand32(&C->rng);
    for (unsigned n = 0; n < 8; n++) {
      uint8_t h = (uint8_t)((last[c] >> (4u * n)) & 15u);
      const uint8_t *s = T->x2 + (size_t)(((WB_ROUNDS - 2) * 4 + c) * 8 + n) * 768 + 512;
      uint8_t *d = C->x3 + (size_t)(c * 8 + n) * 256;
      wb_reindex(d, s, 0, h);
    }
  }
  for (int i = 0; i < 16; i++) {
    unsigned p = T->sh[i], m = (last[p >> 2] >> (8u * (p & 3u))) & 255u;
    wb_reindex(C->tf + i * 256, T->tf + i * 256, m, 0);
  }
}

static void wb_block_masked(const wb_tabs *T, wb_ctx *C, const uint8_t in[16], uint8_t out[16]) {
  uint8_t s[16], n[16];
  uint32_t fo[4];
  wb_mask(T, C, fo);
  memcpy(s, in, 16);
  for (int r = 0; r < WB_ROUNDS - 1; r++) {
    for (int c = 0; c < 4; c++) {
      const uint32_t *t2 = r == 0 ? C->t2 + (size_t)(4 * c) * 256 : T->t2 + (size_t)(r * 16 + 4 * c) * 256;
      const uint8_t *x1 = r == 0 ? C->x1 + (size_t)(c * 8) * 768 : T->x1 + (size_t)((r * 4 + c) * 8) * 768;
      uint32_t w = wb_xfold(x1, t2[s[T->sh[4 * c]]], t2[256 + s[T->sh[4 * c + 1]]], t2[512 + s[T->sh[4 * c + 2]]], t2[768 + s[T->sh[4 * c + 3]]]);
      if (r == 0) w ^= fo[c]; /* every nibble now depends on four key bytes */
      const uint32_t *t3 = T->t3 + (size_t)(r * 16 + 4 * c) * 256;
      const uint8_t *x2 = T->x2 + (size_t)((r * 4 + c) * 8) * 768;
      uint32_t b0 = t3[w & 255u], b1 = t3[256 + ((w >> 8) & 255u)], b2 = t3[512 + ((w >> 16) & 255u)], b3 = t3[768 + (w >> 24)];
      w = r == WB_ROUNDS - 2 ? wb_xfold3(x2, C->x3 + (size_t)(c * 8) * 256, 256, b0, b1, b2, b3) : wb_xfold(x2, b0, b1, b2, b3);
      n[4 * c] = (uint8_t)w;
      n[4 * c + 1] = (uint8_t)(w >> 8);
      n[4 * c + 2] = (uint8_t)(w >> 16);
      n[4 * c + 3] = (uint8_t)(w >> 24);
    }
    memcpy(s, n, 16);
  }
  for (int i = 0; i < 16; i++) out[i] = C->tf[i * 256 + s[T->sh[i]]];
}
#define WB_BLOCK(T, C, in, out) wb_block_masked((T), (C), (in), (out))
`;
