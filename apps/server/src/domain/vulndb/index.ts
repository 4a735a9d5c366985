/**
 * System → 漏洞库: the portal side of @citadel/vulndb — per-source overview,
 * background imports (an uploaded zip, a folder on the server, the optional
 * mirror), the mirror settings, and look-ups for the admin screen. The data is
 * global (the same for every customer); changing it is for the platform admin.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type SourceStats, SqlStore, importIntoDatabase, parsePurl, vulnerabilityDataFromStore, type Vulnerability, type VulnTables } from '@citadel/vulndb';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { type ImportJob, type JobKind, displayUrl, finishedJob } from './jobs.ts';
import { downloadTo } from './mirror.ts';

export { vulnDataDescriptor } from './descriptor.ts';
export type { ImportJob } from './jobs.ts';

export interface MirrorSettings {
  /** http(s) URL of a zip (OSV all.zip or a zip of NVD JSON); empty = off. */
  url: string;
  /** Hours between fetches; 0 = off. */
  intervalHours: number;
  lastFetchAt?: number;
}

export interface Overview {
  sources: (SourceStats & { ageDays?: number })[];
  total: number;
  job?: ImportJob;
  mirror: MirrorSettings;
}

export type LookupQuery = { purl: string } | { ecosystem: string; name: string; version: string } | { component: string; version: string } | { vendor: string; model: string; firmware: string };

const LAST_JOB = 'last_job';
const MIRROR = 'mirror';
const DAY = 86_400_000;

export class VulnDataService {
  private readonly db: Kysely<VulnTables>;
  private job: ImportJob | undefined;
  private running: Promise<void> | undefined;
  private readonly ac = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {
    this.db = database.db as unknown as Kysely<VulnTables>;
  }

  private async getSetting<T>(key: string): Promise<T | undefined> {
    const row = await this.db.selectFrom('vuln_settings').select('value').where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    try {
      return JSON.parse(row.value) as T;
    } catch {
      return undefined;
    }
  }

