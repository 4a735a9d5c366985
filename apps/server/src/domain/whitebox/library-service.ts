/**
 * White-box libraries (SPEC §3, §5): created from an enabled symmetric key of
 * the caller's customer, generated in the background (one at a time per portal,
 * in a child process), verified before they count as generated, downloadable as
 * one zip. Generation status: queued → generating → succeeded | failed; usage
 * status: enabled | disabled. A static library keeps its table seed (sealed like
 * a key) so regenerating gives the same tables; a dynamic one is re-randomised
 * on every generation.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LibraryOptions, LOGO_RE, checkOptions, openSecret, parseIdLines, sealSecret } from '@citadel/whitebox';
import { type Kysely, type Selectable, sql } from 'kysely';
import { fail } from '../../http/app-error.ts';
import type { ObjectStorage } from '../../storage/index.ts';
import type { Identity } from '../auth/auth-service.ts';
import { LIBRARY_RESOURCE, assertGrant, assertVisible, likePattern, mayDelete, scopeOf } from './access.ts';
import { runGeneration } from './generation-job.ts';
import type { KeyService } from './key-service.ts';
import type { WhiteboxDB, WhiteboxLibrariesTable } from './schema.ts';

export const KEY_ALGORITHM_TO_LIBRARY: Record<string, LibraryOptions['algorithm']> = { 'AES-128': 'aes128', 'AES-192': 'aes192', 'AES-256': 'aes256', SM4: 'sm4' };
export const PLATFORMS = ['android', 'ios', 'linux'] as const;

export interface LibraryInput {
  name: string;
  logo: string;
  key_id: number;
  platforms: string[];
  directions: string[];
  modes: string[];
  padding: string;
  preference: string;
  build_type: string;
  android_packages: string;
  ios_bundle_ids: string;
  anti_theft: boolean;
}

type Row = Selectable<WhiteboxLibrariesTable>;

export interface LibraryView {
  id: number;
  name: string;
  logo: string;
  key_id: number;
  key_name: string;
  algorithm: string;
  platforms: string[];
  directions: string[];
  modes: string[];
  padding: string;
  preference: string;
  build_type: string;
  android_packages: string[];
  ios_bundle_ids: string[];
  anti_theft: boolean;
  usage_status: string;
  generation_status: string;
  progress: number;
  step: string;
  fail_msg: string;
  table_bytes: number | null;
  file_size: number | null;
  user: string;
  created_at: number;
  finished_at: number | null;
  deletable: boolean;
}

const csv = (s: string) => s.split(',').filter(Boolean);
const msg = (zh: string, en: string) => JSON.stringify({ zh, en });

export interface GenerationLimits {
  timeoutMs: number;
  memoryMb: number;
  dcaTraces: number;
}

export class LibraryService {
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<WhiteboxDB>,
    private readonly keys: KeyService,
    private readonly storage: ObjectStorage,
    private readonly master: () => Buffer,
    private readonly limits: GenerationLimits,
    private readonly log: (msg: string) => void,
  ) {}

  /**
   * Generations whose portal stopped are over. While a library is queued or
   * generating, finished_at holds when it was queued or started; one generating
   * past the time limit (plus a minute), or queued for a day, is marked failed. Portals sharing a
   * database thus never fail each other's running generations; this runs at
   * start and every five minutes.
   */
  async sweepStale(): Promise<void> {
    await this.db
      .updateTable('whitebox_libraries')
      .set({ generation_status: 'failed', step: '', fail_msg: msg('生成被中断（服务停止或超时），请重新生成', 'generation interrupted (the portal stopped or it timed out); generate again'), finished_at: Date.now() })
      .where((eb) =>
        eb.or([
          // generating: finished_at is when it started; queued: when it was queued (a long queue may wait a day)
          eb.and([eb('generation_status', '=', 'generating'), eb.or([eb('finished_at', 'is', null), eb('finished_at', '<', Date.now() - this.limits.timeoutMs - 60_000)])]),
          eb.and([eb('generation_status', '=', 'queued'), eb.or([eb('finished_at', 'is', null), eb('finished_at', '<', Date.now() - 24 * 3600_000)])]),
        ]),
      )
      .execute();
  }

  startSweeper(): void {
    void this.sweepStale().catch((err) => this.log(`white-box sweep failed: ${(err as Error).message}`));
    this.sweeper = setInterval(() => void this.sweepStale().catch(() => undefined), 5 * 60_000);
    this.sweeper.unref();
  }

  close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    return this.queue;
  }

  private view(who: Identity, r: Row & { key_name: string | null; user_name: string | null }, lang: 'zh' | 'en'): LibraryView {
    let fm = '';
    if (r.fail_msg) {
      try {
        fm = (JSON.parse(r.fail_msg) as Record<string, string>)[lang] ?? '';
      } catch {
        fm = '';
      }
    }
    return {
      id: r.id,
      name: r.name,
      logo: r.logo,
      key_id: r.key_id,
      key_name: r.key_name ?? '',
      algorithm: r.algorithm,
      platforms: csv(r.platforms),
      directions: csv(r.directions),
      modes: csv(r.modes),
      padding: r.padding,
      preference: r.preference,
      build_type: r.build_type,
      android_packages: parseIdLines(r.android_packages),
      ios_bundle_ids: parseIdLines(r.ios_bundle_ids),
      anti_theft: r.anti_theft === 1,
      usage_status: r.usage_status,
      generation_status: r.generation_status,
      progress: r.progress,
      step: r.step,
      fail_msg: fm,
      table_bytes: r.table_bytes,
      file_size: r.file_size === null ? null : Number(r.file_size),
      user: r.user_name ?? '',
      created_at: Number(r.created_at),
      finished_at: r.finished_at === null || (r.generation_status !== 'succeeded' && r.generation_status !== 'failed') ? null : Number(r.finished_at),
      deletable: mayDelete(who, r),
    };
  }

  private base() {
    return this.db
      .selectFrom('whitebox_libraries as l')
      .leftJoin('whitebox_keys as k', 'k.id', 'l.key_id')
      .leftJoin('users as u', 'u.id', 'l.created_by');
  }

  async list(who: Identity, req: { keyword?: string; page: number; page_size: number }, lang: 'zh' | 'en'): Promise<{ total: number; list: LibraryView[] }> {
    assertGrant(who, LIBRARY_RESOURCE, 'view');
    let q = this.base();
    const scope = scopeOf(who);
    if (scope !== undefined) q = q.where('l.customer_id', '=', scope);
    if (req.keyword) q = q.where((eb) => eb.or([eb('l.name', 'like', sql<string>`${likePattern(req.keyword!)} escape '\\'`), eb('l.logo', 'like', sql<string>`${likePattern(req.keyword!)} escape '\\'`)]));
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q.selectAll('l').select(['k.name as key_name', 'u.name as user_name']).orderBy('l.id', 'desc').limit(req.page_size).offset((req.page - 1) * req.page_size).execute();
    return { total, list: rows.map((r) => this.view(who, r, lang)) };
  }

  async detail(who: Identity, id: number, lang: 'zh' | 'en'): Promise<LibraryView & { report: unknown }> {
    assertGrant(who, LIBRARY_RESOURCE, 'view');
    const r = assertVisible(who, await this.base().selectAll('l').select(['k.name as key_name', 'u.name as user_name']).where('l.id', '=', id).executeTakeFirst());
    return { ...this.view(who, r, lang), report: r.report ? JSON.parse(r.report) : null };
  }

  async create(who: Identity, input: LibraryInput): Promise<{ id: number }> {
    assertGrant(who, LIBRARY_RESOURCE, 'add');
    const name = input.name.trim();
    if (!name) fail('field_required');
    const logo = input.logo.trim();
    if (!LOGO_RE.test(logo)) fail('illegal_parameter', 'logo');
    if (!input.platforms.length || input.platforms.some((p) => !(PLATFORMS as readonly string[]).includes(p))) fail('illegal_parameter', 'platforms');
    if (!['static', 'dynamic'].includes(input.build_type)) fail('illegal_parameter', 'build_type');
    const key = await this.keys.symmetricSecret(who, input.key_id);
    key.secret.fill(0);
    const algorithm = KEY_ALGORITHM_TO_LIBRARY[key.row.algorithm];
    if (!algorithm) fail('illegal_parameter', 'key');
    const options: LibraryOptions = {
      algorithm,
      directions: [...new Set(input.directions)] as LibraryOptions['directions'],
      modes: [...new Set(input.modes)] as LibraryOptions['modes'],
      padding: input.padding as LibraryOptions['padding'],
      preference: input.preference as LibraryOptions['preference'],
      logo,
      androidPackages: input.platforms.includes('android') ? parseIdLines(input.android_packages) : [],
      iosBundleIds: input.platforms.includes('ios') ? parseIdLines(input.ios_bundle_ids) : [],
    };
    const problem = checkOptions(options);
    if (problem) fail('illegal_parameter', problem);
    if (input.anti_theft && options.androidPackages.length + options.iosBundleIds.length === 0) fail('illegal_parameter', 'anti_theft needs bound apps');
    if (await this.db.selectFrom('whitebox_libraries').select('id').where('logo', '=', logo).executeTakeFirst()) fail('duplicate_field');
    const uid = randomBytes(16).toString('hex');
    const seal = input.build_type === 'static' ? sealSecret(this.master(), randomBytes(32), `seed:${uid}`) : undefined;
    let id: number;
    try {
      id = (
        await this.db
          .insertInto('whitebox_libraries')
          .values({
            uid,
            name: name.slice(0, 100),
            logo,
            key_id: key.row.id,
            algorithm,
            platforms: input.platforms.join(','),
            directions: options.directions.join(','),
            modes: options.modes.join(','),
            padding: options.padding,
            preference: options.preference,
            build_type: input.build_type,
            android_packages: options.androidPackages.join('\n'),
            ios_bundle_ids: options.iosBundleIds.join('\n'),
            anti_theft: input.anti_theft ? 1 : 0,
            usage_status: 'enabled',
            generation_status: 'queued',
            progress: 0,
            step: '',
            seed_wrapped: seal?.wrappedKey ?? null,
            seed_ciphertext: seal?.ciphertext ?? null,
            // while queued or generating: the time it was queued (see sweepStale)
            finished_at: Date.now(),
            customer_id: who.user.customer_id,
            created_by: who.user.id,
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } catch (err) {
      if (/unique|duplicate/i.test(String(err))) fail('duplicate_field');
      throw err;
    }
    this.enqueue(who, id);
    return { id };
  }

  async regenerate(who: Identity, id: number): Promise<void> {
    assertGrant(who, LIBRARY_RESOURCE, 'edit');
    const r = assertVisible(who, await this.db.selectFrom('whitebox_libraries').selectAll().where('id', '=', id).executeTakeFirst());
    if (r.generation_status === 'queued' || r.generation_status === 'generating') fail('illegal_parameter', 'generation running');
    await this.db.updateTable('whitebox_libraries').set({ generation_status: 'queued', progress: 0, step: '', fail_msg: null, finished_at: Date.now() }).where('id', '=', id).execute();
    this.enqueue(who, id);
  }

  async setUsage(who: Identity, id: number, status: 'enabled' | 'disabled'): Promise<void> {
    assertGrant(who, LIBRARY_RESOURCE, 'edit');
    assertVisible(who, await this.db.selectFrom('whitebox_libraries').select(['id', 'customer_id']).where('id', '=', id).executeTakeFirst());
    await this.db.updateTable('whitebox_libraries').set({ usage_status: status }).where('id', '=', id).execute();
  }

  async delete(who: Identity, ids: number[]): Promise<void> {
    assertGrant(who, LIBRARY_RESOURCE, 'delete');
    const rows: Row[] = [];
    for (const id of ids) {
      const row = assertVisible(who, await this.db.selectFrom('whitebox_libraries').selectAll().where('id', '=', id).executeTakeFirst());
      if (!mayDelete(who, row)) fail('unauthorized_operation');
      if (row.generation_status === 'queued' || row.generation_status === 'generating') fail('illegal_parameter', 'generation running');
      rows.push(row);
    }
    await this.db.deleteFrom('whitebox_libraries').where('id', 'in', ids).execute();
    for (const r of rows) if (r.storage_key) await this.storage.delete(r.storage_key).catch(() => undefined);
  }

  /** The package of a generated, enabled library. */
  async download(who: Identity, id: number): Promise<{ name: string; size: number; body: NodeJS.ReadableStream }> {
    assertGrant(who, LIBRARY_RESOURCE, 'download');
    const r = assertVisible(who, await this.db.selectFrom('whitebox_libraries').selectAll().where('id', '=', id).executeTakeFirst());
    if (r.generation_status !== 'succeeded' || !r.storage_key) fail('file_not_found');
    if (r.usage_status !== 'enabled') fail('illegal_operation');
    return { name: `${r.logo}.zip`, size: Number(r.file_size ?? 0), body: await this.storage.get(r.storage_key) };
  }

  private enqueue(who: Identity, id: number): void {
    // one generation at a time per portal: gcc and qemu are heavy on a small machine
    this.queue = this.queue.then(() => (this.closed ? undefined : this.generate(who, id))).catch((err) => this.log(`white-box generation ${id} failed: ${(err as Error).message}`));
  }

  private async generate(who: Identity, id: number): Promise<void> {
    const row = await this.db.selectFrom('whitebox_libraries').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return;
    const set = (v: Partial<Omit<Row, 'id'>>) => this.db.updateTable('whitebox_libraries').set(v).where('id', '=', id).execute();
    await set({ generation_status: 'generating', progress: 1, step: 'tables', finished_at: Date.now() });
    let secret: Buffer;
    try {
      secret = (await this.keys.symmetricSecret({ ...who, isAdmin: true }, row.key_id)).secret;
    } catch {
      await set({ generation_status: 'failed', fail_msg: msg('原始密钥不可用（已停用或无法解密）', 'the original key is not usable (disabled or cannot be opened)'), finished_at: Date.now() });
      return;
    }
    const seed = row.seed_wrapped && row.seed_ciphertext ? openSecret(this.master(), { wrappedKey: row.seed_wrapped, ciphertext: row.seed_ciphertext }, `seed:${row.uid}`) : undefined;
    const dir = mkdtempSync(path.join(tmpdir(), 'citadel-wbout-'));
    const outFile = path.join(dir, 'library.zip');
    try {
      const options: LibraryOptions = {
        algorithm: row.algorithm as LibraryOptions['algorithm'],
        directions: csv(row.directions) as LibraryOptions['directions'],
        modes: csv(row.modes) as LibraryOptions['modes'],
        padding: row.padding as LibraryOptions['padding'],
        preference: row.preference as LibraryOptions['preference'],
        logo: row.logo,
        androidPackages: parseIdLines(row.android_packages),
        iosBundleIds: parseIdLines(row.ios_bundle_ids),
      };
      let last = 0;
      const outcome = await runGeneration({ keyHex: secret.toString('hex'), options, ...(seed ? { seedHex: seed.toString('hex') } : {}), outFile, dcaTraces: this.limits.dcaTraces }, this.limits, (step, progress) => {
        if (progress > last) {
          last = progress;
          void set({ step, progress });
        }
      });
      if (outcome.kind === 'error') {
        await set({ generation_status: 'failed', step: '', fail_msg: msg(`生成失败：${outcome.message}`, `generation failed: ${outcome.message}`), finished_at: Date.now() });
        return;
      }
      const report = JSON.stringify(outcome.report);
      if (!outcome.ok) {
        const detail = outcome.failed.slice(0, 3).join('; ');
        await set({ generation_status: 'failed', step: '', report, table_bytes: outcome.tableBytes, fail_msg: msg(`校验未通过：${detail}`, `verification failed: ${detail}`), finished_at: Date.now() });
        return;
      }
      const stored = await this.storage.put(createReadStream(outFile));
      await set({ generation_status: 'succeeded', progress: 100, step: '', report, table_bytes: outcome.tableBytes, storage_key: stored.key, file_size: stored.size, finished_at: Date.now() });
    } finally {
      secret.fill(0);
      seed?.fill(0);
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
