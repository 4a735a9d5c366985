/**
 * Re-carving file contents from a stored image, for the portal's file viewer,
 * single-file downloads and compare's text diffs (README "Where preview
 * contents come from"). The image is unpacked again with the same limits as the
 * assessment (the unpacker is deterministic, so the paths are the ones the
 * assessment listed) and the wanted contents are taken from the ImageView.
 *
 * Meant to run in a throw-away child process: the result is plain data (bytes,
 * link targets, reasons), never an object of the unpacker.
 */
import { ImageView } from '../analysis/view.ts';
import { DEFAULT_LIMITS, type FsNode, type LocatorStep, type NodeType, UnpackBudget, type UnpackLimits } from '../unpack/model.ts';
import { unpackImage } from '../unpack/scan.ts';
import { LocatedImage, loadContents } from './locate.ts';

export type CarvedEntry =
  /** A regular file's contents. */
  | { kind: 'file'; size: number; data: Uint8Array }
  /** A symlink: its target text as stored (never followed). */
  | { kind: 'symlink'; target: string }
  /** A regular file over the per-file cap: its contents are not given. */
  | { kind: 'too_large'; size: number }
  /** A regular file the unpacker could not read (truncated image, bad block …). */
  | { kind: 'unreadable'; reason: string }
  /** A directory, device node, FIFO or socket: there are no contents to give. */
  | { kind: 'not_a_file'; type: NodeType }
  /** A regular file left out to keep the answer within its byte budget (ask for it by name). */
  | { kind: 'omitted'; size: number };

export interface CarveOptions {
  /** Largest regular file whose contents are given. */
  maxFileBytes: number;
  /** Sum of the contents given in one answer: the wanted paths first, then other files in path order while they fit. */
  budgetBytes: number;
  /** Paths asked for; every other path is given only while the budget lasts. */
  want?: readonly string[];
  limits?: UnpackLimits;
}

export interface CarveResult {
  /** Every node of the view by path (same paths as the assessment's file list). */
  entries: Map<string, CarvedEntry>;
  /** Bytes of contents given. */
  bytes: number;
}

export function carveImage(image: Uint8Array, opts: CarveOptions): CarveResult {
  const view = new ImageView(unpackImage(image, opts.limits ?? DEFAULT_LIMITS));
  const out = new Answer(opts, new UnpackBudget(opts.limits ?? DEFAULT_LIMITS));
  for (const p of opts.want ?? []) out.give(p, view.nodes.get(p), true);
  for (const p of [...view.nodes.keys()].sort()) out.give(p, view.nodes.get(p), false);
  return out.result();
}

/**
 * The file viewer's fast path: only the file systems the assessment located
 * are re-carved (listed without contents), and only the wanted files are read
 * — `first` answers the click. `rest()` then gives every other node of those
 * file systems while the budget lasts, for the portal's cache of the task.
 * A wanted path the locators do not lead to (an assessment of an older
 * unpacker) is looked for by a whole-image carve instead.
 */
export interface LocatedCarve {
  /** The wanted files. */
  first: CarveResult;
  /** Every node of the located file systems while the budget lasts (the wanted ones included). */
  rest: () => CarveResult;
  /** The paths `rest` goes through, in order (for a caller that interleaves other work). */
  paths: () => string[];
  /** Gives one path now (`required`: regardless of the budget); undefined when no located file system has it. */
  give: (path: string, required: boolean) => CarvedEntry | undefined;
  /** What has been given so far. */
  result: () => CarveResult;
}

export function carveLocated(image: Uint8Array, locators: readonly (readonly LocatorStep[] | undefined)[], opts: CarveOptions): LocatedCarve {
  const limits = opts.limits ?? DEFAULT_LIMITS;
  const located = new LocatedImage(image, locators, limits);
  const out = new Answer(opts, located.budget);
  const want = opts.want ?? [];
  const missing = want.filter((p) => !located.node(p));
  if (missing.length) {
    const whole = carveImage(image, { ...opts, want: missing });
    return { first: whole, rest: () => whole, paths: () => [], give: (p) => whole.entries.get(p), result: () => whole };
  }
  for (const p of want) out.give(p, located.node(p), true);
  const first = out.result();
  let all: Map<string, FsNode> | undefined;
  const nodes = (): Map<string, FsNode> => (all ??= located.all());
  const paths = (): string[] => [...nodes().keys()].sort();
  const give = (p: string, required: boolean): CarvedEntry | undefined => {
    out.give(p, nodes().get(p), required);
    return out.entry(p);
  };
  return {
    first,
    rest: () => {
      for (const p of paths()) give(p, false);
      return out.result();
    },
    paths,
    give,
    result: () => out.result(),
  };
}

/** The entries given so far, within the per-file cap and the byte budget. */
class Answer {
  private readonly entries = new Map<string, CarvedEntry>();
  private bytes = 0;

  constructor(
    private readonly opts: CarveOptions,
    private readonly budget: UnpackBudget,
  ) {}

  give(path: string, n: FsNode | undefined, required: boolean): void {
    const had = this.entries.get(path);
    // An entry the budget left out is given when it is asked for by name.
    if (!n || (had && !(required && had.kind === 'omitted'))) return;
    const size = n.data?.length ?? n.size;
    if (n.type === 'symlink') this.entries.set(path, { kind: 'symlink', target: n.target ?? '' });
    else if (n.type !== 'file') this.entries.set(path, { kind: 'not_a_file', type: n.type });
    else if (size > this.opts.maxFileBytes) this.entries.set(path, { kind: 'too_large', size });
    else if (!required && this.bytes + size > this.opts.budgetBytes) this.entries.set(path, { kind: 'omitted', size });
    else {
      const got = loadContents(n, this.budget);
      if ('error' in got) this.entries.set(path, { kind: 'unreadable', reason: got.error });
      else if (got.data.length > this.opts.maxFileBytes) this.entries.set(path, { kind: 'too_large', size: got.data.length });
      else {
        // A copy: the node's bytes may be a view into a much larger decompressed buffer.
        this.entries.set(path, { kind: 'file', size: got.data.length, data: new Uint8Array(got.data) });
        this.bytes += got.data.length;
      }
    }
  }

  result(): CarveResult {
    return { entries: new Map(this.entries), bytes: this.bytes };
  }

  entry(path: string): CarvedEntry | undefined {
    return this.entries.get(path);
  }
}
