/**
 * White-box benchmark (`npm run bench -- packages/whitebox/bench`): per algorithm and
 * layout — security-first hardened (run-time masking, the default for security-first),
 * security-first unmasked (the earlier layout, same tables), performance-first —
 * generation time, table size, gcc build, and ECB throughput of the generated wbtool
 * (`wbtool bench enc 4`, median of 3) against OpenSSL in the same run (Node's crypto,
 * 16 × 1 MiB, median of 5), both per CPU second so the figures hold on a loaded
 * machine; then the DCA self-assessment of the encryption tables at 25/50/100/200/400/1000
 * traces (WB_DCA_TRACES to change the largest): key bytes recovered and the log2
 * key-rank bound per distinguisher (single-bit DPA, per-bit correlation, HW CPA) and
 * side (first / last round), for the plain tables and the white-box; for the AES-128
 * security-first builds also the real-binary DCA (binary-dca.ts, WB_BINARY_TRACES, default
 * 200; 0 skips). Peak RSS at the end.
 * WB_BENCH_ONLY=aes128,sm4 limits the algorithms.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DcaReport, runDca } from '../src/dca/assess.ts';
import { generateLibrary } from '../src/generate.ts';
import { KEY_BYTES, type LibraryOptions } from '../src/options.ts';
import { run } from '../src/toolchain.ts';
import { referenceThroughput } from '../src/verify.ts';
import { binaryDcaAes } from './binary-dca.ts';

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const work = mkdtempSync(path.join(tmpdir(), 'wb-bench-'));
const traces = Number(process.env.WB_DCA_TRACES ?? 1000);
const only = process.env.WB_BENCH_ONLY?.split(',');
/** real-binary DCA (valgrind address traces) on the AES-128 security-first builds; 0 skips it */
const binaryTraces = Number(process.env.WB_BINARY_TRACES ?? 200);

type Variant = { name: string; preference: LibraryOptions['preference']; masked: boolean };
const HARDENED: Variant = { name: 'security-first hardened', preference: 'security', masked: true };
const OLD: Variant = { name: 'security-first unmasked (earlier)', preference: 'security', masked: false };
const PERF: Variant = { name: 'performance-first', preference: 'performance', masked: false };
const plan: [LibraryOptions['algorithm'], Variant[]][] = [
  ['aes128', [HARDENED, OLD, PERF]],
  ['aes192', [HARDENED, OLD]],
  ['aes256', [HARDENED, OLD]],
  ['sm4', [HARDENED, OLD]],
];

const fmtDca = (d: DcaReport, impl: 'whitebox' | 'plain') =>
  d.attacks.map((a) => `    ${a.side.padEnd(5)} ${a.distinguisher.padEnd(3)} ${a[impl].map((p) => `${p.traces}:${p.recovered}/${p.total}(2^${p.log2KeyRank.toFixed(0)})`).join(' ')}`).join('\n');

for (const [algorithm, variants] of plan) {
  if (only && !only.includes(algorithm)) continue;
  const key = randomBytes(KEY_BYTES[algorithm]);
  let plainShown = false;
  for (const v of variants) {
    const o: LibraryOptions = { algorithm, directions: ['enc', 'dec'], modes: ['ecb', 'cbc'], padding: 'pkcs7', preference: v.preference, logo: `wbsk${algorithm}${v.preference[0]}${v.masked ? 'm' : ''}`, androidPackages: [], iosBundleIds: [] };
    let t = Date.now();
    const lib = generateLibrary(key, o, undefined, { masked: v.masked });
    const genMs = Date.now() - t;
    const dir = path.join(work, o.logo);
    mkdirSync(dir, { recursive: true });
    for (const [n, d] of lib.files) writeFileSync(path.join(dir, n), d);
    t = Date.now();
    const b = await run('make', ['-s'], { cwd: dir, timeoutMs: 600_000 });
    if (b.code !== 0) throw new Error(`build failed: ${b.stderr}`);
    const buildMs = Date.now() - t;
    const wb: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await run(path.join(dir, 'wbtool'), ['bench', 'enc', '4'], { timeoutMs: 600_000 });
      wb.push(Number(/MB\/s ([\d.]+)/.exec(r.stdout)?.[1] ?? 'NaN'));
    }
    const ref = referenceThroughput(algorithm, key);
    console.log(
      `${algorithm} ${v.name}: tables ${(lib.tableBytes / 2 / 1024).toFixed(0)} KiB per direction; generation ${genMs} ms; gcc ${buildMs} ms; ` +
        `white-box ${median(wb).toFixed(2)} MB/s vs ${ref.reference} ${ref.referenceMBps.toFixed(0)} MB/s (per CPU second, x${(ref.referenceMBps / median(wb)).toFixed(0)})`,
    );
    t = Date.now();
    const d = runDca({ ...lib, tables: lib.tables.kind === 'aes' ? { kind: 'aes', enc: lib.tables.enc } : { kind: 'sm4', enc: lib.tables.enc } }, key, { traces });
    console.log(`  DCA (${((Date.now() - t) / 1000).toFixed(1)} s, ${d.whitebox.samplesPerTrace} samples/trace after dropping constant and repeated ones; chance ≤ ${d.chanceBytes} bytes): resists up to ${d.resistedUpTo} of ${traces} traces`);
    if (!plainShown) {
      console.log(`  plain tables (bytes recovered, log2 key-rank bound):\n${fmtDca(d, 'plain')}`);
      plainShown = true;
    }
    console.log(`  ${v.name}:\n${fmtDca(d, 'whitebox')}`);
    if (algorithm === 'aes128' && v.preference === 'security' && binaryTraces > 0) {
      t = Date.now();
      const bd = await binaryDcaAes(dir, o.logo, key, binaryTraces, [50, 100, binaryTraces].filter((n, i, a) => n <= binaryTraces && a.indexOf(n) === i));
      if (typeof bd === 'string') console.log(`  real-binary DCA skipped: ${bd}`);
      else
        console.log(
          `  real-binary DCA (valgrind lackey load addresses, ${bd.loadsPerTrace} loads/trace, ${bd.samples} samples; ${((Date.now() - t) / 1000).toFixed(0)} s):\n` +
            bd.attacks.map((a) => `    ${a.side.padEnd(5)} ${a.distinguisher.padEnd(3)} ${a.points.map((p) => `${p.traces}:${p.recovered}/${p.total}(2^${p.log2KeyRank.toFixed(0)})`).join(' ')}`).join('\n'),
        );
    }
  }
}
rmSync(work, { recursive: true, force: true });
const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
console.log(`peak RSS ${(Number(peak) / 1024).toFixed(0)} MB`);
