/**
 * DCA on the real binary (bench only: slow). The generated library is linked into a
 * small driver that encrypts one block per API call (so a masked build draws fresh
 * masks for every trace), run under Valgrind's lackey tool (--trace-mem=yes), which
 * logs the address of every load — the address traces of Bos et al. A store to a marker
 * byte before and after each call delimits the traces; they are aligned from their end
 * (the block's table reads come last). Samples: bits 0–11 of every load address
 * (table base plus index times element size), constant and repeated ones dropped.
 * Attack: the first-round targets of the simulated assessment (single-bit DPA, per-bit
 * correlation, HW CPA on S(p ⊕ k) and its MixColumns multiples); this checks that the C code leaks what the
 * simulation says it leaks, not only that the simulation is right.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { SBOX, expandKey, gmul } from '../src/aes/reference.ts';
import { type SeriesOf, attackAll, chanceBytes } from '../src/dca/assess.ts';
import { transpose } from '../src/dca/traces.ts';
import { run, which } from '../src/toolchain.ts';

export interface BinaryDca {
  attacks: SeriesOf[];
  samples: number;
  loadsPerTrace: number;
  chance: number;
}

export async function binaryDcaAes(dir: string, logo: string, key: Uint8Array, traces: number, checkpoints: number[]): Promise<BinaryDca | string> {
  if (!which('valgrind')) return 'valgrind not installed';
  const P = logo.toUpperCase();
  writeFileSync(
    path.join(dir, 'dca-driver.c'),
    `#include <stdio.h>
#include <stdint.h>
#include "${logo}.h"
volatile uint8_t wb_marker;
int main(void) {
  char line[128];
  while (fgets(line, sizeof line, stdin)) {
    uint8_t in[16], out[16];
    size_t ol = 16;
    for (int i = 0; i < 16; i++) { unsigned v; if (sscanf(line + 2 * i, "%2x", &v) != 1) return 2; in[i] = (uint8_t)v; }
    wb_marker = 1;
    int rc = ${logo}_encrypt(${P}_ECB, ${P}_PAD_NONE, NULL, in, 16, out, &ol);
    wb_marker = 2;
    if (rc) return 1;
    for (int i = 0; i < 16; i++) printf("%02x", out[i]);
    printf("\\n");
  }
  return 0;
}
`,
  );
  const b = await run('gcc', ['-O2', '-std=c99', '-no-pie', '-I.', '-o', 'dca-driver', 'dca-driver.c', `lib${logo}.a`], { cwd: dir });
  if (b.code !== 0) return `driver build failed: ${b.stderr.slice(-300)}`;
  const nm = await run('nm', ['dca-driver'], { cwd: dir });
  const marker = /^([0-9a-f]+) [BbDd] wb_marker$/m.exec(nm.stdout)?.[1];
  if (!marker) return 'marker symbol not found';
  const markerLine = ` S ${marker.replace(/^0+/, '').padStart(8, '0')},1`;
  const plaintexts = Array.from({ length: traces }, () => randomBytes(16));
  const rows: Uint16Array[] = [];
  let current: number[] | undefined;
  const p = spawn('valgrind', ['--tool=lackey', '--trace-mem=yes', '--log-fd=3', './dca-driver'], { cwd: dir, stdio: ['pipe', 'pipe', 'ignore', 'pipe'] });
  let stdout = '';
  p.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const lines = createInterface({ input: p.stdio[3] as NodeJS.ReadableStream });
  const done = new Promise<void>((resolve) => p.on('close', () => resolve()));
  p.stdin!.end(plaintexts.map((x) => x.toString('hex')).join('\n') + '\n');
  for await (const line of lines) {
    if (line === markerLine) {
      if (current) {
        rows.push(Uint16Array.from(current));
        current = undefined;
      } else current = [];
    } else if (current && (line.startsWith(' L ') || line.startsWith(' M '))) {
      current.push(parseInt(line.slice(3, line.indexOf(',')), 16) & 0xfff);
    }
  }
  await done;
  const outputs = stdout.trim().split('\n');
  if (rows.length !== traces || outputs.length !== traces) return `expected ${traces} traces, got ${rows.length}`;
  const width = Math.min(...rows.map((r) => r.length));
  const bits = rows.map((r) => {
    const tail = r.subarray(r.length - width);
    const out = new Uint8Array(width * 12);
    for (let i = 0; i < width; i++) for (let k = 0; k < 12; k++) out[i * 12 + k] = (tail[i]! >> k) & 1;
    return out;
  });
  const samples = transpose(bits);
  const rk0 = expandKey(key)[0]!;
  // S and its MixColumns multiples, as in the simulated assessment
  const sbox = [1, 2, 3].map((c) => Uint8Array.from(SBOX, (v) => gmul(c, v)));
  const first = Array.from({ length: 16 }, (_, i) => ({ inputs: Uint8Array.from(plaintexts, (x) => x[i]!), key: rk0[i]!, sbox, samples }));
  const r = attackAll({ first }, checkpoints);
  return { attacks: r.attacks, samples: samples.length, loadsPerTrace: width, chance: chanceBytes(16) };
}
