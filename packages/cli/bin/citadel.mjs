#!/usr/bin/env node
/**
 * The `citadel` command (npm bin of @citadel/cli; `npm run scan` too). Runs the
 * built CLI (dist/citadel.js from `npm run build`) when it is current; when it
 * is missing or older than its sources, runs the TypeScript sources through tsx
 * instead, so a checkout never runs stale code. CITADEL_FROM_SOURCE=1 forces
 * the sources (development).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ROOT, buildState } from '../../../scripts/build/stamp.mjs';

const state = process.env.CITADEL_FROM_SOURCE === '1' ? 'skipped' : buildState();
if (state === 'current') {
  await import(pathToFileURL(path.join(DIST, 'citadel.js')).href);
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    if (state === 'stale') {
      process.stderr.write('citadel: the build in dist/ is older than the sources and tsx is not installed; running the build anyway (npm run build to refresh)\n');
      await import(pathToFileURL(path.join(DIST, 'citadel.js')).href);
    } else {
      process.stderr.write('citadel: not built (run npm run build) and tsx is not installed\n');
      process.exit(4);
    }
  }
  if (register) {
    register();
    await import(pathToFileURL(path.join(ROOT, 'packages/cli/src/main.ts')).href);
  }
}
