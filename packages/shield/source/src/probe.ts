/**
 * The loader run in a child process to load the entry points of one tree,
 * one after the other (one process per tree: start-up dominates), and describe
 * what each exports: the sorted export names with the type of each (for
 * `require`: module.exports and its own keys; for `import`: the namespace).
 * It runs under Node's permission model (file reads limited to the project
 * folder and this script, no child processes, no workers) and prints each
 * answer after a marker line with the entry's index, so output the modules
 * print themselves is ignored; an entry that hangs leaves the later ones
 * without an answer (reported as still running at the time limit).
 * An optional clock shift moves Date.now to check an expiry lock.
 */
export const PROBE_MARKER = '@@citadel-probe@@';

export const PROBE_SOURCE = `'use strict';
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const [root, list, at] = process.argv.slice(2);
if (at) { const shift = Number(at) - Date.now(); const real = Date.now; Date.now = () => real() + shift; }
const describe = (v) => {
  const keys = v !== null && (typeof v === 'object' || typeof v === 'function') ? Object.keys(v).sort() : [];
  return { type: typeof v, exports: keys.map((k) => { let t; try { t = typeof v[k]; } catch { t = 'throws'; } return k + ':' + t; }) };
};
const answer = (i, o) => new Promise((done) => process.stdout.write('\\n${PROBE_MARKER}' + i + ' ' + JSON.stringify(o) + '\\n', done));
(async () => {
  const entries = JSON.parse(list);
  for (let i = 0; i < entries.length; i++) {
    const [mode, target] = entries[i];
    let o;
    try {
      const resolved = require.resolve(path.resolve(root, target));
      const m = mode === 'require' ? require(resolved) : await import(pathToFileURL(resolved).href);
      o = { ok: true, ...describe(m) };
    } catch (e) {
      const msg = String((e && e.message) || e).split('\\n')[0].split(root).join('<project>').slice(0, 300);
      o = { ok: false, error: (e && (e.code || e.name)) || 'Error', message: msg };
    }
    await answer(i, o);
  }
  process.exit(0);
})();
`;
