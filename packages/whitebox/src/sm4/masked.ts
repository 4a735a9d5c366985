/**
 * Run-time masking of the Xiao–Lai SM4 tables, evaluated exactly as the generated C
 * does it (emit/c-sm4.ts). The state words travel under 32-bit affine encodings, so the
 * only tables whose reads a single round-key byte determines are the S-box tables Tb of
 * the first round (from the plaintext side: their index is an encoding of
 * X1⊕X2⊕X3, their value A_4·L(S(· ⊕ rk0))) and of the last round (the same from the
 * ciphertext). Before each block the code writes masked copies
 *
 *   Tb'_j[w] = Tb_j[w] ⊕ ν_j        (ν_j: 32 fresh bits per table, first and last round)
 *
 * reads those, and removes ν = ⊕ν_j only after N·Y_i is added, when the new state word
 * depends on the whole round key and a further plaintext word. The index of Tb is a
 * function of the plaintext alone (the round key is added inside the table), so it needs
 * no mask. The same caveat as for AES: the masks come from the OS through the process, and
 * someone who controls the process can fix them.
 */
import type { TraceSink } from '../aes/chow.ts';
import type { MaskSource } from '../aes/masked.ts';
import { type Sm4Tables, lin, outputBlock } from './xiao-lai.ts';

function maskedTb(t: Sm4Tables, round: number, rnd: MaskSource): { tb: Uint32Array; all: number } {
  const tb = new Uint32Array(1024);
  let all = 0;
  for (let j = 0; j < 4; j++) {
    const nu = rnd.u32();
    all ^= nu;
    for (let w = 0; w < 256; w++) tb[j * 256 + w] = (t.tb[round * 1024 + j * 256 + w]! ^ nu) >>> 0;
  }
  return { tb, all: all >>> 0 };
}

export function sm4BlockMasked(t: Sm4Tables, input: Uint8Array, rnd: MaskSource, trace?: TraceSink): Uint8Array {
  const first = maskedTb(t, 0, rnd);
  const last = maskedTb(t, 31, rnd);
  const Y = [0, 1, 2, 3].map((k) => {
    const x = ((input[4 * k]! << 24) | (input[4 * k + 1]! << 16) | (input[4 * k + 2]! << 8) | input[4 * k + 3]!) >>> 0;
    return lin(t.inEnc, k * 1024, x, trace, 0);
  });
  for (let i = 0; i < 32; i++) {
    const w = (lin(t.mat, i * 4096, Y[1]!, trace, 1) ^ lin(t.mat, i * 4096 + 1024, Y[2]!, trace, 1) ^ lin(t.mat, i * 4096 + 2048, Y[3]!, trace, 1)) >>> 0;
    const m = i === 0 ? first : i === 31 ? last : undefined;
    // trace indices are those of the stored table the copy stands for
    const tt = m ? linAt(m.tb, w, i * 1024, trace) : lin(t.tb, i * 1024, w, trace, 2);
    let y4 = (lin(t.mat, i * 4096 + 3072, Y[0]!, trace, 1) ^ tt) >>> 0;
    if (m) y4 = (y4 ^ m.all) >>> 0;
    Y.shift();
    Y.push(y4);
  }
  return outputBlock(t, Y, trace);
}

function linAt(tb: Uint32Array, y: number, traceBase: number, trace: TraceSink | undefined): number {
  let v = 0;
  for (let k = 0; k < 4; k++) {
    const idx = k * 256 + ((y >>> (8 * k)) & 255);
    trace?.(2, traceBase + idx, tb[idx]!);
    v ^= tb[idx]!;
  }
  return v >>> 0;
}
