/** Starts the portal: migrations, first-start seed, API and web app on one port. */
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`Configuration error: ${(err as Error).message}`);
    process.exit(2);
  }
  const built = await buildApp(config);
  const { generatedAdminPassword } = built.seedResult;
  if (generatedAdminPassword) {
    // Printed once, on the start that created the account; only its hash is stored.
    console.log(`\n  First start: created user "admin" with the one-time password:\n\n      ${generatedAdminPassword}\n\n  You will be asked to change it at first sign-in.\n`);
  }
  await built.app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  console.log(`Citadel is listening on http://${shown}:${config.port}/ (API docs at /docs; database: ${built.services.database.dialect}; data: ${config.dataDir})`);

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    built.app.log.info(`${why}: shutting down`);
    // A close that hangs (a stuck connection or task) must not keep the port: give up after a while.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    try {
      await built.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGHUP', () => void stop('SIGHUP'));
  // Started by scripts/start.mjs with an IPC channel: when that process ends by any means, so do we.
  if (process.send) process.once('disconnect', () => void stop('npm start ended'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
