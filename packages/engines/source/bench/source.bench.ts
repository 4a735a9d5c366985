/**
 * `npm run bench -- source`: the source engine's benchmarks, each on checkouts
 * given by path (nothing is downloaded; a benchmark without its path is skipped):
 *   CITADEL_OWASP_BENCHMARK=<BenchmarkJava checkout>     → owasp-benchmark.ts (Java accuracy)
 *   CITADEL_JUICE_SHOP, CITADEL_NODEGOAT, CITADEL_DVNA, CITADEL_DVNA_FIXES → js-benchmark.ts (JS/TS accuracy)
 *   CITADEL_VULPY=<vulpy checkout>                        → py-benchmark.ts (Python accuracy, Bandit side by side)
 *   CITADEL_MIXED_SOURCES=<dir>:<dir>:…                  → mixed-speed.ts (lines/min, peak RSS at 1M lines)
 * Each runs in its own process, so its peak RSS is its own.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = (script: string, args: string[]) => {
  console.log(`\n--- ${script} ---`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script), ...args], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
};

const owasp = process.env.CITADEL_OWASP_BENCHMARK;
if (owasp) run('owasp-benchmark.ts', [owasp]);
else console.log('owasp-benchmark: skipped (set CITADEL_OWASP_BENCHMARK to a BenchmarkJava checkout)');
run('js-benchmark.ts', []);
run('py-benchmark.ts', []);
run('mixed-speed.ts', []);
