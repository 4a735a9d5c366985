/** Starts the portal: migrations, first-start seed, API and web app on one port. */
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

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

  const stop = async (signal: string) => {
    built.app.log.info(`${signal}: shutting down`);
    await built.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
