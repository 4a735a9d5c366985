/**
 * Python accuracy, Citadel and Bandit side by side on the same folders:
 *   npx tsx packages/engines/source/bench/py-benchmark.ts <vulpy checkout>   (or CITADEL_VULPY)
 * Citadel runs as a user runs it (`npm run scan -- <folder> --format sarif`, product-scan.ts) on
 * bad/ and good/; Bandit (Debian `bandit`, skipped when absent) with its defaults on the same
 * folders. A case is flagged when a result of its category lies in its file and line range.
 * Prints TP/FN/FP/TN and TPR − FPR per category for both tools (truth: py-truth.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productScan } from './product-scan.ts';
import { CATEGORY_RULES, type TruthCase, VULPY_TRUTH } from './py-truth.ts';

interface Hit {
  rule: string;
  file: string;
  line: number;
}

function bandit(folder: string, face: string): Hit[] | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'bandit-'));
  try {
    const out = path.join(dir, 'b.json');
    const r = spawnSync('bandit', ['-q', '-r', '.', '-f', 'json', '-o', out], { cwd: folder, stdio: 'ignore' });
    if (r.error || !existsSync(out)) return undefined;
    const j = JSON.parse(readFileSync(out, 'utf8')) as { results: { test_id: string; filename: string; line_number: number }[] };
    return j.results.map((x) => ({ rule: x.test_id, file: `${face}/${path.normalize(x.filename)}`, line: x.line_number }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function score(hits: Hit[], tool: 'citadel' | 'bandit'): { category: string; tp: number; fn: number; fp: number; tn: number }[] {
  const rows = new Map<string, { category: string; tp: number; fn: number; fp: number; tn: number }>();
  for (const c of VULPY_TRUTH) {
    const rules = CATEGORY_RULES[c.category][tool];
    const hit = hits.some((h) => rules.includes(h.rule) && h.file === c.file && h.line >= c.from && h.line <= c.to);
    const r = rows.get(c.category) ?? { category: c.category, tp: 0, fn: 0, fp: 0, tn: 0 };
    if (c.real) hit ? r.tp++ : r.fn++;
    else hit ? r.fp++ : r.tn++;
    rows.set(c.category, r);
  }
  return [...rows.values()];
}

function print(tool: string, rows: ReturnType<typeof score>): void {
  let sum = 0;
  console.log(`${tool}: category      TP FN FP TN  TPR−FPR`);
  for (const r of rows) {
    const tpr = r.tp + r.fn ? r.tp / (r.tp + r.fn) : 0;
    const fpr = r.fp + r.tn ? r.fp / (r.fp + r.tn) : 0;
    sum += tpr - fpr;
    console.log(`${tool}: ${r.category.padEnd(13)} ${[r.tp, r.fn, r.fp, r.tn].map((n) => String(n).padStart(2)).join(' ')}  ${((tpr - fpr) * 100).toFixed(1).padStart(6)} %`);
  }
  console.log(`${tool}: score (average TPR − FPR over ${rows.length} categories) ${((sum / rows.length) * 100).toFixed(1)} %`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? process.env.CITADEL_VULPY;
  if (!root || !existsSync(path.join(root, 'bad'))) {
    console.log('py-benchmark: skipped (pass a vulpy checkout or set CITADEL_VULPY)');
    process.exit(0);
  }
  const citadel: Hit[] = [];
  const banditHits: Hit[] = [];
  let banditOk = true;
  for (const face of ['bad', 'good']) {
    const scan = productScan(path.join(root, face));
    citadel.push(...scan.hits.map((h) => ({ rule: h.ruleId, file: `${face}/${h.uri}`, line: h.line })));
    const b = bandit(path.join(root, face), face);
    if (b) banditHits.push(...b);
    else banditOk = false;
  }
  print('citadel', score(citadel, 'citadel'));
  if (banditOk) {
    const v = spawnSync('bandit', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
    print(`bandit (${v})`, score(banditHits, 'bandit'));
  } else console.log('bandit: not installed (Debian package bandit)');
}
