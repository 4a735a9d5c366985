/**
 * The build stamp (dist/build-stamp.json): the source files a build was made
 * from. A build is current when none of them is newer than it; a source that is
 * absent (an install of the built files only, e.g. the container image) does
 * not count. Checking the bundle's own inputs (a few hundred stat calls) is
 * exact — a new source file only matters once an existing one imports it, and
 * that one then is newer — and cheap enough for every CLI start.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, 'build-stamp.json');

/** Records the inputs (paths relative to the repository root) of the build just made. */
export function writeStamp(inputs) {
  writeFileSync(STAMP, `${JSON.stringify({ builtAt: new Date().toISOString(), node: process.version, inputs: [...inputs].sort() }, null, 1)}\n`);
}

/** Whether dist/ holds a build at least as new as its sources ('missing', 'stale' or 'current'). */
export function buildState() {
  if (!existsSync(STAMP)) return 'missing';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return 'missing';
  }
  const builtAt = statSync(STAMP).mtimeMs;
  for (const rel of stamp.inputs ?? []) {
    let m;
    try {
      m = statSync(path.join(ROOT, rel)).mtimeMs;
    } catch {
      continue;
    }
    if (m > builtAt) return 'stale';
  }
  return 'current';
}
