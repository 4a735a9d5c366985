/**
 * Accuracy on deliberately vulnerable Node.js projects, measured like the
 * OWASP Benchmark:
 *   npx tsx packages/engines/source/bench/js-benchmark.ts [juice-shop] [NodeGoat] [dvna master] [dvna fixes branch]
 * (or CITADEL_JUICE_SHOP, CITADEL_NODEGOAT, CITADEL_DVNA, CITADEL_DVNA_FIXES; a project
 * that is absent is skipped; the DVNA fixes checkout is `git archive fixes` of the same repository).
 *
 * Juice Shop marks the code of its coding challenges with `vuln-code-snippet`
 * comments and ships the fixed variants (data/static/codefixes/*_correct.ts).
 * The bench copies the checkout to a temp folder (without the codefixes
 * folder), scans it once as it is — each source-code challenge is a true
 * positive case — and once per fixed variant, with the challenge's snippet
 * replaced by the fix — a true negative case. A case is flagged when a
 * finding of its category lies in the snippet (the sink, or a step of its
 * data-flow path) or at the place js-truth.ts names. Per category: TP, FN,
 * FP, TN, TPR, FPR, TPR − FPR. The documented defects of js-truth.ts
 * (positives only) give the recall. DVNA: each documented handler is a
 * positive on master and a negative on the fixes branch. Findings of the injection rules outside
 * every known place are counted as unconfirmed (not judged).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { engine } from '../src/index.ts';
import { CATEGORY_RULES, type Category, DOCUMENTED, DVNA, JUICE_SHOP_CHALLENGES } from './js-truth.ts';

interface Hit {
  rule: string;
  file: string;
  line: number;
  /** Places of the data-flow path (file, line). */
  steps: { file: string; line: number }[];
}

async function scan(dir: string): Promise<{ hits: Hit[]; lines: number; ms: number }> {
  const started = Date.now();
  const a = await engine.run({ files: [{ path: dir, name: path.basename(dir) }] }, {}, {});
  const hits: Hit[] = [];
  for (const f of a.findings) {
    if (f.result !== 'fail') continue;
    for (const e of f.evidence) {
      const file = e.file ?? '';
      const steps = [...(e.detail ?? '').matchAll(/^\d+\. (?:(\S+):|L)(\d+) /gm)].map((m) => ({ file: m[1] ?? file, line: Number(m[2]) }));
      hits.push({ rule: f.ruleId, file, line: e.line ?? 0, steps });
    }
  }
  return { hits, lines: Number(a.target.totalLines ?? 0), ms: Date.now() - started };
}

interface Region {
  file: string;
  from: number;
  to: number;
}

const inRegion = (r: Region, file: string, line: number) => file === r.file && line >= r.from && line <= r.to;

function flagged(hits: readonly Hit[], category: Category, places: readonly Region[]): boolean {
  const rules = CATEGORY_RULES[category];
  return hits.some((h) => rules.includes(h.rule) && places.some((r) => inRegion(r, h.file, h.line) || h.steps.some((s) => inRegion(r, s.file, s.line))));
}

/** The line (1-based) holding `text` in a project file, as a one-line region. */
function lineOf(root: string, file: string, text: string): Region | undefined {
  const p = path.join(root, file);
  if (!existsSync(p)) return undefined;
  const i = readFileSync(p, 'utf8').indexOf(text);
  if (i < 0) return undefined;
  const line = readFileSync(p, 'utf8').slice(0, i).split('\n').length;
  return { file, from: line, to: line };
}

function* codeFiles(root: string, rel = ''): Generator<string> {
  for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.')) yield* codeFiles(root, r);
    else if (e.isFile() && /\.(ts|js)$/.test(e.name)) yield r;
  }
}

/** Snippet regions per challenge from the `vuln-code-snippet start/end` comments. */
function snippetRegions(root: string): Map<string, Region> {
  const out = new Map<string, Region>();
  for (const file of codeFiles(root)) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((l, i) => {
      const m = /vuln-code-snippet start (.*)$/.exec(l);
      if (!m) return;
      for (const ch of m[1]!.trim().split(/\s+/)) {
        const end = lines.findIndex((x, j) => j > i && new RegExp(`vuln-code-snippet end .*\\b${ch}\\b`).test(x));
        if (end > i) out.set(ch, { file, from: i + 1, to: end + 1 });
      }
    });
  }
  return out;
}