  private async putSetting(key: string, value: unknown): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('vuln_settings').where('key', '=', key).execute();
      await trx.insertInto('vuln_settings').values({ key, value: JSON.stringify(value) }).execute();
    });
  }

  async overview(): Promise<Overview> {
    const store = new SqlStore(this.database.db as never);
    const now = this.now();
    const sources = (await store.stats()).map((s) => ({ ...s, ...(s.newestModified ? { ageDays: Math.floor((now - Date.parse(s.newestModified)) / DAY) } : {}) }));
    const job = this.job ?? (await this.lastJob());
    return { sources, total: sources.reduce((n, s) => n + s.records, 0), ...(job ? { job } : {}), mirror: await this.mirror() };
  }

  private async lastJob(): Promise<ImportJob | undefined> {
    const j = await this.getSetting<ImportJob>(LAST_JOB);
    // Stored as running means the process stopped during the import.
    return j && j.status === 'running' ? { ...j, status: 'failed', error: 'interrupted' } : j;
  }

  async mirror(): Promise<MirrorSettings> {
    return (await this.getSetting<MirrorSettings>(MIRROR)) ?? { url: '', intervalHours: 0 };
  }

  async setMirror(url: string, intervalHours: number): Promise<MirrorSettings> {
    if (url) {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        fail('illegal_parameter', 'url');
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') fail('illegal_parameter', 'url');
    }
    if (!Number.isInteger(intervalHours) || intervalHours < 0 || intervalHours > 24 * 90) fail('illegal_parameter', 'interval_hours');
    const old = await this.mirror();
    const next: MirrorSettings = { url, intervalHours, ...(old.lastFetchAt ? { lastFetchAt: old.lastFetchAt } : {}) };
    await this.putSetting(MIRROR, next);
    return next;
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Starts importing a server-side file or folder; returns at once with the job. */
  async importFolder(p: string): Promise<ImportJob> {
    const abs = path.resolve(p);
    const st = await stat(abs).catch(() => undefined);
    if (!st || (!st.isDirectory() && !st.isFile())) fail('not_found', 'path');
    return this.start('folder', abs, abs);
  }

  /** Starts importing an uploaded file (moved under the data folder); the file is removed afterwards. */
  async importUpload(file: string, name: string): Promise<ImportJob> {
    return this.start('upload', name, file, async () => {
      await rm(file, { force: true });
    });
  }

  /** Fetches the mirror's file now and imports it. */
  async importMirror(): Promise<ImportJob> {
    const m = await this.mirror();
    if (!m.url) fail('illegal_parameter', 'url');
    const dir = await this.uploadDir();
    const file = path.join(dir, `mirror-${randomBytes(6).toString('hex')}.zip`);
    return this.start('mirror', displayUrl(m.url), file, async () => {
      await rm(file, { force: true });
    }, async (signal) => {
      await downloadTo(m.url, file, signal);
      await this.putSetting(MIRROR, { ...(await this.mirror()), lastFetchAt: this.now() });
    });
  }

  /** Where uploads and mirror files wait for their import. */
  async uploadDir(): Promise<string> {
    const dir = path.join(this.config.dataDir, 'vulndb-imports');
    await mkdir(dir, { recursive: true });
    return dir;
  }

  private async start(kind: JobKind, label: string, file: string, cleanup?: () => Promise<void>, before?: (signal: AbortSignal) => Promise<void>): Promise<ImportJob> {
    if (this.running) {
      await cleanup?.();
      fail('operation_failed', 'an import is already running');
    }
    const job: ImportJob = { id: randomBytes(6).toString('hex'), kind, label, status: 'running', percentage: 0, read: 0, added: 0, updated: 0, unchanged: 0, bad: 0, badExamples: [], startedAt: this.now() };
    this.job = job;
    await this.putSetting(LAST_JOB, job);
    const run = async (): Promise<void> => {
      try {
        await before?.(this.ac.signal);
        const res = await importIntoDatabase(this.database.db as never, file, {
          signal: this.ac.signal,
          now: this.now,
          onProgress: (p) => {
            this.job = { ...this.job!, percentage: Math.min(99, Math.floor(p.fraction * 100)), read: p.read, added: p.added, updated: p.updated, unchanged: p.unchanged, bad: p.bad };
          },
        });
        this.job = finishedJob(this.job!, res, this.now());
      } catch (e) {
        this.job = { ...this.job!, status: 'failed', finishedAt: this.now(), error: (e as Error).message.slice(0, 300) };
        this.log('vulnerability data import failed', e);
      } finally {
        await cleanup?.().catch(() => {});
        await this.putSetting(LAST_JOB, this.job).catch(() => {});
        this.running = undefined;
      }
    };
    this.running = run();
    return job;
  }

  /** Waits for the running import (tests, shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Checks every few minutes whether the mirror is due (only when a URL and an interval are set). */
  startSchedule(checkMs = 5 * 60_000): void {
    this.timer = setInterval(() => {
      void (async () => {
        const m = await this.mirror();
        if (!m.url || m.intervalHours <= 0 || this.running) return;
        if (m.lastFetchAt && this.now() - m.lastFetchAt < m.intervalHours * 3600_000) return;
        await this.importMirror();
      })().catch((e) => this.log('vulnerability mirror check failed', e));
    }, checkMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.ac.abort();
    await this.running;
  }

  /** Look-ups for the admin screen and API clients: a purl, a package, a component or a device. */
  async lookup(q: LookupQuery): Promise<{ query: string; vulnerabilities: Vulnerability[] }> {
    const data = vulnerabilityDataFromStore(new SqlStore(this.database.db as never));
    if ('purl' in q) {
      const parsed = parsePurl(q.purl);
      if (!parsed) fail('illegal_parameter', 'purl');
      const [m] = await data.matchPackages([parsed]);
      return { query: q.purl, vulnerabilities: m!.vulnerabilities };
    }
    if ('ecosystem' in q) {
      const [m] = await data.matchPackages([q]);
      return { query: `${q.ecosystem}/${q.name}@${q.version}`, vulnerabilities: m!.vulnerabilities };
    }
    const queries = 'component' in q ? data.cpesForComponent(q.component, q.version) : data.cpesForDevice(q.vendor, q.model, q.firmware);
    if (queries.length === 0) return { query: 'component' in q ? `${q.component} ${q.version}` : `${q.vendor} ${q.model} ${q.firmware}`, vulnerabilities: [] };
    const [first, ...context] = queries;
    const vulns = await data.matchCpe(first!, context);
    return { query: `cpe:2.3:${first!.part ?? '*'}:${first!.vendor}:${first!.product}:${first!.version}`, vulnerabilities: vulns };
  }

  /** Number of records, for tests and health checks. */
  async count(): Promise<number> {
    const r = await sql<{ n: number }>`select count(*) as n from vuln_records`.execute(this.database.db);
    return Number(r.rows[0]?.n ?? 0);
  }
}
