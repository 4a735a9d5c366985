/**
 * Single files of a firmware task's unpacked image (SPEC §7 /f/unpack_file_download,
 * issue 23's text/hex viewer, image preview and compare's text diffs). The
 * contents are re-carved from the stored image in a child process (run-carve.ts)
 * and kept in a bounded per-task cache (carve-cache.ts); the portal process
 * never parses the image. A path is served only when the task's stored
 * assessment lists it, so nothing outside the assessed tree can be asked for.
 */
import type { Assessment } from '@citadel/contracts';
import type { CarvedEntry } from '@citadel/engine-firmware';
import { fail } from '../../http/app-error.ts';
import type { SampleFetcher } from '../../jobs/task-input.ts';
import type { Identity } from '../auth/auth-service.ts';
import type { SampleService, Uploader } from '../samples/sample-service.ts';
import type { TaskRecord, TaskRepository } from '../tasks/task-repository.ts';
import type { TaskService } from '../tasks/task-service.ts';
import { type Carve, CarveCache } from './carve-cache.ts';
import { type FilePreview, previewOf } from './content-preview.ts';
import { type CarveLimits, carveInChild } from './run-carve.ts';

export interface FirmwareFilesOptions {
  /** Largest regular file given (bigger ones answer firmware_file_too_large). */
  maxFileBytes: number;
  /** Contents one carve keeps for later clicks. */
  budgetBytes: number;
  /** Carves kept: tasks and bytes. */
  cacheTasks: number;
  cacheBytes: number;
  limits: CarveLimits;
  /** Where a failed carve's reason goes (the user sees only firmware_unpack_failed). */
  log?: (message: string) => void;
}

/** A listed path: what the assessment's file list says of it. */
interface Listed {
  type: string;
  size: number;
}

export type OpenedFile = { kind: 'file'; data: Uint8Array; name: string } | { kind: 'symlink'; target: string };

/** Texts longer than this are not diffed (the line diff's table would be too big anyway). */
const DIFF_MAX_BYTES = 4 << 20;

export class SymlinkError extends Error {
  constructor(readonly target: string) {
    super('the path is a symbolic link');
  }
}

export class FirmwareFiles {
  private readonly cache: CarveCache;
  private readonly listings = new Map<number, { stamp: number; files: Map<string, Listed> }>();
  private readonly inFlight = new Map<string, Promise<Carve>>();

  constructor(
    private readonly tasks: TaskService,
    private readonly repo: TaskRepository,
    private readonly samples: SampleService,
    private readonly fetchSample: SampleFetcher,
    private readonly opts: FirmwareFilesOptions,
  ) {
    this.cache = new CarveCache(opts.cacheTasks, opts.cacheBytes);
  }

  /** A regular file's contents, or a symlink's target; catalogue errors for everything else. */
  async open(who: Identity, uploader: Uploader, uid: string, path: string): Promise<OpenedFile> {
    const { task, listed } = await this.listedPath(who, uploader, uid, path);
    if (listed.type !== 'file' && listed.type !== 'symlink') fail('firmware_not_regular_file');
    const entry = await this.entry(task, path);
    return toOpened(entry, path);
  }

  async preview(who: Identity, uploader: Uploader, uid: string, path: string, offset?: number, length?: number): Promise<FilePreview | { kind: 'symlink'; target: string }> {
    const f = await this.open(who, uploader, uid, path);
    if (f.kind === 'symlink') return { kind: 'symlink', target: f.target };
    return previewOf(f.data, offset, length);
  }

  /** The line diff of one path in two tasks (compare's changed text files); a note instead when there is none to give. */
  async diff(who: Identity, uploader: Uploader, uidA: string, uidB: string, path: string): Promise<{ lines?: string[]; note?: 'not_text' | 'too_long' }> {
    const [a, b] = await Promise.all([this.open(who, uploader, uidA, path), this.open(who, uploader, uidB, path)]);
    if (a.kind !== 'file' || b.kind !== 'file' || !looksText(a.data) || !looksText(b.data)) return { note: 'not_text' };
    if (a.data.length > DIFF_MAX_BYTES || b.data.length > DIFF_MAX_BYTES) return { note: 'too_long' };
    // The LCS table is CPU-heavy: computed in a child, like the carve, so the API's event loop stays free.
    const out = await carveInChild({ type: 'diff', a: a.data, b: b.data }, this.opts.limits);
    if (out.type !== 'diffed') {
      this.opts.log?.(`firmware text diff failed: ${out.type === 'failed' ? out.message : out.type}`);
      fail('firmware_unpack_failed');
    }
    return out.lines ? { lines: out.lines } : { note: 'too_long' };
  }

