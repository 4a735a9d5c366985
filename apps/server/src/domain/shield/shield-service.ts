/**
 * Hardening tasks and strategies (SPEC §2 hardening screens, issues 27/28).
 * A task: the uploaded input is stored, the job is queued (one at a time per
 * portal, in a child process with time and memory limits), the protected
 * output is stored and the task ends FINISHED only when the type's
 * verification passed — otherwise EXCEPTION with fail_msg in the user's
 * language and the differences found; nothing unverified is ever offered for
 * download. Strategies: the type's built-in presets plus customer rows.
 * Rows belong to the creator's customer; another customer's id answers
 * "not found"; admin sees all.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type LocalizedText, type ShieldType, type StrategyValues, presetValues, validateStrategy } from '@citadel/shield-core';
import type { Kysely, Selectable } from 'kysely';
import { fail } from '../../http/app-error.ts';
import type { ObjectStorage } from '../../storage/index.ts';
import type { Identity } from '../auth/auth-service.ts';
import { runJob } from './job-runner.ts';
import type { ShieldDB, ShieldTasksTable } from './schema.ts';
import { SHIELD_REGISTRY } from './types.ts';

export type Lang = 'zh' | 'en';
const textIn = (t: LocalizedText, lang: Lang) => (lang === 'zh' ? t['zh-CN'] : t.en);
const scoped = (who: Identity) => (who.isAdmin ? undefined : who.user.customer_id);
const visible = <T extends { customer_id: number }>(who: Identity, row: T | undefined): T => (!row || (!who.isAdmin && row.customer_id !== who.user.customer_id) ? fail('not_found') : row);
const like = (k: string) => `%${k.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export interface ShieldLimits {
  timeoutMs: number;
  memoryMb: number;
  maxInputBytes: number;
}

export class ShieldService {
  private queue: Promise<void> = Promise.resolve();
  private readonly running = new Map<number, AbortController>();
  private closed = false;

  constructor(
    private readonly db: Kysely<ShieldDB>,
    private readonly storage: ObjectStorage,
    private readonly limits: ShieldLimits,
    private readonly log: (msg: string) => void,
  ) {}

  module(type: string) {
    return SHIELD_REGISTRY.get(type) ?? fail('illegal_parameter', 'type');
  }

  /** The type's strategy schema and presets (for the create and "add strategy" pages). */
  schema(type: string) {
    const m = this.module(type);
    return { type: m.type, title: m.title, accept: m.accept, schema: m.schema, defaults: m.defaults.map((d) => ({ ...d, values: presetValues(m.schema, d) })) };
  }

  // ---- strategies ----

  async strategies(who: Identity, type: string, q: { keyword?: string; page: number; page_size: number }, lang: Lang) {
    const m = this.module(type);
    let query = this.db.selectFrom('shield_strategies').where('type', '=', type);
    const scope = scoped(who);
    if (scope !== undefined) query = query.where('customer_id', '=', scope);
    if (q.keyword) query = query.where('name', 'like', like(q.keyword));
    const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('id', 'desc').limit(q.page_size).offset((q.page - 1) * q.page_size).execute();
    const builtIn = q.page === 1 && !q.keyword ? m.defaults.map((d) => ({ id: d.id, name: textIn(d.name, lang), description: textIn(d.description, lang), is_default: true, values: presetValues(m.schema, d), updated_at: 0 })) : [];
    return {
      total: Number(n) + m.defaults.length,
      list: [...builtIn, ...rows.map((r) => ({ id: String(r.id), name: r.name, description: r.description, is_default: false, values: JSON.parse(r.strategy_values) as StrategyValues, updated_at: r.updated_at }))],
    };
  }

  async saveStrategy(who: Identity, input: { type: string; id?: number; name: string; description?: string; values: unknown }) {
    const m = this.module(input.type);
    const name = input.name.trim();
    if (!name) fail('template_name_required');
    if (name.length > 50) fail('illegal_parameter', 'name');
    const checked = validateStrategy(m.schema, input.values);
    if (!checked.ok) fail('illegal_parameter', checked.errors.slice(0, 5).join('; '));
    const now = Date.now();
    const customer = who.user.customer_id;
    const dup = await this.db.selectFrom('shield_strategies').select('id').where('type', '=', input.type).where('customer_id', '=', customer).where('name', '=', name).executeTakeFirst();
    if (dup && dup.id !== input.id) fail('duplicate_field', name);
    if (input.id) {
      visible(who, await this.db.selectFrom('shield_strategies').selectAll().where('id', '=', input.id).where('type', '=', input.type).executeTakeFirst());
      await this.db.updateTable('shield_strategies').set({ name, description: input.description ?? '', strategy_values: JSON.stringify(checked.values), updated_at: now }).where('id', '=', input.id).execute();
      return { id: input.id };
    }
    const r = await this.db
      .insertInto('shield_strategies')
      .values({ type: input.type, name, description: input.description ?? '', strategy_values: JSON.stringify(checked.values), customer_id: customer, created_by: who.user.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: r.id };
  }

  async deleteStrategies(who: Identity, type: string, ids: number[]) {
    for (const id of ids) visible(who, await this.db.selectFrom('shield_strategies').selectAll().where('id', '=', id).where('type', '=', type).executeTakeFirst());
    await this.db.deleteFrom('shield_strategies').where('id', 'in', ids).execute();
  }

  /** A strategy by id: a preset id ("h5.balanced") or a customer row's number. */
  private async resolveStrategy(who: Identity, type: string, id: string): Promise<{ name: string; values: StrategyValues }> {
    const m = this.module(type);
    const preset = m.defaults.find((d) => d.id === id);
    if (preset) return { name: preset.name['zh-CN'], values: presetValues(m.schema, preset) };
    if (!/^\d{1,12}$/.test(id)) fail('template_not_found');
    const row = await this.db.selectFrom('shield_strategies').selectAll().where('id', '=', Number(id)).where('type', '=', type).executeTakeFirst();
    if (!row || (!who.isAdmin && row.customer_id !== who.user.customer_id)) fail('template_not_found');
    // validated again: a schema may have changed since the row was saved
    const checked = validateStrategy(m.schema, JSON.parse(row.strategy_values));
    if (!checked.ok) fail('illegal_parameter', checked.errors.slice(0, 3).join('; '));
    return { name: row.name, values: checked.values };
  }

  // ---- tasks ----

  /** Stores the uploaded input (size-capped while streaming) and queues the job. */
  async create(who: Identity, input: { type: string; strategy: string; fileName: string; body: Readable }) {
    const m = this.module(input.type);
    const name = path.basename(input.fileName).replace(/[\x00-\x1f]/g, '').slice(-200);
    if (!m.accept.some((ext) => name.toLowerCase().endsWith(ext))) {
      input.body.resume();
      fail('unsupported_file_type', m.accept.join(' '));
    }
    let strategy;
    try {
      strategy = await this.resolveStrategy(who, input.type, input.strategy);
    } catch (err) {
      input.body.resume();
      throw err;
    }
    const temp = await mkdtemp(path.join(tmpdir(), 'citadel-shield-in-'));
    try {
      const file = path.join(temp, 'input');
      let size = 0;
      const max = this.limits.maxInputBytes;
      await pipeline(
        input.body,
        async function* (src: AsyncIterable<Buffer>) {
          for await (const chunk of src) {
            size += chunk.length;
            if (size > max) fail('payload_too_large');
            yield chunk;
          }
        },
        createWriteStream(file),
      );
      if (size === 0) fail('bad_request_parameters', 'empty file');
      const stored = await this.storage.put(createReadStream(file));
      const now = Date.now();
      const row = await this.db
        .insertInto('shield_tasks')
        .values({
          task_uid: randomBytes(16).toString('hex'),
          type: input.type,
          input_name: name,
          input_key: stored.key,
          input_size: stored.size,
          input_sha256: stored.sha256,
          strategy_name: strategy.name.slice(0, 100),
          strategy_values: JSON.stringify(strategy.values),
          status: 'QUEUED',
          progress: 0,
          step: '',
          customer_id: who.user.customer_id,
          created_by: who.user.id,
          created_at: now,
        })
        .returning(['id', 'task_uid'])
        .executeTakeFirstOrThrow();
      this.enqueue(row.id);
      return row;
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }

  private enqueue(id: number): void {
    this.queue = this.queue.then(() => (this.closed ? undefined : this.process(id))).catch((err) => this.log(`hardening task ${id} failed to run: ${(err as Error).message}`));
  }

  private async finish(id: number, set: Partial<Selectable<ShieldTasksTable>>) {
    await this.db.updateTable('shield_tasks').set({ ...set, finished_at: Date.now() }).where('id', '=', id).where('status', 'in', ['QUEUED', 'RUNNING']).execute();
  }

  private async process(id: number): Promise<void> {
    const task = await this.db.selectFrom('shield_tasks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!task || task.status !== 'QUEUED') return;
    await this.db.updateTable('shield_tasks').set({ status: 'RUNNING', started_at: Date.now(), progress: 1, step: 'start' }).where('id', '=', id).execute();
    const work = await mkdtemp(path.join(tmpdir(), 'citadel-shield-'));
    const ac = new AbortController();
    this.running.set(id, ac);
    try {
      const inputPath = path.join(work, 'input');
      await pipeline(await this.storage.get(task.input_key), createWriteStream(inputPath));
      const outDir = path.join(work, 'out');
      await import('node:fs/promises').then((fs) => fs.mkdir(outDir));
      let lastWrite = 0;
      const outcome = await runJob(
        { type: task.type, inputPath, inputName: task.input_name, strategy: JSON.parse(task.strategy_values) as StrategyValues, workDir: outDir },
        this.limits,
        (step, progress) => {
          if (Date.now() - lastWrite < 500 && progress < 100) return;
          lastWrite = Date.now();
          void this.db.updateTable('shield_tasks').set({ step: step.slice(0, 40), progress: Math.max(1, Math.min(99, Math.round(progress))) }).where('id', '=', id).where('status', '=', 'RUNNING').execute().catch(() => undefined);
        },
        ac.signal,
      );
      if (outcome.kind === 'failed') {
        await this.finish(id, { status: 'EXCEPTION', step: '', fail_msg: JSON.stringify({ ...outcome.text, detail: outcome.detail }) });
        return;
      }
      const r = outcome.result;
      const resolvedOut = path.resolve(r.outputPath);
      if (!resolvedOut.startsWith(`${path.resolve(outDir)}${path.sep}`)) throw new Error('output outside the job folder');
      const result = JSON.stringify({ applied: r.applied, verification: r.verification, metrics: r.metrics });
      if (!r.verification.ok) {
        const failed = r.verification.checks.filter((c) => !c.ok).map((c) => `${c.title.en}: ${c.detail ?? ''}`).join(' | ').slice(0, 1500);
        await this.finish(id, {
          status: 'EXCEPTION',
          step: '',
          result,
          fail_msg: JSON.stringify({ 'zh-CN': '加固结果验证失败，未提供下载', en: 'Verification of the protected output failed; nothing is offered for download', detail: failed }),
        });
        return;
      }
      const stored = await this.storage.put(createReadStream(resolvedOut));
      await this.finish(id, { status: 'FINISHED', progress: 100, step: '', result, output_name: path.basename(r.outputName).slice(0, 255), output_key: stored.key, output_size: stored.size, output_sha256: stored.sha256 });
    } catch (err) {
      await this.finish(id, { status: 'EXCEPTION', step: '', fail_msg: JSON.stringify({ 'zh-CN': '加固失败', en: 'Hardening failed', detail: (err as Error).message.slice(0, 300) }) });
    } finally {
      this.running.delete(id);
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Tasks left QUEUED or RUNNING by a stopped portal are queued again (their input is stored). */
  async recover(): Promise<void> {
    const rows = await this.db.selectFrom('shield_tasks').select('id').where('status', 'in', ['QUEUED', 'RUNNING']).orderBy('id').execute();
    for (const r of rows) {
      await this.db.updateTable('shield_tasks').set({ status: 'QUEUED', progress: 0, step: '' }).where('id', '=', r.id).execute();
      this.enqueue(r.id);
    }
  }

  close(): Promise<void> {
    this.closed = true;
    for (const ac of this.running.values()) ac.abort();
    return this.queue;
  }

  private view(r: Selectable<ShieldTasksTable> & { user_name?: string | null }, lang: Lang) {
    let failMsg = '';
    if (r.fail_msg) {
      try {
        const f = JSON.parse(r.fail_msg) as LocalizedText & { detail?: string };
        failMsg = `${textIn(f, lang)}${f.detail ? `: ${f.detail}` : ''}`;
      } catch {
        failMsg = '';
      }
    }
    return {
      id: r.id,
      task_uid: r.task_uid,
      type: r.type,
      name: r.input_name,
      input_size: r.input_size,
      input_sha256: r.input_sha256,
      strategy_name: r.strategy_name,
      status: r.status,
      progress: r.progress,
      step: r.step,
      fail_msg: failMsg,
      output_name: r.output_name,
      output_size: r.output_size,
      output_sha256: r.output_sha256,
      user: r.user_name ?? '',
      created_at: r.created_at,
      started_at: r.started_at,
      finished_at: r.finished_at,
    };
  }

  async list(who: Identity, type: string, q: { keyword?: string; status?: string; page: number; page_size: number }, lang: Lang) {
    this.module(type);
    let query = this.db.selectFrom('shield_tasks').leftJoin('users', 'users.id', 'shield_tasks.created_by').where('shield_tasks.type', '=', type);
    const scope = scoped(who);
    if (scope !== undefined) query = query.where('shield_tasks.customer_id', '=', scope);
    if (q.keyword) query = query.where('shield_tasks.input_name', 'like', like(q.keyword));
    if (q.status) query = query.where('shield_tasks.status', '=', q.status as never);
    const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query.selectAll('shield_tasks').select('users.name as user_name').orderBy('shield_tasks.id', 'desc').limit(q.page_size).offset((q.page - 1) * q.page_size).execute();
    return { total: Number(n), list: rows.map((r) => this.view(r, lang)) };
  }

  private async row(who: Identity, taskUid: string) {
    return visible(who, await this.db.selectFrom('shield_tasks').leftJoin('users', 'users.id', 'shield_tasks.created_by').selectAll('shield_tasks').select('users.name as user_name').where('task_uid', '=', taskUid).executeTakeFirst());
  }

  async detail(who: Identity, taskUid: string, lang: Lang) {
    const r = await this.row(who, taskUid);
    return { ...this.view(r, lang), strategy: JSON.parse(r.strategy_values) as StrategyValues, result: r.result ? (JSON.parse(r.result) as unknown) : null };
  }

  async delete(who: Identity, taskUids: string[]) {
    for (const uid of taskUids) {
      const r = await this.row(who, uid);
      if (!who.isAdmin && r.created_by !== who.user.id) fail('unauthorized_operation');
      this.running.get(r.id)?.abort();
      await this.db.deleteFrom('shield_tasks').where('id', '=', r.id).execute();
      for (const key of [r.input_key, r.output_key]) {
        if (!key) continue;
        const others = await this.db.selectFrom('shield_tasks').select('id').where((eb) => eb.or([eb('input_key', '=', key), eb('output_key', '=', key)])).executeTakeFirst();
        if (!others) await this.storage.delete(key).catch(() => undefined);
      }
    }
  }

  /** The protected output of a FINISHED task (verified), as a stream. */
  async download(who: Identity, taskUid: string, type?: string) {
    const r = await this.row(who, taskUid);
    if (type && r.type !== type) fail('not_found');
    if (r.status !== 'FINISHED' || !r.output_key) fail('file_not_found');
    const size = (await this.storage.stat(r.output_key))?.size ?? fail('file_not_found');
    return { name: r.output_name ?? 'protected', size, body: await this.storage.get(r.output_key), type: r.type as ShieldType };
  }
}

export async function fileSize(p: string): Promise<number> {
  return (await stat(p)).size;
}
