/**
 * The loader run in a child process to load one entry point and describe
 * what it exports: the sorted export names with the type of each (for
 * `require`: module.exports and its own keys; for `import`: the namespace).
 * It runs under Node's permission model (file reads limited to the project
 * folder and this script, no child processes, no workers) and prints its
 * answer after a marker line, so output the module itself prints is ignored.
 * An optional clock shift moves Date.now to check an expiry lock.
 */
export const PROBE_MARKER = '@@citadel-probe@@';

export const PROBE_SOURCE = `'use strict';
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const [mode, root, target, at] = process.argv.slice(2);
if (at) { const shift = Number(at) - Date.now(); const real = Date.now; Date.now = () => real() + shift; }
const describe = (v) => {
  const keys = v !== null && (typeof v === 'object' || typeof v === 'function') ? Object.keys(v).sort() : [];
  return { type: typeof v, exports: keys.map((k) => { let t; try { t = typeof v[k]; } catch { t = 'throws'; } return k + ':' + t; }) };
};
const answer = (o) => { process.stdout.write('\\n${PROBE_MARKER}' + JSON.stringify(o) + '\\n', () => process.exit(0)); };
(async () => {
  const abs = path.resolve(root, target);
  const resolved = require.resolve(abs);
  const m = mode === 'require' ? require(resolved) : await import(pathToFileURL(resolved).href);
  answer({ ok: true, ...describe(m) });
})().catch((e) => {
  const msg = String(e && e.message || e).split('\\n')[0].split(root).join('<project>').slice(0, 300);
  answer({ ok: false, error: (e && (e.code || e.name)) || 'Error', message: msg });
});
`;
