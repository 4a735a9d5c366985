/**
 * Single files of a firmware task's unpacked image (SPEC §7 /f/unpack_file_download,
 * issue 23's text/hex viewer, image preview and compare's text diffs). The
 * contents are re-carved from the stored image in a child process (run-carve.ts):
 * first the clicked file alone, from its file system (located by the assessment),
 * then the rest of the tree for a bounded per-task cache (carve-cache.ts); the portal process
 * never parses the image. A path is served only when the task's stored
 * assessment lists it, so nothing outside the assessed tree can be asked for.
 */
import type { Assessment } from '@citadel/contracts';
import type { CarvedEntry, LocatorStep } from '@citadel/engine-firmware/carve';
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

/** A task's file list and where its file systems are in the image (for the fast carve of one file). */
interface Listing {
  stamp: number;
  files: Map<string, Listed>;
  locators: LocatorStep[][] | undefined;
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
  private readonly listings = new Map<number, Listing>();
  private readonly inFlight = new Map<string, Job>();

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
    const listed = (await this.listing(task)).files.get(path);
    if (!listed) fail('file_not_found');
    return { task, listed };
  }

  private async listing(task: TaskRecord): Promise<Listing> {
    const known = this.listings.get(task.id);
    // A task run again has a new result: its listing is read again (its image, and so its carve, stays the same).
    if (known && known.stamp === task.updated_at) return known;
    const json = task.status === 'FINISHED' ? await this.repo.result(task.id) : undefined;
    if (!json) fail('file_not_found');
    const target = (JSON.parse(json) as Assessment).target;
    const m = new Map<string, Listed>();
    if (Array.isArray(target.files)) {
      for (const f of target.files as { path?: unknown; type?: unknown; size?: unknown }[]) {
        if (typeof f?.path === 'string' && typeof f.type === 'string') m.set(f.path, { type: f.type, size: typeof f.size === 'number' ? f.size : 0 });
      }
    }
    const listing: Listing = { stamp: task.updated_at, files: m, locators: locatorsOf(target.filesystems) };
    // A handful of listings: a task's list is parsed once per browsing session, not per click.
    this.listings.delete(task.id);
    if (this.listings.size >= 16) this.listings.delete(this.listings.keys().next().value!);
    this.listings.set(task.id, listing);
    return listing;
  }

  private async entry(task: TaskRecord, path: string, retried = false): Promise<CarvedEntry | undefined> {
    const cached = this.cache.get(task.id)?.entries.get(path);
    if (cached && cached.kind !== 'omitted') return cached;
    // The carve of the tree is shared by concurrent clicks; a file the budget left out is carved by name.
    const key = cached ? `${task.id}\0${path}` : `${task.id}`;
    // Read before looking for a running carve: no await between that look and registering a new one.
    const { locators } = await this.listing(task);
    const running = this.inFlight.get(key);
    if (running) {
      // A child still reading the tree takes the path next; otherwise its last answer has it.
      const found = running.ask ? await running.ask(path) : (await running.final).entries.get(path);
      // Joined a carve made for another path, whose budget left this one out: carve it by name.
      if (found?.kind === 'omitted' && !cached && !retried) return this.entry(task, path, true);
      return found;
    }
    const job = this.carve(task, [path], locators);
    const final = job.final.then((c) => {
      this.cache.set(task.id, c);
      return c;
    });
    void final.finally(() => this.inFlight.delete(key)).catch(() => undefined);
    this.inFlight.set(key, { ...job, final });
    // The child's first answer holds the clicked file (read from its file system alone); the rest of the tree follows for the cache.
    const early = await job.early;
    return early?.entries.get(path) ?? (await final).entries.get(path);
  }

  private carve(task: TaskRecord, want: string[], locators: LocatorStep[][] | undefined): Job & { early: Promise<Carve | undefined> } {
    let answerEarly!: (c: Carve | undefined) => void;
    const early = new Promise<Carve | undefined>((r) => (answerEarly = r));
    // Paths asked for while the child reads the rest of the tree, answered by its next early messages.
    const waiting = new Map<string, ((e: CarvedEntry) => void)[]>();
    let askChild: ((paths: string[]) => void) | undefined;
    const onEarly = (m: { entries: Map<string, CarvedEntry>; bytes: number }): void => {
      answerEarly({ entries: m.entries, bytes: m.bytes });
      for (const [p, e] of m.entries) {
        for (const w of waiting.get(p) ?? []) w(e);
        waiting.delete(p);
      }
    };
    const final = (async (): Promise<Carve> => {
      const controller = new AbortController();
      const input = await this.fetchSample(task.sample_id!, controller.signal).catch(() => fail('file_not_found'));
      try {
        const req = { type: 'carve' as const, imagePath: input.path, maxFileBytes: this.opts.maxFileBytes, budgetBytes: this.opts.budgetBytes, want, ...(locators ? { locators } : {}) };
        const out = await carveInChild(req, this.opts.limits, onEarly, locators ? (w) => (askChild = w) : undefined);
        if (out.type !== 'carved') {
          this.opts.log?.(`firmware carve of task ${task.task_uid} failed: ${out.type === 'failed' ? out.message : out.type}`);
          fail('firmware_unpack_failed');
        }
        return { entries: out.entries, bytes: out.bytes };
      } finally {
        await input.cleanup();
      }
    })();
    void final.then(
      () => answerEarly(undefined),
      () => answerEarly(undefined),
    );
    const ask = (path: string): Promise<CarvedEntry | undefined> =>
      new Promise<CarvedEntry | undefined>((resolve, reject) => {
        const list = waiting.get(path) ?? [];
        list.push(resolve);
        waiting.set(path, list);
        askChild?.([path]);
        // Whatever the child did not answer early (not located, already past its loop) its last answer has.
        final.then((c) => resolve(c.entries.get(path)), reject);
      });
    return { early, final, ...(locators ? { ask } : {}) };
  }
}

/** A running carve of a task: its last answer, and (located carves) a way to ask for a path next. */
interface Job {
  final: Promise<Carve>;
  ask?: (path: string) => Promise<CarvedEntry | undefined>;
}

/** The file systems' locators of a stored target, checked (they go to the child as they are); undefined when any is missing or malformed. */
function locatorsOf(filesystems: unknown): LocatorStep[][] | undefined {
  if (!Array.isArray(filesystems) || filesystems.length === 0 || filesystems.length > 64) return undefined;
  const out: LocatorStep[][] = [];
  for (const fs of filesystems as { locator?: unknown }[]) {
    const loc = fs?.locator;
    if (!Array.isArray(loc) || loc.length === 0 || loc.length > 8) return undefined;
    const steps: LocatorStep[] = [];
    for (const s of loc as Record<string, unknown>[]) {
      if (typeof s?.handler !== 'string' || !Number.isSafeInteger(s.offset) || (s.blob !== undefined && !Number.isSafeInteger(s.blob))) return undefined;
      steps.push({ handler: s.handler, offset: s.offset as number, ...(s.blob !== undefined ? { blob: s.blob as number } : {}) });
    }
    out.push(steps);
  }
  return out;
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
