/**
 * White-box benchmark (`npm run bench -- whitebox`): per algorithm and layout,
 * generation time, table size, gcc build, and ECB throughput of the generated
 * wbtool (`wbtool bench enc 8`, median of 3) against OpenSSL in the same run
 * (Node's crypto, 16 × 1 MiB, median of 5), both per CPU second so the figures hold on a
 * loaded machine, then the DCA
 * self-assessment at 25…400 traces (white-box vs plain tables). Peak RSS of this
 * process at the end (wbtool's own is printed by /usr/bin/time when present).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runDca } from '../src/dca/assess.ts';
import { generateLibrary } from '../src/generate.ts';
import { KEY_BYTES, type LibraryOptions } from '../src/options.ts';
import { run } from '../src/toolchain.ts';
import { referenceThroughput } from '../src/verify.ts';

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const work = mkdtempSync(path.join(tmpdir(), 'wb-bench-'));
const traces = Number(process.env.WB_DCA_TRACES ?? 400);

const rows: string[] = [];
for (const [algorithm, preference] of [['aes128', 'security'], ['aes128', 'performance'], ['aes192', 'security'], ['aes256', 'security'], ['sm4', 'security']] as const) {
  const key = randomBytes(KEY_BYTES[algorithm]);
  const o: LibraryOptions = { algorithm, directions: ['enc', 'dec'], modes: ['ecb', 'cbc'], padding: 'pkcs7', preference, logo: `wbsk${algorithm}${preference[0]}`, androidPackages: [], iosBundleIds: [] };
  let t = Date.now();
  const lib = generateLibrary(key, o);
  const genMs = Date.now() - t;
  const dir = path.join(work, o.logo);
  rmSync(dir, { recursive: true, force: true });
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  for (const [n, d] of lib.files) writeFileSync(path.join(dir, n), d);
  t = Date.now();
  const b = await run('make', ['-s'], { cwd: dir, timeoutMs: 600_000 });
  if (b.code !== 0) throw new Error(`build failed: ${b.stderr}`);
  const buildMs = Date.now() - t;
  const wb: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await run(path.join(dir, 'wbtool'), ['bench', 'enc', '8'], { timeoutMs: 600_000 });
    wb.push(Number(/MB\/s ([\d.]+)/.exec(r.stdout)?.[1] ?? 'NaN'));
  }
  const refr = referenceThroughput(algorithm, key);
  const ref = refr.referenceMBps;
  const perDirection = lib.tableBytes / 2;
  rows.push(`${algorithm} ${preference}: tables ${(perDirection / 1024).toFixed(0)} KiB per direction; generation ${genMs} ms; gcc ${buildMs} ms; white-box ${median(wb).toFixed(2)} MB/s vs ${refr.reference} ${ref.toFixed(0)} MB/s (both per CPU second) (x${(ref / median(wb)).toFixed(0)})`);
  console.log(rows.at(-1));
  t = Date.now();
  const d = runDca(lib, key, { traces });
  const fmt = (s: typeof d.whitebox) => s.points.map((p) => `${p.traces}:${p.recovered}/${p.total}`).join(' ');
  rows.push(`  DCA (${Date.now() - t} ms, ${d.whitebox.samplesPerTrace} samples/trace): white-box ${fmt(d.whitebox)} | plain ${fmt(d.plain)}`);
  console.log(rows.at(-1));
}
rmSync(work, { recursive: true, force: true });
const { readFileSync } = await import('node:fs');
const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
console.log(`peak RSS ${(Number(peak) / 1024).toFixed(0)} MB`);
