/**
 * `npm run worker`: a process that only runs tasks. With REDIS_URL it takes
 * BullMQ jobs; otherwise it polls the shared database (PostgreSQL; with SQLite
 * only on the same machine as the portal). Start as many as you like on any
 * machine that reaches the database, Redis and the object storage.
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { SamplesRepository } from './domain/samples/samples-repository.ts';
import { createTaskRuntime } from './jobs/runtime.ts';
import { createStorage } from './storage/index.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...(config.databaseSchema ? { schema: config.databaseSchema } : {}) });
  await migrate(database.db as never, database.dialect);
  const runtime = createTaskRuntime(config, database, new SamplesRepository(database.db), createStorage(config), 'worker');
  await runtime.start();
  const mode = config.redisUrl ? `BullMQ on ${new URL(config.redisUrl).host}` : `polling the ${database.dialect} database`;
  console.log(`Citadel worker ${runtime.worker?.owner} running up to ${config.workerConcurrency} tasks at once (${mode})`);
  const stop = async () => {
    await runtime.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