interface Counts {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

async function juiceShop(checkout: string, counts: Map<Category, Counts>, recall: string[], unconfirmed: Map<string, number>): Promise<string> {
  const work = mkdtempSync(path.join(tmpdir(), 'js-bench-juice-'));
  const root = path.join(work, 'juice-shop');
  const fixes = path.join(checkout, 'data/static/codefixes');
  cpSync(checkout, root, { recursive: true, filter: (src) => !src.startsWith(fixes) && !/[/\\](node_modules|\.git)$/.test(src) });
  try {
    const regions = snippetRegions(root);
    const count = (c: Category) => counts.get(c) ?? (counts.set(c, { tp: 0, fn: 0, fp: 0, tn: 0 }), counts.get(c)!);
    const base = await scan(root);
    const known: Region[] = [];
    for (const [ch, truth] of Object.entries(JUICE_SHOP_CHALLENGES)) {
      const r = regions.get(ch);
      if (!r) continue;
      const also = truth.alsoAt ? lineOf(root, truth.alsoAt.file, truth.alsoAt.text) : undefined;
      const places = also ? [r, also] : [r];
      known.push(...places);
      const hit = flagged(base.hits, truth.category, places);
      hit ? count(truth.category).tp++ : count(truth.category).fn++;
      if (!hit) recall.push(`  FN ${ch} (${truth.category}) ${r.file}:${r.from}-${r.to}`);
    }
    for (const d of DOCUMENTED.filter((x) => x.project === 'juice-shop')) {
      const r = lineOf(root, d.file, d.text);
      if (r) known.push(r);
      const hit = r !== undefined && flagged(base.hits, d.category, [r]);
      recall.push(`  ${hit ? 'found' : 'MISSED'} juice-shop ${d.name} (${d.category}) ${d.file}${r ? `:${r.from}` : ' (text not found)'}`);
    }
    countUnconfirmed(base.hits, known, unconfirmed);
    // The fixed variants: one scan each, the snippet replaced by the fix.
    const fixFiles = existsSync(fixes) ? readdirSync(fixes).filter((f) => /_correct\.(ts|js)$/.test(f)) : [];
    for (const fix of fixFiles.sort()) {
      const ch = fix.replace(/_\d+_correct\.(ts|js)$/, '');
      const truth = JUICE_SHOP_CHALLENGES[ch];
      const r = regions.get(ch);
      if (!truth || !r) continue;
      const p = path.join(root, r.file);
      const original = readFileSync(p, 'utf8');
      const lines = original.split('\n');
      const fixed = readFileSync(path.join(fixes, fix), 'utf8').replace(/\n$/, '').split('\n');
      writeFileSync(p, [...lines.slice(0, r.from - 1), ...fixed, ...lines.slice(r.to)].join('\n'));
      try {
        const region = { file: r.file, from: r.from, to: r.from + fixed.length - 1 };
        const also = truth.alsoAt ? lineOf(root, truth.alsoAt.file, truth.alsoAt.text) : undefined;
        const v = await scan(root);
        const hit = flagged(v.hits, truth.category, also ? [region, also] : [region]);
        hit ? count(truth.category).fp++ : count(truth.category).tn++;
        if (hit) recall.push(`  FP ${fix} (${truth.category}): the fixed variant is still flagged`);
      } finally {
        writeFileSync(p, original);
      }
    }
    return `juice-shop: ${base.lines} lines in ${(base.ms / 1000).toFixed(1)} s, ${fixFiles.length} fixed variants`;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function nodeGoat(checkout: string, recall: string[], unconfirmed: Map<string, number>): Promise<string> {
  const base = await scan(checkout);
  const known: Region[] = [];
  for (const d of DOCUMENTED.filter((x) => x.project === 'nodegoat')) {
    const r = lineOf(checkout, d.file, d.text);
    if (r) known.push(r);
    const hit = r !== undefined && flagged(base.hits, d.category, [r]);
    recall.push(`  ${hit ? 'found' : 'MISSED'} nodegoat ${d.name} (${d.category}) ${d.file}${r ? `:${r.from}` : ' (text not found)'}`);
  }
  countUnconfirmed(base.hits, known, unconfirmed);
  return `nodegoat: ${base.lines} lines in ${(base.ms / 1000).toFixed(1)} s`;
}

/** The lines of `module.exports.<handler> = …` up to the next export (or the end). */
function handlerRegion(root: string, file: string, handler: string): Region | undefined {
  const p = path.join(root, file);
  if (!existsSync(p)) return undefined;
  const lines = readFileSync(p, 'utf8').split('\n');
  const from = lines.findIndex((l) => new RegExp(`^\\s*module\\.exports\\.${handler}\\s*=`).test(l));
  if (from < 0) return undefined;
  let to = lines.findIndex((l, i) => i > from && /^\s*module\.exports\./.test(l));
  if (to < 0) to = lines.length;
  return { file, from: from + 1, to };
}

async function dvna(master: string, fixes: string | undefined, counts: Map<Category, Counts>, log: string[], unconfirmed: Map<string, number>): Promise<string> {
  const count = (c: Category) => counts.get(c) ?? (counts.set(c, { tp: 0, fn: 0, fp: 0, tn: 0 }), counts.get(c)!);
  const base = await scan(master);
  const known: Region[] = [];
  for (const d of DVNA) {
    const r = handlerRegion(master, d.file, d.handler);
    if (r) known.push(r);
    const hit = r !== undefined && flagged(base.hits, d.category, [r]);
    hit ? count(d.category).tp++ : count(d.category).fn++;
    if (!hit) log.push(`  FN dvna ${d.doc} (${d.category}) ${d.file} ${d.handler}`);
  }
  countUnconfirmed(base.hits, known, unconfirmed);
  if (!fixes) return `dvna: ${base.lines} lines (no fixes checkout: negatives not measured)`;
  const fixed = await scan(fixes);
  for (const d of DVNA) {
    const r = handlerRegion(fixes, d.file, d.handler);
    const hit = r !== undefined && flagged(fixed.hits, d.category, [r]);
    hit ? count(d.category).fp++ : count(d.category).tn++;
    if (hit) log.push(`  FP dvna fixes ${d.doc} (${d.category}): still flagged`);
  }
  return `dvna: ${base.lines} lines, fixes ${fixed.lines} lines`;
}

/** Injection findings at no known place, per rule (not judged: the projects do not document every line). */
function countUnconfirmed(hits: readonly Hit[], known: readonly Region[], out: Map<string, number>): void {
  for (const h of hits) {
    if (!h.rule.startsWith('source.injection.')) continue;
    if (known.some((r) => inRegion(r, h.file, h.line) || h.steps.some((s) => inRegion(r, s.file, s.line)))) continue;
    out.set(h.rule, (out.get(h.rule) ?? 0) + 1);
  }
}

function table(counts: ReadonlyMap<Category, Counts>): void {
  console.log('category   TP   FN   FP   TN   TPR     FPR     TPR-FPR');
  let sum = 0;
  for (const [c, x] of [...counts].sort()) {
    const tpr = x.tp / Math.max(1, x.tp + x.fn);
    const fpr = x.fp / Math.max(1, x.fp + x.tn);
    sum += tpr - fpr;
    console.log(`${c.padEnd(9)} ${String(x.tp).padStart(4)} ${String(x.fn).padStart(4)} ${String(x.fp).padStart(4)} ${String(x.tn).padStart(4)}   ${(tpr * 100).toFixed(1).padStart(5)} % ${(fpr * 100).toFixed(1).padStart(5)} %  ${((tpr - fpr) * 100).toFixed(1).padStart(6)} %`);
  }
  if (counts.size) console.log(`score (average TPR − FPR): ${((sum / counts.size) * 100).toFixed(1)} %`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const juice = process.argv[2] ?? process.env.CITADEL_JUICE_SHOP;
  const goat = process.argv[3] ?? process.env.CITADEL_NODEGOAT;
  const counts = new Map<Category, Counts>();
  const recall: string[] = [];
  const unconfirmed = new Map<string, number>();
  const notes: string[] = [];
  if (juice && existsSync(path.join(juice, 'data/static/codefixes'))) notes.push(await juiceShop(juice, counts, recall, unconfirmed));
  else notes.push('juice-shop: skipped (pass the checkout path or set CITADEL_JUICE_SHOP)');
  if (goat && existsSync(path.join(goat, 'app/routes'))) notes.push(await nodeGoat(goat, recall, unconfirmed));
  else notes.push('nodegoat: skipped (pass the checkout path or set CITADEL_NODEGOAT)');
  const dv = process.argv[4] ?? process.env.CITADEL_DVNA;
  const dvFixes = process.argv[5] ?? process.env.CITADEL_DVNA_FIXES;
  const dvCounts = new Map<Category, Counts>();
  const dvLog: string[] = [];
  if (dv && existsSync(path.join(dv, 'core/appHandler.js'))) notes.push(await dvna(dv, dvFixes && existsSync(dvFixes) ? dvFixes : undefined, dvCounts, dvLog, unconfirmed));
  else notes.push('dvna: skipped (pass the checkout paths or set CITADEL_DVNA / CITADEL_DVNA_FIXES)');
  console.log('Juice Shop coding challenges (snippet = positive, *_correct fix = negative)');
  table(counts);
  console.log('\nDVNA documented handlers (master = positive, fixes branch = negative)');
  table(dvCounts);
  for (const l of dvLog) console.log(l);
  const documented = recall.filter((l) => /^ {2}(found|MISSED)/.test(l));
  const found = documented.filter((l) => l.startsWith('  found')).length;
  console.log(`\nDocumented defects (positives only): recall ${found}/${documented.length}${documented.length ? ` = ${((found / documented.length) * 100).toFixed(1)} %` : ''}`);
  for (const l of recall) console.log(l);
  console.log(`\nInjection findings at no documented place (unconfirmed): ${[...unconfirmed].map(([r, n]) => `${r.replace('source.injection.', '')} ${n}`).join(', ') || 'none'}`);
  console.log(`${notes.join('; ')}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}
