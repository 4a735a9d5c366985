/**
 * Benchmark of the web engine: `npm run bench -- engines/web/bench/engine`.
 * Scans the built vulnerable app of the test suite (its planted
 * vulnerabilities are known) and the hardened twin, each a few times: median
 * wall time, requests, found/planted and peak RSS; one request at a time
 * (concurrency=1) and with the default concurrency, without a rate limit and
 * at the default 10 requests per second, and on a site answering after 50 ms.
 * A last line runs the vulnerable app
 * with JavaScript rendering (Chromium). DVWA: see dvwa.bench.ts.
 */
import { engine } from '../src/index.ts';
import { PLANTED, startTestSite } from '../src/testing/test-site.ts';

const runs = Number(process.argv[2]) || 3;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(kind: 'vulnerable' | 'hardened', extra: Record<string, string> = {}, n = runs, latencyMs = 0): Promise<void> {
  const site = await startTestSite(kind, { latencyMs });
  const times: number[] = [];
  let line = '';
  try {
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const a = await engine.run({ files: [], url: site.url }, { params: { allowNetworks: '127.0.0.1', rate: '0', active: 'all', sqliDelaySeconds: '1', ...extra } }, {});
      times.push(performance.now() - t);
      const fails = a.findings.filter((f) => f.result === 'fail').map((f) => f.ruleId);
      const planted = Object.keys(PLANTED);
      line = `${fails.length} failed items, planted found ${planted.filter((id) => fails.includes(id)).length}/${planted.length}, pages ${String(a.target.pages)}, requests ${String(a.target.requests)}`;
    }
  } finally {
    await site.close();
  }
  console.log(JSON.stringify({ target: kind, ...extra, ...(latencyMs ? { latencyMs } : {}), medianMs: Math.round(median(times)), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), summary: line }));
}

await measure('vulnerable', { concurrency: '1' });
await measure('vulnerable');
await measure('hardened', { concurrency: '1' });
await measure('hardened');
await measure('vulnerable', { concurrency: '1', rate: '10' }, 1);
await measure('vulnerable', { rate: '10' }, 1);
// A site that takes 50 ms per answer: where requests in flight at once pay off.
await measure('vulnerable', { concurrency: '1' }, 1, 50);
await measure('vulnerable', {}, 1, 50);
await measure('vulnerable', { render: 'true' }, 1);
