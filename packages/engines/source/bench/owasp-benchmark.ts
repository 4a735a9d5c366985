/**
 * Accuracy on the OWASP Benchmark for Java (v1.2, 2,740 test cases):
 *   npx tsx packages/engines/source/bench/owasp-benchmark.ts <BenchmarkJava checkout> [expectedresults-1.2.csv]
 * Scans the checkout as a user does — `npm run scan -- <checkout> --format sarif`, defaults only
 * (product-scan.ts) — maps each SARIF result's rule to a Benchmark category, and prints per
 * category TPR, FPR and TPR − FPR; the score is the average of TPR − FPR over the categories
 * (the Benchmark's own scoring). A test case counts as flagged when a result of the category's
 * rule is located in that test's file.
 * Not part of `npm run bench` by default because it needs the checkout.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { productScan } from './product-scan.ts';

const CATEGORY_RULES: Record<string, string[]> = {
  cmdi: ['source.injection.command'],
  crypto: ['source.crypto.weak_cipher'],
  hash: ['source.crypto.weak_hash'],
  ldapi: ['source.injection.ldap'],
  pathtraver: ['source.injection.path_traversal'],
  securecookie: ['source.web.insecure_cookie'],
  sqli: ['source.injection.sql'],
  trustbound: ['source.web.trust_boundary'],
  weakrand: ['source.crypto.insecure_random'],
  xpathi: ['source.injection.xpath'],
  xss: ['source.injection.xss'],
};

export async function scoreBenchmark(root: string, csv: string): Promise<{ rows: { category: string; tp: number; fn: number; fp: number; tn: number; tpr: number; fpr: number }[]; score: number; lines: number; ms: number; results: number; peakRssMb?: number; sarifBytes: number }> {
  const scan = productScan(root);
  const flagged = new Map<string, Set<string>>();
  for (const h of scan.hits) {
    const test = /(BenchmarkTest\d+)/.exec(h.uri)?.[1];
    if (!test) continue;
    const s = flagged.get(h.ruleId) ?? new Set<string>();
    s.add(test);
    flagged.set(h.ruleId, s);
  }
  const counts = new Map<string, { tp: number; fn: number; fp: number; tn: number }>();
  for (const line of readFileSync(csv, 'utf8').split('\n')) {
    const [test, category, real] = line.split(',');
    if (!test || test.startsWith('#') || !category || !CATEGORY_RULES[category]) continue;
    const hit = CATEGORY_RULES[category]!.some((r) => flagged.get(r)?.has(test));
    const c = counts.get(category) ?? { tp: 0, fn: 0, fp: 0, tn: 0 };
    if (real === 'true') hit ? c.tp++ : c.fn++;
    else hit ? c.fp++ : c.tn++;
    counts.set(category, c);
  }
  const rows = [...counts].sort().map(([category, c]) => ({ category, ...c, tpr: c.tp / Math.max(1, c.tp + c.fn), fpr: c.fp / Math.max(1, c.fp + c.tn) }));
  const score = rows.reduce((s, r) => s + (r.tpr - r.fpr), 0) / Math.max(1, rows.length);
  return { rows, score, lines: scan.totalLines, ms: scan.ms, results: scan.hits.length, sarifBytes: scan.sarifBytes, ...(scan.peakRssMb !== undefined ? { peakRssMb: scan.peakRssMb } : {}) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2];
  if (!root || !existsSync(root)) {
    console.error('usage: owasp-benchmark.ts <BenchmarkJava checkout> [expectedresults-1.2.csv]');
    process.exit(2);
  }
  const csv = process.argv[3] ?? path.join(root, 'expectedresults-1.2.csv');
  const r = await scoreBenchmark(root, csv);
  console.log('category       TP   FN   FP   TN   TPR     FPR     TPR-FPR');
  for (const x of r.rows) console.log(`${x.category.padEnd(13)} ${String(x.tp).padStart(4)} ${String(x.fn).padStart(4)} ${String(x.fp).padStart(4)} ${String(x.tn).padStart(4)}   ${(x.tpr * 100).toFixed(1).padStart(5)} % ${(x.fpr * 100).toFixed(1).padStart(5)} %  ${((x.tpr - x.fpr) * 100).toFixed(1).padStart(6)} %`);
  console.log(`score (average TPR − FPR): ${(r.score * 100).toFixed(1)} %   (default SARIF: ${r.results} results, ${(r.sarifBytes / 1e6).toFixed(1)} MB; ${r.lines} lines in ${(r.ms / 1000).toFixed(1)} s, scan peak RSS ${r.peakRssMb?.toFixed(0) ?? '?'} MB)`);
}
