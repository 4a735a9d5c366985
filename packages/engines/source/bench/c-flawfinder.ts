/**
 * C side by side with flawfinder (Debian package `flawfinder`, a benchmark tool only) on the NIST
 * Juliet C/C++ test suite 1.3 (SARD; e.g. a checkout of github.com/arichardson/juliet-test-suite-c):
 *   npx tsx packages/engines/source/bench/c-flawfinder.ts <juliet checkout> [cases per category]
 * (or CITADEL_JULIET). Each Juliet test case has its flaw in code under `#ifndef OMITBAD` and fixed
 * variants under `#ifndef OMITGOOD`: a case is a positive (TP when a finding of its category lies in
 * its OMITBAD code) and a negative (FP when one lies in its OMITGOOD code). Per category an even
 * sample of the C test cases (default 100; all files of a multi-file case) is copied to a temp folder;
 * Citadel runs as a user runs it (`npm run scan -- <folder> --format sarif`, defaults only) and
 * flawfinder with its defaults (`--csv`, minimum level 1). Never asserted in tests: a benchmark.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productScan } from './product-scan.ts';

interface Category {
  name: string;
  folders: string[];
  /** Citadel SARIF rule ids that answer the category. */
  citadel: string[];
  /** flawfinder hits that answer it: by its category and function name (CSV columns Category, Name). */
  flawfinder: (category: string, name: string) => boolean;
}

/** Juliet CWE folders and what each tool reports for them (flawfinder's categories from its rule set). */
const CATEGORIES: Category[] = [
  { name: 'CWE-78 OS command injection', folders: ['CWE78_OS_Command_Injection'], citadel: ['source.injection.command'], flawfinder: (c) => c === 'shell' },
  { name: 'CWE-134 format string', folders: ['CWE134_Uncontrolled_Format_String'], citadel: ['source.native.format_string'], flawfinder: (c) => c === 'format' },
  { name: 'CWE-242 inherently dangerous function', folders: ['CWE242_Use_of_Inherently_Dangerous_Function'], citadel: ['source.native.dangerous_function'], flawfinder: (_c, n) => n === 'gets' || n === '_getts' },
  { name: 'CWE-676 potentially dangerous function', folders: ['CWE676_Use_of_Potentially_Dangerous_Function'], citadel: ['source.native.dangerous_function'], flawfinder: (c) => c === 'buffer' },
  { name: 'CWE-121 stack buffer overflow', folders: ['CWE121_Stack_Based_Buffer_Overflow'], citadel: ['source.native.dangerous_function'], flawfinder: (c) => c === 'buffer' },
  { name: 'CWE-338 weak PRNG', folders: ['CWE338_Weak_PRNG'], citadel: ['source.crypto.insecure_random'], flawfinder: (c) => c === 'random' },
  { name: 'CWE-377 insecure temporary file', folders: ['CWE377_Insecure_Temporary_File'], citadel: ['source.native.dangerous_function'], flawfinder: (c) => c === 'tmpfile' },
  { name: 'CWE-23/36 path traversal', folders: ['CWE23_Relative_Path_Traversal', 'CWE36_Absolute_Path_Traversal'], citadel: ['source.injection.path_traversal'], flawfinder: (c, n) => c === 'misc' && /^(fopen|open|_wfopen|_wopen|CreateFile)/.test(n) },
  { name: 'CWE-90 LDAP injection', folders: ['CWE90_LDAP_Injection'], citadel: ['source.injection.ldap'], flawfinder: () => false },
  { name: 'CWE-327/328 broken crypto, weak hash', folders: ['CWE327_Use_Broken_Crypto', 'CWE328_Reversible_One_Way_Hash'], citadel: ['source.crypto.weak_cipher', 'source.crypto.weak_hash'], flawfinder: (c) => c === 'crypto' },
];

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of readdirSync(d)) {
      const p = path.join(d, e);
      if (statSync(p).isDirectory()) stack.push(p);
      else if (/\.(c|cpp)$/.test(e)) out.push(p);
    }
  }
  return out.sort();
}

/** Juliet test case of a file: `…_51a.c` and `…_51b.c` are one case. */
const caseOf = (file: string): string => path.basename(file).replace(/([0-9])[a-z]?\.(c|cpp)$/, '$1');

