/**
 * What users do with tasks: create, list, preview, cancel, retry, delete —
 * each scoped to what the caller may see (admin: everything; others: their
 * customer's tasks on the platforms their role grants) and checked against the
 * state diagram. The HTTP layer declares the coarse permission; this service
 * applies the per-platform one.
 */
import {
  type Assessment,
  CANCELLABLE_STATUSES,
  type CreateTaskRequest,
  ASSESSMENT_PLATFORMS,
  type Locale,
  type Operation,
  type Platform,
  RETRYABLE_STATUSES,
  type RiskLevel,
  type RuleTexts,
  type TaskListAnswer,
  type TaskListRequest,
  type TaskPreviewAnswer,
  type TaskRow,
  type TaskStatus,
  can,
  displayStatus,
  evaluationResource,
} from '@citadel/contracts';
import { isIP } from 'node:net';
import { fail } from '../../http/app-error.ts';
import { checkScaParams } from '@citadel/engine-sca/params';
import type { Identity } from '../auth/auth-service.ts';
import type { TaskEvents } from '../../jobs/task-events.ts';
import { withoutPolicyParams } from '../../jobs/scan-policy.ts';
import { ruleCatalogue, ruleTexts } from './rule-texts.ts';
import type { TaskRecord, TaskRepository } from './task-repository.ts';

/** A sample as tasks need it (supplied by the samples module). */
export interface SampleInfo {
  id: number;
  customer_id: number;
  name: string;
  size: number;
  md5: string;
  cleaned: boolean;
}
export type SampleLookup = (id: number) => Promise<SampleInfo | undefined>;
/** The template a new task runs with (templates module): its id, name and items (null = every item). */
export type TemplateResolver = (who: Identity, platform: string, templateId?: number) => Promise<{ template_id: number | null; template_name: string; selected: string[] | null }>;

const EVALUATION_PLATFORMS = ASSESSMENT_PLATFORMS as readonly Platform[];
/** Platforms whose target is a URL rather than an uploaded file. */
const URL_PLATFORMS: readonly string[] = ['web'];
/** Platforms whose target is a list of hosts, addresses and CIDR ranges (kept in the url column; the engine applies the scan policy). */
const HOST_LIST_PLATFORMS: readonly string[] = ['network', 'ics'];

export class TaskService {
  constructor(
    private readonly repo: TaskRepository,
    private readonly events: TaskEvents,
    private readonly samples: SampleLookup,
    private readonly onQueued: (task: TaskRecord) => Promise<void>,
    private readonly extraEngineFiles: string[] = [],
    private readonly resolveTemplate?: TemplateResolver,
  ) {}

  private subject(who: Identity) {
    return { isAdmin: who.isAdmin, permissions: who.permissions };
  }

  /**
   * Platforms the caller may act on with `op`. Viewing is also granted across
   * platforms by the task ledger (Tools) and, for one's own tasks, by
   * Workbench → my tasks. Test-only platforms are open to admin only.
   */
  private platformsFor(who: Identity, op: Operation, mine = false): string[] {
    const s = this.subject(who);
    const everywhere = op === 'view' && (can(s, 'Tools_TaskLedger', 'view') || (mine && can(s, 'Workbench_MyTasks', 'view')));
    const allowed = EVALUATION_PLATFORMS.filter((p) => everywhere || can(s, evaluationResource(p)!, op));
    return allowed;
  }

  private assertPlatform(who: Identity, platform: string, op: Operation): void {
    if (!this.platformsFor(who, op).includes(platform)) fail('no_permission');
  }

  /** Whether a task change may be pushed to this user (same rule as listing it). */
  canSee(who: Identity, task: Pick<TaskRecord, 'customer_id' | 'platform' | 'created_by'>): boolean {
    if (!who.isAdmin && task.customer_id !== who.user.customer_id) return false;
    return this.platformsFor(who, 'view', task.created_by === who.user.id).includes(task.platform);
  }

  /** The task, if the caller may see it; "not found" otherwise, so other customers' task ids reveal nothing. */
  private async visible(who: Identity, uid: string, op: Operation = 'view'): Promise<TaskRecord> {
    const task = await this.repo.byUid(uid);
    if (!task || (!who.isAdmin && task.customer_id !== who.user.customer_id)) return fail('task_not_found');
    this.assertPlatform(who, task.platform, op);
    return task;
  }

  /** The task under the same visibility rules as preview (version management uses it). */
  viewable(who: Identity, uid: string): Promise<TaskRecord> {
    return this.visible(who, uid);
  }

