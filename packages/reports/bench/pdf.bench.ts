/**
 * PDF report benchmark: an assessment with 2,000 findings (3 occurrences each)
 * rendered as a zh-CN PDF several times; prints the first render on its own (what the
 * server's render child does: one report per fresh process, so its wall time and peak RSS
 * are the production figures), then the median wall and CPU time, the file size, pages
 * and the peak RSS over all runs. Goal (issue 9): under 10 s and 500 MB.
 *
 *   npx tsx packages/reports/bench/pdf.bench.ts [--findings N] [--runs N] [--locale zh-CN] [--template standard|brief|compliance]
 */
import process from 'node:process';
import type { Locale } from '@citadel/contracts';
import { type ReportTemplate, renderReport } from '../src/index.ts';
import { syntheticAssessment } from '../src/test-support/index.ts';

const args = process.argv.slice(2);
const flag = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : dflt;
};
const findings = Number(flag('findings', '2000'));
const runs = Number(flag('runs', '3'));
const locale = flag('locale', 'zh-CN') as Locale;
const template = flag('template', 'standard') as ReportTemplate;

const { assessment, rules } = syntheticAssessment(findings, { evidencePerFinding: 3 });
const times: number[] = [];
// CPU time too: on a shared, overloaded machine the wall time mostly measures the other processes.
const cpuTimes: number[] = [];
let bytes = 0;
let pages = 0;
let firstPeakMb = 0;
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const pdf = await renderReport({ assessment, rules, site: { title: '安全服务门户' } }, { format: 'pdf', locale, range: 'ALL', template });
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  bytes = pdf.length;
  if (i === 0) firstPeakMb = process.resourceUsage().maxRSS / 1024;
  pages = (Buffer.from(pdf).toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`pdf report (${template}), ${findings} findings, ${locale}: first render (a fresh process, as the render child) ${(times[0]! / 1000).toFixed(2)} s, peak RSS ${firstPeakMb.toFixed(0)} MB`);
console.log(`  median ${(median(times) / 1000).toFixed(2)} s over ${runs} runs (${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s)`);
console.log(`  CPU time median ${(median(cpuTimes) / 1000).toFixed(2)} s (${cpuTimes.map((t) => (t / 1000).toFixed(2)).join(', ')} s)`);
console.log(`  ${(bytes / 1024 / 1024).toFixed(2)} MB, ${pages} pages`);
console.log(`  peak RSS over all ${runs} runs in one process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (goal < 10 s, < 500 MB per report)`);
// The machine's load while measuring: wall times on a shared machine are only comparable with it.
console.log(`  load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
