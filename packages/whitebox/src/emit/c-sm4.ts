/** C source of the Xiao–Lai style SM4 block functions over the generated tables. */
import type { Sm4Tables } from '../sm4/xiao-lai.ts';
import type { CParts } from './c-aes.ts';
import { cArray, cExtern } from './c-tables.ts';
import { C_RNG } from './c-rng.ts';

export function emitSm4(p: string, tables: { enc?: Sm4Tables; dec?: Sm4Tables }): CParts {
  const sets = (['enc', 'dec'] as const).flatMap((d) => {
    const t = tables[d];
    if (!t) return [];
    const n = (s: string) => `${p}_${d}_${s}`;
    const arrays: [string, Uint32Array][] = [
      [n('in'), t.inEnc],
      [n('mat'), t.mat],
      [n('tb'), t.tb],
      [n('out'), t.outDec],
    ];
    return [
      {
        decl: arrays.map(([name, a]) => cExtern(name, a)).join(''),
        defs: arrays.map(([name, a]) => cArray(name, a)).join('\n'),
        init: `static const wb_tabs ${n('tabs')} = { ${n('in')}, ${n('mat')}, ${n('tb')}, ${n('out')} };\n`,
        d,
      },
    ];
  });
  const masked = (tables.enc ?? tables.dec)!.masked;
  const tablesC = `/* White-box tables of ${p}: generated, key-dependent only through random encodings. Do not edit. */\n#include <stdint.h>\n\n${sets.map((s) => s.defs).join('\n')}`;
  const core = `/* Xiao–Lai style white-box SM4 block functions: affine-encoded state words, 20 table lookups per round. */
#define WB_MASKED ${masked ? 1 : 0}
typedef struct {
  const uint32_t *in;
  const uint32_t *mat;
  const uint32_t *tb;
  const uint32_t *out;
} wb_tabs;

${sets.map((s) => s.decl).join('')}
${sets.map((s) => s.init).join('')}
/* A 32x32 affine map as four byte-indexed word tables. */
#define WB_LIN(t, y) ((t)[(y) & 255u] ^ (t)[256 + (((y) >> 8) & 255u)] ^ (t)[512 + (((y) >> 16) & 255u)] ^ (t)[768 + ((y) >> 24)])

static uint32_t wb_load(const uint8_t *b) { return ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3]; }
static void wb_store(uint8_t *b, uint32_t v) { b[0] = (uint8_t)(v >> 24); b[1] = (uint8_t)(v >> 16); b[2] = (uint8_t)(v >> 8); b[3] = (uint8_t)v; }

${masked ? MASKED_CTX : PLAIN_CTX}
/* masked: the S-box tables of the first and last round are read through per-block masked copies (sm4/masked.ts) */
static void wb_block(const wb_tabs *T, wb_ctx *C, const uint8_t in[16], uint8_t out[16]) {
#if WB_MASKED
  uint32_t nu_first = wb_mask_tb(T->tb, C->tb0, &C->rng), nu_last = wb_mask_tb(T->tb + 31 * 1024, C->tb31, &C->rng);
#else
  (void)C;
#endif
  uint32_t y[4];
  for (int k = 0; k < 4; k++) {
    uint32_t x = wb_load(in + 4 * k);
    y[k] = WB_LIN(T->in + 1024 * k, x);
  }
  for (int i = 0; i < 32; i++) {
    const uint32_t *m = T->mat + (size_t)i * 4096;
#if WB_MASKED
    const uint32_t *tb = i == 0 ? C->tb0 : i == 31 ? C->tb31 : T->tb + (size_t)i * 1024;
#else
    const uint32_t *tb = T->tb + (size_t)i * 1024;
#endif
    uint32_t w = WB_LIN(m, y[1]) ^ WB_LIN(m + 1024, y[2]) ^ WB_LIN(m + 2048, y[3]);
    uint32_t t = WB_LIN(tb, w);
    uint32_t y4 = WB_LIN(m + 3072, y[0]) ^ t;
#if WB_MASKED
    /* unmasked only now: y4 depends on the whole round key and on one more input word (last round: it encodes a ciphertext word) */
    if (i == 0) y4 ^= nu_first;
    if (i == 31) y4 ^= nu_last;
#endif
    y[0] = y[1];
    y[1] = y[2];
    y[2] = y[3];
    y[3] = y4;
  }
  for (int k = 0; k < 4; k++) {
    uint32_t v = y[3 - k];
    wb_store(out + 4 * k, WB_LIN(T->out + 1024 * (3 - k), v));
  }
}
${sets.map((s) => `static void wb_${s.d}_block(wb_ctx *C, const uint8_t in[16], uint8_t out[16]) { wb_block(&${p}_${s.d}_tabs, C, in, out); }\n`).join('')}`;
  return { tables: tablesC, core };
}

const PLAIN_CTX = `typedef struct { char unused; } wb_ctx;
static int wb_ctx_init(wb_ctx *C) { (void)C; return 0; }
`;

const MASKED_CTX = `${C_RNG}
typedef struct {
  wb_rng rng;
  uint32_t tb0[1024];
  uint32_t tb31[1024];
} wb_ctx;
static int wb_ctx_init(wb_ctx *C) { return wb_seed(&C->rng); }

/* A masked copy of one round's four S-box tables; returns the XOR of the four masks. */
static uint32_t wb_mask_tb(const uint32_t *restrict src, uint32_t *restrict dst, wb_rng *r) {
  uint32_t all = 0;
  for (int j = 0; j < 4; j++) {
    uint32_t nu = wb_rand32(r);
    all ^= nu;
    for (int w = 0; w < 256; w++) dst[j * 256 + w] = src[j * 256 + w] ^ nu;
  }
  return all;
}
`;
