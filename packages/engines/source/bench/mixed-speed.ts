/**
 * Speed and memory on a large mixed-language project:
 *   npx tsx packages/engines/source/bench/mixed-speed.ts <checkout> [<checkout> …]
 * (or CITADEL_MIXED_SOURCES=dir1:dir2:…; skipped when none is given). The code
 * files of the given checkouts (e.g. fetched Java, Kotlin, TS/JS, Python, Go,
 * C and PHP repositories) are copied into a temp folder, in as many numbered
 * copies as it takes to reach CITADEL_MIXED_LINES lines (default 1,000,000);
 * the engine then runs over that folder in this process. Prints lines per
 * language, wall time, lines per minute, CPU time, peak RSS and the load
 * average (the machine is shared: figures depend on it).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SKIPPED_FOLDERS, countLines, engine, kindOf } from '../src/index.ts';

interface CodeFile {
  from: string;
  rel: string;
  lines: number;
}

function* codeFiles(root: string, rel = ''): Generator<string> {
  let entries;
  try {
    entries = readdirSync(path.join(root, rel), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(e.name) && !e.name.startsWith('.')) yield* codeFiles(root, r);
    } else if (e.isFile() && kindOf(r).kind === 'code') yield r;
  }
}

export function assemble(sources: readonly string[], targetLines: number, into: string): { lines: number; files: number; copies: number } {
  const files: CodeFile[] = [];
  let perCopy = 0;
  for (const src of sources) {
    for (const rel of codeFiles(src)) {
      const from = path.join(src, rel);
      if (statSync(from).size > 2 * 1024 * 1024) continue;
      const lines = countLines(readFileSync(from, 'utf8'));
      files.push({ from, rel: `${path.basename(src)}/${rel}`, lines });
      perCopy += lines;
    }
  }
  if (perCopy === 0) return { lines: 0, files: 0, copies: 0 };
  let lines = 0;
  let copies = 0;
  let count = 0;
  while (lines < targetLines) {
    copies++;
    for (const f of files) {
      if (lines >= targetLines) break;
      const to = path.join(into, `copy${copies}`, f.rel);
      mkdirSync(path.dirname(to), { recursive: true });
      copyFileSync(f.from, to);
      lines += f.lines;
      count++;
    }
  }
  return { lines, files: count, copies };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sources = (process.argv.length > 2 ? process.argv.slice(2) : (process.env.CITADEL_MIXED_SOURCES ?? '').split(':')).filter((s) => s && existsSync(s));
  if (sources.length === 0) {
    console.log('mixed-speed: skipped (pass checkouts of a few repositories, or set CITADEL_MIXED_SOURCES)');
    process.exit(0);
  }
  const target = Number(process.env.CITADEL_MIXED_LINES ?? 1_000_000);
  const work = mkdtempSync(path.join(tmpdir(), 'mixed-speed-'));
  try {
    const made = assemble(sources, target, work);
    console.log(`assembled ${made.files} files, ${made.lines} lines in ${made.copies} copies of ${sources.map((s) => path.basename(s)).join(', ')}`);
    const load = loadavg()[0]!.toFixed(2);
    const cpu0 = process.cpuUsage();
    const t0 = Date.now();
    const a = await engine.run({ files: [{ path: work, name: 'mixed' }] }, {}, {});
    const ms = Date.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const lines = Number(a.target.totalLines ?? 0);
    const langs = (a.target.languages as { language: string; files: number; lines: number }[]).map((l) => `${l.language} ${l.lines}`).join(', ');
    console.log(`languages: ${langs}`);
    const partial = a.unreadable.filter((u) => /budget|parse|timeout|failed/.test(u.reason)).length;
    // Every finding is kept (no per-rule cap): how many, and what the stored assessment (one JSON row) weighs.
    const evidence = a.findings.reduce((n, f) => n + f.evidence.length, 0);
    const omitted = a.findings.reduce((n, f) => n + (f.omittedEvidence ?? 0), 0);
    const j0 = Date.now();
    const stored = Buffer.byteLength(JSON.stringify(a));
    console.log(`findings kept: ${evidence.toLocaleString('en')} evidence entries (${omitted} omitted); stored assessment ${(stored / 1e6).toFixed(1)} MB of JSON, serialised in ${Date.now() - j0} ms`);
    console.log(`engine: ${lines} lines in ${(ms / 1000).toFixed(1)} s wall = ${Math.round(lines / (ms / 60_000)).toLocaleString('en')} lines/min; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s = ${Math.round(lines / ((cpu.user + cpu.system) / 60e6)).toLocaleString('en')} lines/CPU-min; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; findings ${a.findings.filter((f) => f.result === 'fail').length} rules; files only partly analysed ${partial}; load average at start ${load}, at end ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
