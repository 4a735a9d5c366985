/** Whether the web app's build (apps/web/dist) is missing or older than its sources. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './stamp.mjs';

const webDir = path.join(ROOT, 'apps/web');
export const WEB_BUILT = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(WEB_BUILT)) return true;
  // No sources (an install of the built files only): the build is what there is.
  if (!existsSync(path.join(webDir, 'src'))) return false;
  const sources = [path.join(webDir, 'src'), path.join(ROOT, 'packages/contracts/src')];
  const inputs = Math.max(...sources.map(newestMtime), statSync(path.join(webDir, 'index.html')).mtimeMs);
  return inputs > statSync(WEB_BUILT).mtimeMs;
}
