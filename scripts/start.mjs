#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing or older than its
 * sources, then runs the server (API + web app on one port) as a child, passing
 * signals through. Stopping `npm start` by its pid stops the server too (issue 19):
 * the next start finds the port free.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const built = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(built)) return true;
  const sources = [path.join(webDir, 'src'), path.join(root, 'packages/contracts/src')];
  const inputs = Math.max(...sources.map(newestMtime), statSync(path.join(webDir, 'index.html')).mtimeMs);
  return inputs > statSync(built).mtimeMs;
}

if (!process.env.CITADEL_WEB_DIR && webBuildIsStale()) {
  console.log('Building the web app …');
  const r = spawnSync('npm', ['run', 'build', '-w', '@citadel/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// `--build-only`: used by the browser tests to make sure the built app is current.
if (process.argv.includes('--build-only')) process.exit(0);

// The server gets an IPC channel: when this process goes away by any means (even
// SIGKILL), the channel closes and the server shuts down instead of keeping the port.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { cwd: process.cwd(), stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
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
