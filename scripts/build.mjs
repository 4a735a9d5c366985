#!/usr/bin/env node
/**
 * `npm run build`: the web app (Vite, apps/web/dist) and the server, worker,
 * child-process entries and CLI as JavaScript bundles (dist/, see
 * build/bundle.mjs). `--server-only` skips the web app; `--if-stale` builds
 * only what is older than its sources (npm start uses it).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bundle } from './build/bundle.mjs';
import { DIST, ROOT, buildState, writeStamp } from './build/stamp.mjs';
import { webBuildIsStale } from './build/web.mjs';

const args = new Set(process.argv.slice(2));
const ifStale = args.has('--if-stale');

if (!args.has('--server-only') && (!ifStale || webBuildIsStale())) {
  console.log('Building the web app …');
  const r = spawnSync('npm', ['run', 'build', '-w', '@citadel/web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!ifStale || buildState() !== 'current') {
  const started = Date.now();
  console.log('Building the server, engines and CLI …');
  const meta = await bundle(ROOT, DIST);
  const inputs = Object.keys(meta.inputs).map((p) => path.relative(ROOT, path.resolve(ROOT, p)));
  writeStamp(inputs);
  const bytes = Object.entries(meta.outputs).filter(([file]) => !file.endsWith('.map')).reduce((n, [, o]) => n + o.bytes, 0);
  console.log(`Built ${inputs.length} source files into dist/ (${(bytes / 1e6).toFixed(1)} MB of JavaScript) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
