/** C source of the Xiao–Lai style SM4 block functions over the generated tables. */
import type { Sm4Tables } from '../sm4/xiao-lai.ts';
import type { CParts } from './c-aes.ts';
import { cArray, cExtern } from './c-tables.ts';

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
  const tablesC = `/* White-box tables of ${p}: generated, key-dependent only through random encodings. Do not edit. */\n#include <stdint.h>\n\n${sets.map((s) => s.defs).join('\n')}`;
  const core = `/* Xiao–Lai style white-box SM4 block functions: affine-encoded state words, 20 table lookups per round. */
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

static void wb_block(const wb_tabs *T, const uint8_t in[16], uint8_t out[16]) {
  uint32_t y[4];
  for (int k = 0; k < 4; k++) {
    uint32_t x = wb_load(in + 4 * k);
    y[k] = WB_LIN(T->in + 1024 * k, x);
  }
  for (int i = 0; i < 32; i++) {
    const uint32_t *m = T->mat + (size_t)i * 4096;
    const uint32_t *tb = T->tb + (size_t)i * 1024;
    uint32_t w = WB_LIN(m, y[1]) ^ WB_LIN(m + 1024, y[2]) ^ WB_LIN(m + 2048, y[3]);
    uint32_t t = WB_LIN(tb, w);
    uint32_t y4 = WB_LIN(m + 3072, y[0]) ^ t;
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
${sets.map((s) => `static void wb_${s.d}_block(const uint8_t in[16], uint8_t out[16]) { wb_block(&${p}_${s.d}_tabs, in, out); }\n`).join('')}`;
  return { tables: tablesC, core };
}
