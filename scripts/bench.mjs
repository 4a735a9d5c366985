#!/usr/bin/env node
/**
 * `npm run bench [-- filter]`: runs every benchmark file (`bench/*.bench.ts` in
 * apps/ and packages/, `bench/*.bench.mjs` in scripts/), each in its own process so its peak RSS is its own.
 * Benchmarks print medians and peak RSS; they are never part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filter = process.argv[2] ?? '';

function find(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) find(p, out);
    else if (/\.bench\.(ts|mjs)$/.test(entry.name) && path.basename(path.dirname(p)) === 'bench') out.push(p);
  }
  return out;
}

// scripts/bench: the product's default path (build, CLI start, APK scan against apktool).
const files = ['apps', 'packages', 'scripts'].flatMap((d) => find(path.join(root, d))).filter((f) => f.includes(filter)).sort();
if (files.length === 0) {
  console.log(`no benchmark matches "${filter}"`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${path.relative(root, file)} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', file, ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' });
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s, exit ${r.status})`);
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
