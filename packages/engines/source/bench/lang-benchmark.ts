/**
 * PHP, Go and C# accuracy on public truth sets (lang-truth.ts), measured as a user runs the product:
 *   npx tsx packages/engines/source/bench/lang-benchmark.ts [--dvwa <DVWA checkout>] [--govwa <govwa checkout>]
 *       [--codeql-cs <folder with csharp/ql/src/Security Features of github/codeql>]
 *   (or CITADEL_DVWA, CITADEL_GOVWA, CITADEL_CODEQL_CS)
 * Each set's code files (its extensions; no lockfiles or manifests, so the CLI takes the folder as one code
 * project) are copied with their paths into a temp folder, scanned with `npm run scan -- <folder> --format sarif`
 * (defaults only, product-scan.ts), and each case is flagged when a result of its category has its sink or a
 * step of its code flow in the case's file and line range. Prints TP/FN/FP/TN and TPR − FPR per category, per
 * set and per language. Benchmarks, not tests: nothing here runs in `npm test`.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productScan, type SarifHit } from './product-scan.ts';
import { CATEGORY_RULES, type TruthCase, type TruthSet, TRUTH_SETS } from './lang-truth.ts';

export interface Row {
  category: string;
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

const SKIP = new Set(['node_modules', 'vendor', '.git']);

/** Copies the files of `root` with these extensions into `dest`, keeping their relative paths. */
function copyCode(root: string, dest: string, exts: readonly string[], rel = ''): number {
  let n = 0;
  for (const name of readdirSync(path.join(root, rel))) {
    if (SKIP.has(name)) continue;
    const r = path.join(rel, name);
    const st = statSync(path.join(root, r));
    if (st.isDirectory()) n += copyCode(root, dest, exts, r);
    else if (st.isFile() && exts.some((e) => name.endsWith(e))) {
      mkdirSync(path.dirname(path.join(dest, r)), { recursive: true });
      copyFileSync(path.join(root, r), path.join(dest, r));
      n++;
    }
  }
  return n;
}

const inCase = (c: TruthCase, uri: string, line: number) => uri === c.file && line >= c.from && line <= c.to;

export function scoreSet(set: TruthSet, hits: readonly SarifHit[]): Row[] {
  const rows = new Map<string, Row>();
  for (const c of set.cases) {
    const rules = CATEGORY_RULES[c.category];
    const hit = hits.some((h) => rules.includes(h.ruleId) && (inCase(c, h.uri, h.line) || h.flow.some((s) => inCase(c, s.uri, s.line))));
    const r = rows.get(c.category) ?? { category: c.category, tp: 0, fn: 0, fp: 0, tn: 0 };
    if (c.real) hit ? r.tp++ : r.fn++;
    else hit ? r.fp++ : r.tn++;
    rows.set(c.category, r);
  }
  return [...rows.values()];
}

/** Average TPR − FPR over the categories (a category without positives or negatives counts its side as 0). */
export function printRows(label: string, rows: readonly Row[]): number {
  let sum = 0;
  console.log(`${label}: category   TP FN FP TN  TPR−FPR`);
  for (const r of rows) {
    const tpr = r.tp + r.fn ? r.tp / (r.tp + r.fn) : 0;
    const fpr = r.fp + r.tn ? r.fp / (r.fp + r.tn) : 0;
    sum += tpr - fpr;
    console.log(`${label}: ${r.category.padEnd(10)} ${[r.tp, r.fn, r.fp, r.tn].map((n) => String(n).padStart(2)).join(' ')}  ${((tpr - fpr) * 100).toFixed(1).padStart(6)} %`);
  }
  const score = rows.length ? (sum / rows.length) * 100 : 0;
  console.log(`${label}: score (average TPR − FPR over ${rows.length} categories) ${score.toFixed(1)} %`);
  return score;
}

function arg(name: string, env: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : process.env[env];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const roots: Record<string, string | undefined> = {
    DVWA: arg('dvwa', 'CITADEL_DVWA'),
    govwa: arg('govwa', 'CITADEL_GOVWA'),
    'CodeQL C# examples': arg('codeql-cs', 'CITADEL_CODEQL_CS'),
  };
  let ran = 0;
  for (const set of TRUTH_SETS) {
    const root = roots[set.name];
    if (!root || !existsSync(root)) {
      console.log(`${set.name}: skipped (pass its checkout; ${set.source})`);
      continue;
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'citadel-lang-'));
    try {
      const files = copyCode(root, dir, set.extensions);
      const scan = productScan(dir);
      console.log(`${set.name} (${set.language}, ${set.source}): ${files} files, ${scan.totalLines} lines, ${scan.hits.length} results, ${(scan.ms / 1000).toFixed(1)} s`);
      const missing = set.cases.filter((c) => !existsSync(path.join(dir, c.file)));
      if (missing.length) console.log(`${set.name}: ${missing.length} case files missing (${missing.map((c) => c.file).join(', ')})`);
      printRows(set.name, scoreSet(set, scan.hits));
      ran++;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (ran === 0) console.log('lang-benchmark: nothing to run');
}
