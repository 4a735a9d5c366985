/**
 * Builds the Fastify application. Tests call buildApp() and use inject() without
 * a port; main.ts calls it and listens.
 */
import { createMetrics } from './observability/metrics.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { type SeedResult, seed } from './domain/seed.ts';
import { type RouteRecord, registerAccessControl } from './http/access.ts';
import { registerDocs } from './http/docs.ts';
import { frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { DebugRequestLog, loggerOptions } from './http/logging.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { aaRoutes } from './http/routes/aa.ts';
import { analysisRoutes } from './http/routes/analysis.ts';
import { captchaRoutes } from './http/routes/captcha.ts';
import { downloadRoutes } from './http/routes/download.ts';
import { extRoutes } from './http/routes/ext.ts';
import { fileRoutes } from './http/routes/file.ts';
import { homeRoutes } from './http/routes/home.ts';
import { mbRoutes } from './http/routes/mb.ts';
import { reportRoutes } from './http/routes/report.ts';
import { sampleRoutes } from './http/routes/sample.ts';
import { registerWebSocket, socketRoutes } from './http/routes/socket.ts';
import { taskRoutes } from './http/routes/task.ts';
import { templateRoutes } from './http/routes/template.ts';
import { rulesRoutes } from './http/routes/rules.ts';
import { testHookRoutes } from './http/routes/test-hooks.ts';
import { uiRoutes } from './http/routes/ui.ts';
import { umRoutes } from './http/routes/um.ts';
import { userRoutes } from './http/routes/user.ts';
import { versionRoutes } from './http/routes/version.ts';
import { workOrderRoutes } from './http/routes/workorder.ts';
import { registerWebApp } from './http/web-app.ts';
import { type Services, createServices } from './services.ts';
import { cleanExpiredSamples, schedule } from './domain/samples/retention.ts';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Every API route with its declared access, for the permission walk test. */
  routes: RouteRecord[];
  seedResult: SeedResult;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** An already-open database (tests pass one per dialect); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (the security tests read them). */
  logStream?: { write(line: string): void };
}

/** JSON bodies are small (uploads have their own endpoints): 1 MiB is plenty and bounds parsing work. */
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database = opts.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...(config.databaseSchema ? { schema: config.databaseSchema } : {}) });
  await migrate(database.db as never, database.dialect);
  const seedResult = await seed(database.db, config.adminPassword);
  const services = createServices(config, database);

  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, opts.logStream),
    // Request lines at debug level, with secrets redacted (http/logging.ts).
    logController: new DebugRequestLog(),
    frameworkErrors,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, allowUnionTypes: true } },
  });
  const routes: RouteRecord[] = [];
  registerErrorHandling(app);
  // Metrics on the root context, before any route: a hook added inside a plugin sees only that plugin's routes
  // (the HTTP latency histogram measured /healthz, /readyz and /metrics alone).
  const metrics = createMetrics(app, database.db as never, services.taskEvents);
  app.addHook('onClose', async () => metrics.close());
  // Docs and static files come first: they are public by nature, and the access
  // hook below only sees (and demands declarations from) routes registered after it.
  await registerDocs(app);
  await registerWebApp(app, config.webDir);
  await registerWebSocket(app);
  // Before access control: a flood is refused before its token is looked up.
  await registerRateLimits(app, { signInPerMinute: config.rateSignInPerMinute, apiPerMinute: config.rateApiPerMinute, redisUrl: config.redisUrl, namespace: config.queuePrefix });
  registerAccessControl(app, services.auth, routes);
  // Licence enforcement (issue 30): module access and task creation; nothing is held without an uploaded licence.
  (await import('./http/routes/lic.ts')).registerLicenceEnforcement(app, services);

  const api = [uiRoutes, captchaRoutes, aaRoutes, extRoutes, userRoutes, umRoutes, fileRoutes, mbRoutes, sampleRoutes, taskRoutes, downloadRoutes, reportRoutes, socketRoutes, homeRoutes, workOrderRoutes, analysisRoutes, templateRoutes, rulesRoutes];
  for (const plugin of api) await app.register(plugin, services);
  await app.register(versionRoutes, services);
  await app.register((await import('./http/routes/ops.ts')).opsRoutes(metrics), services);
  await app.register((await import('./http/routes/vulndb.ts')).vulndbRoutes, services);
  await app.register((await import('./http/routes/whitebox.ts')).whiteboxRoutes, services);
  await app.register((await import('./http/routes/jiagu.ts')).jiaguRoutes, services);
  await app.register((await import('./http/routes/network.ts')).networkRoutes, services);
  await app.register((await import('./http/routes/f.ts')).firmwareRoutes, services);
  await app.register((await import('./http/routes/uass.ts')).uassRoutes, services);
  await app.register((await import('./http/routes/rdm.ts')).rdmRoutes, services);
  await app.register((await import('./http/routes/ii.ts')).iiRoutes, services);
  await app.register((await import('./http/routes/notice.ts')).noticeRoutes, services);
  await app.register((await import('./http/routes/lic.ts')).licenceRoutes, services);
  if (config.testHooks) await app.register(testHookRoutes, services);
  await app.ready();
  await services.uploads.recoverInterrupted();
  const retention = schedule(
    async () => {
      // Retention days come from the evaluation settings at each run (no restart needed).
      await cleanExpiredSamples(services.samples.repo, services.storage, await services.rules.settings.retentionDays());
      await services.uploads.cleanAbandoned();
    },
    config.retentionIntervalMinutes * 60_000,
    (err) => app.log.error({ err }, 'retention job failed'),
  );
  await services.taskRuntime.start();
  services.reports.worker.start();

  return {
    app,
    services,
    routes,
    seedResult,
    async close() {
      retention.stop();
      await services.taskRuntime.stop();
      await services.reports.worker.stop();
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}