  async create(who: Identity, req: CreateTaskRequest): Promise<TaskRecord> {
    this.assertPlatform(who, req.platform, 'add');
    if (req.platform === 'sca' && req.params) {
      // Licence lists and VEX are checked with the engine's own readers: a typo would otherwise allow or deny nothing, silently.
      const bad = checkScaParams(req.params);
      if (bad) fail(bad.param === 'vex' ? 'sca_vex_invalid' : bad.reason === 'both_lists' ? 'sca_licence_conflict' : bad.reason === 'unknown_id' ? 'sca_licence_unknown' : 'illegal_parameter', `${bad.param}: ${bad.reason}${bad.value ? ` (${bad.value})` : ''}`);
    }
    // A privacy policy is a compliance task's document; elsewhere it would be stored for nothing.
    if (req.params?.privacyPolicy !== undefined && req.platform !== 'compliance') fail('illegal_parameter', 'privacyPolicy');
    let sample: SampleInfo | undefined;
    let url = '';
    if (HOST_LIST_PLATFORMS.includes(req.platform)) {
      url = validHostList(req.url);
      const ports = req.params?.ports;
      if (ports !== undefined && (ports.length > 2000 || !ports.split(/[\s,]+/).filter(Boolean).every((p) => /^\d{1,5}(-\d{1,5})?$/.test(p)))) fail('illegal_parameter', 'ports');
    } else if (URL_PLATFORMS.includes(req.platform) || (req.platform === 'firmware' && req.url)) {
      url = validUrl(req.url);
    } else {
      if (req.sample_id === undefined) return fail('illegal_parameter', 'sample_id');
      sample = await this.samples(req.sample_id);
      if (!sample || (!who.isAdmin && sample.customer_id !== who.user.customer_id)) return fail('file_not_found');
      if (sample.cleaned) return fail('file_not_found');
    }
    const template = (await this.resolveTemplate?.(who, req.platform, req.template_id)) ?? { template_id: null, template_name: '', selected: null };
    const task = await this.repo.create({
      platform: req.platform,
      sample_id: sample?.id ?? null,
      url,
      file_name: sample?.name ?? '',
      size: sample?.size ?? 0,
      md5: sample?.md5 ?? '',
      template_id: template.template_id,
      template_name: template.template_name,
      fields: req.fields ?? {},
      // The scan network policy is configuration, not a user's choice.
      params: withoutPolicyParams(req.params ?? {}),
      selected: template.selected,
      created_by: who.user.id,
      customer_id: who.user.customer_id,
    });
    this.events.changed(task);
    await this.onQueued(task);
    return task;
  }

  async list(who: Identity, req: TaskListRequest): Promise<TaskListAnswer> {
    const platforms = this.platformsFor(who, 'view', req.mine === true);
    if (req.platform && !platforms.includes(req.platform)) fail('no_permission');
    const { total, rows } = await this.repo.list({
      ...(who.isAdmin ? {} : { customerId: who.user.customer_id }),
      ...(req.mine ? { createdBy: who.user.id } : {}),
      // Admin sees every platform: no platform filter at all lets the database count from its indexes alone.
      ...(req.platform ? { platforms: [req.platform] } : who.isAdmin ? {} : { platforms }),
      ...(req.status ? { status: req.status } : {}),
      ...(req.keyword ? { keyword: req.keyword } : {}),
      page: req.page,
      pageSize: req.page_size,
    });
    const positions = await this.repo.queuePositions(rows);
    return { total, list: rows.map((r) => toTaskRow(r, positions.get(r.id) ?? null)) };
  }

  async preview(who: Identity, uid: string, locale: Locale): Promise<TaskPreviewAnswer> {
    const task = await this.visible(who, uid);
    const row = (await this.repo.detail(task.id))!;
    // Judged on the later read: a task that finished between the two reads has its result stored already
    // (result and FINISHED are written in one transaction), and must not show FINISHED with no assessment.
    const json = row.status === 'FINISHED' ? await this.repo.result(task.id) : undefined;
    const assessment = json ? (JSON.parse(json) as Assessment) : null;
    const rules: Record<string, RuleTexts> = {};
    if (assessment) {
      const catalogue = await ruleCatalogue(this.extraEngineFiles);
      for (const f of assessment.findings) {
        const item = catalogue.get(f.ruleId);
        if (item) rules[f.ruleId] = ruleTexts(item, locale);
      }
    }
    const positions = await this.repo.queuePositions([task]);
    return { task: toTaskRow(row, positions.get(task.id) ?? null), assessment, rules };
  }

