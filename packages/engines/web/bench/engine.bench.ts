/**
 * Benchmark of the web engine: `npm run bench -- engines/web`.
 * A well-known deliberately vulnerable app (NodeGoat, DVWA, Juice Shop) needs
 * MongoDB, PHP/MySQL or a container, none of which this machine has without
 * new packages; so the benchmark scans the built vulnerable app of the test
 * suite (its planted vulnerabilities are known) and the hardened twin, each
 * a few times: median wall time, requests, found/planted and peak RSS.
 * A third line runs the vulnerable app with JavaScript rendering (Chromium).
 */
import { engine } from '../src/index.ts';
import { PLANTED, startTestSite } from '../src/testing/test-site.ts';

const runs = Number(process.argv[2] ?? 3);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(kind: 'vulnerable' | 'hardened', extra: Record<string, string> = {}, n = runs): Promise<void> {
  const site = await startTestSite(kind);
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
  console.log(JSON.stringify({ target: kind, ...extra, medianMs: Math.round(median(times)), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), summary: line }));
}

await measure('vulnerable');
await measure('hardened');
await measure('vulnerable', { render: 'true' }, 1);
