/** C source of the Chow-style AES block functions over the generated tables. */
import type { AesTables } from '../aes/chow.ts';
import { cArray, cExtern } from './c-tables.ts';

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
  const sets = (['enc', 'dec'] as const).flatMap((d) => (tables[d] ? [[d, tableSet(p, d, tables[d]!)] as const] : []));
  const tablesC = `/* White-box tables of ${p}: generated, key-dependent only through random encodings. Do not edit. */\n#include <stdint.h>\n\n${sets.map(([, s]) => s.defs).join('\n')}`;
  const core = `/* Chow-style white-box AES block functions (${any.rounds} rounds, ${any.mixing ? 'mixing bijections + Type III tables' : 'performance layout: Type II + XOR tables'}). */
#define WB_ROUNDS ${any.rounds}
#define WB_MIXING ${any.mixing ? 1 : 0}

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
/* Folds four nibble-encoded words through the encoded XOR tables of one column (8 lanes of 3 tables). */
static uint32_t wb_xfold(const uint8_t *x, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3) {
  uint32_t w = 0;
  for (unsigned n = 0; n < 8; n++, x += 768) {
    unsigned sh = 4u * n;
    unsigned e1 = x[(((a0 >> sh) & 15u) << 4) | ((a1 >> sh) & 15u)];
    unsigned e2 = x[256 + ((((a2 >> sh) & 15u) << 4) | ((a3 >> sh) & 15u))];
    w |= (uint32_t)x[512 + ((e1 << 4) | e2)] << sh;
  }
  return w;
}

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
${tables.enc ? `static void wb_enc_block(const uint8_t in[16], uint8_t out[16]) { wb_block(&${p}_enc_tabs, in, out); }\n` : ''}${tables.dec ? `static void wb_dec_block(const uint8_t in[16], uint8_t out[16]) { wb_block(&${p}_dec_tabs, in, out); }\n` : ''}`;
  return { tables: tablesC, core };
}