/** Per line of a file: 'bad' inside `#ifndef OMITBAD`, 'good' inside `#ifndef OMITGOOD`, else undefined. */
function regions(text: string): ('bad' | 'good' | undefined)[] {
  const out: ('bad' | 'good' | undefined)[] = [undefined];
  const stack: ('bad' | 'good' | undefined)[] = [];
  let current: 'bad' | 'good' | undefined;
  for (const line of text.split('\n')) {
    const l = line.trim();
    if (/^#\s*if/.test(l)) {
      stack.push(current);
      if (/^#\s*ifndef\s+OMITBAD\b/.test(l)) current = 'bad';
      else if (/^#\s*ifndef\s+OMITGOOD\b/.test(l)) current = 'good';
    } else if (/^#\s*endif/.test(l)) current = stack.pop();
    out.push(current);
  }
  return out;
}

function flawfinderHits(folder: string): { file: string; line: number; category: string; name: string }[] {
  const csv = execFileSync('flawfinder', ['--csv', '--quiet', folder], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const hits: { file: string; line: number; category: string; name: string }[] = [];
  for (const row of csv.split('\n').slice(1)) {
    // File,Line,Column,DefaultLevel,Level,Category,Name,… (the first columns hold no commas in Juliet paths)
    const cols = row.split(',');
    if (cols.length < 7 || !/^\d+$/.test(cols[1] ?? '')) continue;
    hits.push({ file: path.resolve(cols[0]!), line: Number(cols[1]), category: cols[5]!, name: cols[6]! });
  }
  return hits;
}

export async function runJuliet(root: string, perCategory: number): Promise<{ rows: { category: string; cases: number; citadel: { tpr: number; fpr: number }; flawfinder: { tpr: number; fpr: number } }[]; files: number; lines: number }> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'citadel-juliet-'));
  try {
    const caseFiles = new Map<Category, Map<string, string[]>>();
    let files = 0;
    for (const cat of CATEGORIES) {
      const byCase = new Map<string, string[]>();
      for (const folder of cat.folders) {
        const dir = path.join(root, 'testcases', folder);
        if (!existsSync(dir)) continue;
        for (const f of filesUnder(dir)) byCase.set(caseOf(f), [...(byCase.get(caseOf(f)) ?? []), f]);
      }
      // An even sample over the sorted cases, so every data source and flow variant is represented.
      const ids = [...byCase.keys()];
      const step = Math.max(1, ids.length / perCategory);
      const chosen = new Map<string, string[]>();
      for (let i = 0; i < ids.length && chosen.size < perCategory; i += step) {
        const id = ids[Math.floor(i)]!;
        const copies = byCase.get(id)!.map((f) => {
          const to = path.join(tmp, path.basename(f));
          copyFileSync(f, to);
          files++;
          return to;
        });
        chosen.set(id, copies);
      }
      caseFiles.set(cat, chosen);
    }
    const scan = productScan(tmp);
    const ff = flawfinderHits(tmp);
    const regionCache = new Map<string, ('bad' | 'good' | undefined)[]>();
    const regionOf = (file: string, line: number) => {
      let r = regionCache.get(file);
      if (!r) regionCache.set(file, (r = existsSync(file) ? regions(readFileSync(file, 'utf8')) : []));
      return r[line];
    };
    const rows = [];
    for (const cat of CATEGORIES) {
      const chosen = caseFiles.get(cat)!;
      if (chosen.size === 0) continue;
      const fileCase = new Map<string, string>();
      for (const [id, fs] of chosen) for (const f of fs) fileCase.set(path.resolve(f), id);
      const mark = (hits: { file: string; line: number }[]) => {
        const bad = new Set<string>();
        const good = new Set<string>();
        for (const h of hits) {
          const id = fileCase.get(h.file);
          const region = id ? regionOf(h.file, h.line) : undefined;
          if (id && region === 'bad') bad.add(id);
          if (id && region === 'good') good.add(id);
        }
        return { tpr: bad.size / chosen.size, fpr: good.size / chosen.size };
      };
      const citadelHits = scan.hits.filter((h) => cat.citadel.includes(h.ruleId)).map((h) => ({ file: path.resolve(tmp, h.uri.replace(/^file:\/\//, '')), line: h.line }));
      const ffHits = ff.filter((h) => cat.flawfinder(h.category, h.name));
      rows.push({ category: cat.name, cases: chosen.size, citadel: mark(citadelHits), flawfinder: mark(ffHits) });
    }
    return { rows, files, lines: scan.totalLines };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? process.env.CITADEL_JULIET;
  if (!root || !existsSync(path.join(root, 'testcases'))) {
    console.error('usage: c-flawfinder.ts <Juliet C/C++ 1.3 checkout with testcases/> [cases per category]');
    process.exit(2);
  }
  const r = await runJuliet(root, Number(process.argv[3] ?? 100));
  const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)} %`;
  console.log(`Juliet C sample: ${r.files} files, ${r.lines} lines`);
  console.log('category                                  cases   Citadel TPR   FPR      TPR-FPR   flawfinder TPR   FPR      TPR-FPR');
  for (const x of r.rows) console.log(`${x.category.padEnd(41)} ${String(x.cases).padStart(5)}   ${pct(x.citadel.tpr)}  ${pct(x.citadel.fpr)}  ${pct(x.citadel.tpr - x.citadel.fpr)}   ${pct(x.flawfinder.tpr)}  ${pct(x.flawfinder.fpr)}  ${pct(x.flawfinder.tpr - x.flawfinder.fpr)}`);
  const avg = (f: (x: (typeof r.rows)[number]) => number) => r.rows.reduce((s, x) => s + f(x), 0) / Math.max(1, r.rows.length);
  console.log(`average TPR − FPR: Citadel ${pct(avg((x) => x.citadel.tpr - x.citadel.fpr))}, flawfinder ${pct(avg((x) => x.flawfinder.tpr - x.flawfinder.fpr))}`);
}