  async cancel(who: Identity, uid: string): Promise<void> {
    const task = await this.visible(who, uid, 'add');
    if (!CANCELLABLE_STATUSES.includes(task.status as TaskStatus)) fail('illegal_operation');
    const done = await this.repo.transition(task.id, task.status as TaskStatus, 'CANCELED', { finished_at: Date.now(), fail_msg: '' });
    if (!done) fail('illegal_operation');
    this.events.changed(done);
  }

  async retry(who: Identity, uid: string): Promise<void> {
    const task = await this.visible(who, uid, 'add');
    if (!RETRYABLE_STATUSES.includes(task.status as TaskStatus)) fail('illegal_operation');
    const queued = await this.repo.transition(task.id, task.status as TaskStatus, 'QUEUEING', { attempts: 0, fail_kind: null, fail_msg: '', finish_item: 0, started_at: null, finished_at: null });
    if (!queued) fail('illegal_operation');
    this.events.changed(queued);
    await this.onQueued(queued);
  }

  /** SPEC §5: a row may be deleted by admin or its owner; running tasks are cancelled first by the user. */
  async delete(who: Identity, uids: string[]): Promise<void> {
    const tasks = [];
    for (const uid of uids) {
      const task = await this.visible(who, uid, 'delete');
      if (!who.isAdmin && task.created_by !== who.user.id) fail('unauthorized_operation');
      if (!['QUEUEING', 'FINISHED', 'EXCEPTION', 'CANCELED'].includes(task.status)) fail('illegal_operation');
      tasks.push(task);
    }
    // A queued task is cancelled on its way out so no worker claims it between the check and the delete.
    for (const t of tasks) if (t.status === 'QUEUEING') await this.repo.transition(t.id, 'QUEUEING', 'CANCELED');
    await this.repo.delete(tasks.map((t) => t.id));
  }
}

/**
 * A network/ICS target list: hosts, IPv4/IPv6 addresses and CIDR ranges separated by commas,
 * spaces or new lines, at most 200 entries and 2,000 characters (the url column). Only the
 * form is checked here; which addresses may be scanned is the engine's policy decision.
 */
function validHostList(raw: string | undefined): string {
  const entries = (raw ?? '').split(/[\s,;]+/).filter(Boolean);
  if (entries.length === 0 || entries.length > 200) return fail('illegal_parameter', 'url');
  const host = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
  for (const e of entries) {
    const [addr, prefix, extra] = e.split('/');
    const family = isIP(addr!);
    const ok = extra === undefined && (prefix === undefined ? family !== 0 || host.test(addr!) : family !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!ok) fail('illegal_parameter', 'url');
  }
  const text = entries.join(', ');
  if (text.length > 2000) fail('illegal_parameter', 'url');
  return text;
}

function validUrl(raw: string | undefined): string {
  let url: URL;
  try {
    url = new URL(raw ?? '');
  } catch {
    return fail('illegal_parameter', 'url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('illegal_parameter', 'url');
  return url.toString();
}

export function toTaskRow(r: TaskRecord & { created_by_name: string; client_key: string }, queueNumber: number | null): TaskRow {
  const status = r.status as TaskStatus;
  const failKind = r.fail_kind === 'timeout' || r.fail_kind === 'failed' ? r.fail_kind : null;
  return {
    task_uid: r.task_uid,
    platform: r.platform as Platform,
    status,
    $status: displayStatus(status, failKind),
    fail_kind: failKind,
    fail_msg: r.fail_msg,
    finish_item: r.finish_item,
    total_item: r.total_item,
    queue_number: queueNumber,
    file_name: r.file_name,
    url: r.url,
    sample_id: r.sample_id,
    app_name: r.app_name,
    package_name: r.package_name,
    version: r.version,
    size: r.size,
    md5: r.md5,
    template_id: r.template_id,
    template_name: r.template_name,
    created_by: r.created_by,
    created_by_name: r.created_by_name,
    client_key: r.client_key,
    created_at: r.created_at,
    started_at: r.started_at,
    finished_at: r.finished_at,
    score: r.score,
    risk_level: r.risk_level === 'high' || r.risk_level === 'medium' || r.risk_level === 'low' ? r.risk_level : null,
    counts: r.counts ? (JSON.parse(r.counts) as Record<RiskLevel, number>) : null,
    engine_version: r.engine_version,
  };
}