  /** The task (visible to the caller, a finished firmware task with its image) and the listed node at `path`. */
  private async listedPath(who: Identity, uploader: Uploader, uid: string, path: string): Promise<{ task: TaskRecord; listed: Listed }> {
    const task = await this.tasks.viewable(who, uid);
    if (task.platform !== 'firmware' || task.sample_id === null) fail('file_not_found');
    // The image must still be there for this caller (retention, customer), as /f/download checks.
    await this.samples.forDownload(uploader, { id: task.sample_id });
    const listed = (await this.listing(task)).get(path);
    if (!listed) fail('file_not_found');
    return { task, listed };
  }

  private async listing(task: TaskRecord): Promise<Map<string, Listed>> {
    const known = this.listings.get(task.id);
    // A task run again has a new result: its listing is read again (its image, and so its carve, stays the same).
    if (known && known.stamp === task.updated_at) return known.files;
    const json = task.status === 'FINISHED' ? await this.repo.result(task.id) : undefined;
    if (!json) fail('file_not_found');
    const files = (JSON.parse(json) as Assessment).target.files;
    const m = new Map<string, Listed>();
    if (Array.isArray(files)) {
      for (const f of files as { path?: unknown; type?: unknown; size?: unknown }[]) {
        if (typeof f?.path === 'string' && typeof f.type === 'string') m.set(f.path, { type: f.type, size: typeof f.size === 'number' ? f.size : 0 });
      }
    }
    // A handful of listings: a task's list is parsed once per browsing session, not per click.
    this.listings.delete(task.id);
    if (this.listings.size >= 16) this.listings.delete(this.listings.keys().next().value!);
    this.listings.set(task.id, { stamp: task.updated_at, files: m });
    return m;
  }

  private async entry(task: TaskRecord, path: string, retried = false): Promise<CarvedEntry | undefined> {
    const cached = this.cache.get(task.id)?.entries.get(path);
    if (cached && cached.kind !== 'omitted') return cached;
    // The whole-image carve is shared by concurrent clicks; a file the budget left out is carved by name.
    const key = cached ? `${task.id}\0${path}` : `${task.id}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.carve(task, [path]).then((c) => {
        this.cache.set(task.id, c);
        return c;
      });
      const p = pending;
      void p.finally(() => this.inFlight.delete(key)).catch(() => undefined);
      this.inFlight.set(key, p);
    }
    const found = (await pending).entries.get(path);
    // Joined a carve made for another path, whose budget left this one out: carve it by name.
    if (found?.kind === 'omitted' && !cached && !retried) return this.entry(task, path, true);
    return found;
  }

  private async carve(task: TaskRecord, want: string[]): Promise<Carve> {
    const controller = new AbortController();
    const input = await this.fetchSample(task.sample_id!, controller.signal).catch(() => fail('file_not_found'));
    try {
      const out = await carveInChild({ type: 'carve', imagePath: input.path, maxFileBytes: this.opts.maxFileBytes, budgetBytes: this.opts.budgetBytes, want }, this.opts.limits);
      if (out.type !== 'carved') {
        this.opts.log?.(`firmware carve of task ${task.task_uid} failed: ${out.type === 'failed' ? out.message : out.type}`);
        fail('firmware_unpack_failed');
      }
      return { entries: out.entries, bytes: out.bytes };
    } finally {
      await input.cleanup();
    }
  }
}

const looksText = (d: Uint8Array): boolean => !d.subarray(0, 4096).includes(0);

function toOpened(entry: CarvedEntry | undefined, path: string): OpenedFile {
  switch (entry?.kind) {
    case 'file':
      return { kind: 'file', data: entry.data, name: path.slice(path.lastIndexOf('/') + 1) || 'file' };
    case 'symlink':
      return { kind: 'symlink', target: entry.target };
    case 'too_large':
      return fail('firmware_file_too_large');
    case 'not_a_file':
      return fail('firmware_not_regular_file');
    case 'unreadable':
    case 'omitted':
      return fail('firmware_file_unreadable');
    default:
      // Listed by the assessment but not found again: the unpacker changed since, or the image did.
      return fail('firmware_file_unreadable');
  }
}
