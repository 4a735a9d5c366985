/**
 * Benchmark of the compliance engine on the real samples:
 *   npm run bench -- compliance   (or npx tsx packages/engines/compliance/bench/engine.bench.ts [rounds])
 * Each sample is assessed in a fresh child process per round, twice (cold,
 * then warm as in the server's pooled children), with the child's peak RSS;
 * in the same round a child runs the Android engine's full security
 * assessment of the same file, the reference: both walk every method of
 * every DEX, so the ratio says what the call graph, the start-up search and
 * the policy scan cost on top of one walk. Medians over the rounds; the load
 * average is printed because the machine is shared.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));
const SAMPLES = ['compliance/jpush-hbuilder-demo.apk', 'compliance/amap-3dmap-demo.apk', 'android/diva.apk'];
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface ChildResult {
  times: number[];
  peakRssMb: number;
  summary: string;
}

async function child(which: string, apk: string): Promise<void> {
  const mod = which === 'compliance' ? await import('../src/index.ts') : await import('@citadel/engine-android');
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    const a = await mod.engine.run({ files: [{ path: apk, name: apk.split('/').pop()! }] }, {}, {});
    times.push(performance.now() - t);
    const c = a.target.compliance as { sdkInventory: unknown[]; callGraph: { methods: number } } | undefined;
    summary = `${a.findings.filter((f) => f.result === 'fail').length} failed items${c ? `, ${c.sdkInventory.length} SDKs, ${c.callGraph.methods} graph methods` : ''}`;
  }
  console.log(JSON.stringify({ times, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), summary }));
}

function runChild(which: string, apk: string): ChildResult | string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', which, apk], { encoding: 'utf8' });
  try {
    return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as ChildResult;
  } catch {
    return r.stderr;
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child') return child(process.argv[3]!, process.argv[4]!);
  const rounds = Number(process.argv[2] ?? 3);
  for (const s of SAMPLES) {
    const apk = `${CORPUS}${s}`;
    if (!existsSync(apk)) {
      console.log(`${s}: absent, skipped`);
      continue;
    }
    const res: Record<string, { cold: number[]; warm: number[]; rss: number[]; summary: string }> = {};
    for (let r = 0; r < rounds; r++) {
      for (const which of ['compliance', 'android']) {
        const out = runChild(which, apk);
        if (typeof out === 'string') {
          console.log(`${s} ${which}: failed\n${out.slice(0, 2000)}`);
          return;
        }
        const slot = (res[which] ??= { cold: [], warm: [], rss: [], summary: '' });
        slot.cold.push(out.times[0]!);
        slot.warm.push(out.times[1]!);
        slot.rss.push(out.peakRssMb);
        slot.summary = out.summary;
      }
    }
    const c = res.compliance!;
    const a = res.android!;
    console.log(`${s} (${rounds} rounds, load ${loadavg()[0]!.toFixed(1)})`);
    console.log(`  compliance: cold ${median(c.cold).toFixed(0)} ms, warm ${median(c.warm).toFixed(0)} ms, peak RSS ${Math.max(...c.rss)} MB — ${c.summary}`);
    console.log(`  android (reference): cold ${median(a.cold).toFixed(0)} ms, warm ${median(a.warm).toFixed(0)} ms, peak RSS ${Math.max(...a.rss)} MB — ${a.summary}`);
    console.log(`  warm ratio compliance/android: ${(median(c.warm) / median(a.warm)).toFixed(2)}`);
  }
}

await main();
