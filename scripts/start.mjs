#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources (the web app,
 * and the server bundle in dist/ — see build.mjs), then runs the built server
 * (API + web app on one port) with plain Node as a child, passing signals
 * through. Stopping `npm start` by its pid stops the server too (issue 19): the
 * next start finds the port free.
 *
 *   --build-only   make sure the web app's build is current and exit (browser tests)
 *   --worker       run the task worker (dist/worker.js) instead of the portal
 *   --from-source  run the TypeScript sources through tsx (no server build)
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { DIST, ROOT, buildState } from './build/stamp.mjs';
import { WEB_BUILT, webBuildIsStale } from './build/web.mjs';

const args = new Set(process.argv.slice(2));
const worker = args.has('--worker');
const fromSource = args.has('--from-source');

function build(extra) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), ...extra], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!worker && !process.env.CITADEL_WEB_DIR && webBuildIsStale()) {
  console.log('Building the web app …');
  const r = spawnSync('npm', ['run', 'build', '-w', '@citadel/web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// `--build-only`: used by the browser tests to make sure the built app is current.
if (args.has('--build-only')) process.exit(0);

if (!fromSource && buildState() !== 'current') build(['--server-only']);

// The built server finds the web app through CITADEL_WEB_DIR (its own location is dist/, not apps/server/src).
const env = { ...process.env, CITADEL_WEB_DIR: process.env.CITADEL_WEB_DIR || path.dirname(WEB_BUILT) };
const entry = fromSource
  ? ['--import', 'tsx', path.join(ROOT, worker ? 'apps/server/src/worker-main.ts' : 'apps/server/src/main.ts')]
  : [path.join(DIST, worker ? 'worker.js' : 'server.js')];

// The server gets an IPC channel: when this process goes away by any means (even
// SIGKILL), the channel closes and the server shuts down instead of keeping the port.
const server = spawn(process.execPath, ['--enable-source-maps', ...entry], { cwd: process.cwd(), env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
const stopServer = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopServer(signal === 'SIGHUP' ? 'SIGTERM' : signal));
// `kill <pid of npm start>` stops npm without passing the signal on (its shell child may
// not forward it): when our parent is gone we are re-parented, and stop the server.
const parent = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid !== parent) stopServer('SIGTERM');
}, 500);
orphanWatch.unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
