/** The composition root: one place that builds every domain service from the config and the database. */
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
import { DashboardService } from './domain/dashboard/index.ts';
import { SampleService } from './domain/samples/sample-service.ts';
import { SamplesRepository } from './domain/samples/samples-repository.ts';
import { TaskService } from './domain/tasks/task-service.ts';
import { TemplateRepository, TemplateService } from './domain/templates/index.ts';
import { type TestingRules, createTestingRules } from './domain/testing-rules/index.ts';
import { type Reports, createReports } from './domain/reports/index.ts';
import { ChunkedUploads } from './domain/uploads/index.ts';
import { WorkOrderService } from './domain/workorders/index.ts';
import { type TaskRuntime, createTaskRuntime, extraEngineFiles } from './jobs/runtime.ts';
import type { TaskEvents } from './jobs/task-events.ts';
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
  /** Queue, worker (embedded mode) and event bridge; buildApp starts and stops it. */
  taskRuntime: TaskRuntime;
  /** Report jobs and the download center (issue 9). */
  reports: Reports;
  /** Overview, statistics, workbench lists (issue 11). */
  dashboard: DashboardService;
  /** Work orders, completed by their linked tasks' events (issue 11). */
  workOrders: WorkOrderService;
  templates: TemplateService;
  /** Whitelists, SDK library, sensitive words and evaluation settings (issue 10). */
  rules: TestingRules;
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

  const taskRuntime = createTaskRuntime(config, database, samples.repo, storage, 'portal');
  const sampleInfo = async (id: number) => {
    const s = await samples.repo.findById({ isAdmin: true, customerId: 0 }, id);
    return s && { id: s.id, customer_id: s.customer_id, name: s.name, size: s.size, md5: s.md5, cleaned: s.cleaned === 1 };
  };
  const rules = createTestingRules(db, { task_timeout_seconds: config.taskTimeoutSeconds, concurrency: config.workerConcurrency, retention_days: config.retentionDays });
  const templates = new TemplateService(new TemplateRepository(db), (platform) => rules.settings.defaultTemplate(platform), extraEngineFiles(config));
  const tasks = new TaskService(taskRuntime.repo, taskRuntime.events, sampleInfo, (task) => taskRuntime.queued(task), extraEngineFiles(config), (who, platform, id) => templates.resolveForTask(who, platform, id));
  return { config, database, users, roles, customers, siteConfig: new SiteConfigRepository(db), audit, sessions, captcha, loginKeys, auth, storage, samples, uploads, taskEvents: taskRuntime.events, tasks, taskRuntime, reports: createReports(config, database, storage, { reportDefaults: () => rules.settings.current(), events: taskRuntime.events }), dashboard: new DashboardService(database), workOrders: new WorkOrderService(db, taskRuntime.events), templates, rules };
}
