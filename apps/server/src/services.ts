/** The composition root: one place that builds every domain service from the config and the database. */
import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AuditLog } from './db/repositories/audit-log.ts';
import { CustomersRepository } from './db/repositories/customers.ts';
import { RolesRepository } from './db/repositories/roles.ts';
import { SiteConfigRepository } from './db/repositories/site-config.ts';
import { UsersRepository } from './db/repositories/users.ts';
import { AuthService } from './domain/auth/auth-service.ts';
import { LoginKeys } from './domain/auth/login-keys.ts';
import { Sessions } from './domain/auth/sessions.ts';
import { CaptchaService } from './domain/captcha/captcha-service.ts';
import { SampleService } from './domain/samples/sample-service.ts';
import { SamplesRepository } from './domain/samples/samples-repository.ts';
import { TaskRepository } from './domain/tasks/task-repository.ts';
import { TaskService } from './domain/tasks/task-service.ts';
import { ChunkedUploads } from './domain/uploads/index.ts';
import { sampleFetcher } from './jobs/sample-input.ts';
import { TaskEvents } from './jobs/task-events.ts';
import { DefaultInputResolver } from './jobs/task-input.ts';
import { TaskWorker } from './jobs/worker.ts';
import { type ObjectStorage, createStorage } from './storage/index.ts';

export interface Services {
  config: Config;
  database: Database;
  users: UsersRepository;
  roles: RolesRepository;
  customers: CustomersRepository;
  siteConfig: SiteConfigRepository;
  audit: AuditLog;
  sessions: Sessions;
  captcha: CaptchaService;
  loginKeys: LoginKeys;
  auth: AuthService;
  storage: ObjectStorage;
  samples: SampleService;
  uploads: ChunkedUploads;
  taskEvents: TaskEvents;
  tasks: TaskService;
  /** The embedded worker; started by buildApp when config.embeddedWorker is on. */
  worker: TaskWorker;
}

/** Test-only engines the engine children load (CITADEL_EXTRA_ENGINES is honoured only with test hooks on). */
function extraEngineFiles(config: Config): string[] {
  return config.testHooks ? (process.env.CITADEL_EXTRA_ENGINES ?? '').split(',').filter(Boolean) : [];
}

export function createServices(config: Config, database: Database): Services {
  const { db } = database;
  const users = new UsersRepository(db);
  const roles = new RolesRepository(db);
  const customers = new CustomersRepository(db);
  const audit = new AuditLog(db);
  const sessions = new Sessions(db, config.sessionTtlHours * 3600_000, config.idleTimeoutMinutes * 60_000);
  const captcha = new CaptchaService(db, config.captchaTtlSeconds, config.testHooks);
  const loginKeys = new LoginKeys(db);
  const auth = new AuthService(config, users, roles, customers, sessions, captcha, loginKeys, audit);
  const storage = createStorage(config);
  const samples = new SampleService(new SamplesRepository(db), storage);
  const uploads = new ChunkedUploads(db, samples, config.dataDir, config.uploadMaxMb);

  const taskRepo = new TaskRepository(db, database.dialect);
  const taskEvents = new TaskEvents();
  const extras = extraEngineFiles(config);
  const worker = new TaskWorker(taskRepo, new DefaultInputResolver(sampleFetcher(samples.repo, storage, path.join(config.dataDir, 'work'))), taskEvents, {
    concurrency: config.workerConcurrency,
    timeoutMs: config.taskTimeoutSeconds * 1000,
    memoryMb: config.taskMemoryMb,
    leaseMs: 30_000,
    pollMs: 1000,
    childEnv: { CITADEL_EXTRA_ENGINES: extras.join(',') },
  });
  const sampleInfo = async (id: number) => {
    const s = await samples.repo.findById({ isAdmin: true, customerId: 0 }, id);
    return s && { id: s.id, customer_id: s.customer_id, name: s.name, size: s.size, md5: s.md5, cleaned: s.cleaned === 1 };
  };
  const tasks = new TaskService(taskRepo, taskEvents, sampleInfo, () => worker.notify(), extras);
  return { config, database, users, roles, customers, siteConfig: new SiteConfigRepository(db), audit, sessions, captcha, loginKeys, auth, storage, samples, uploads, taskEvents, tasks, worker };
}
