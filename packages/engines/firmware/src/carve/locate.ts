/**
 * Re-carving just the file systems of an image, from the locators the
 * assessment stored (FileSystem.locator): each step replays one handler at its
 * offset (taking the named decompressed blob), and the last one lists the file
 * system without contents. A file's contents are then read on demand
 * (FsNode.load: one squashfs file's blocks and fragment, one cramfs file's
 * pages …), so opening /etc/passwd does not decompress the kernel or the other
 * 500 files. Everything stays under the same limits as a whole unpack.
 */
import { HANDLERS } from '../unpack/scan.ts';
import { type FileSystem, type FsNode, type LocatorStep, UnpackBudget, type UnpackLimits } from '../unpack/model.ts';

/** The located file systems, listed lazily, with paths as ImageView gives them. */
export class LocatedImage {
  private readonly listed = new Map<number, Map<string, FsNode> | null>();
  readonly errors: string[] = [];
  readonly budget: UnpackBudget;

  constructor(
    private readonly image: Uint8Array,
    private readonly locators: readonly (readonly LocatorStep[] | undefined)[],
    limits: UnpackLimits,
  ) {
    this.budget = new UnpackBudget(limits);
  }

  /** The node at a path of the assessment's file list (ImageView's naming: the first file system at '/', the others under '/fs<n>'). */
  node(path: string): FsNode | undefined {
    const first = this.fileSystem(0)?.get(path);
    if (first) return first;
    const m = /^\/fs([1-9]\d{0,4})(\/.*)?$/.exec(path);
    if (!m) return undefined;
    const inner = this.fileSystem(Number(m[1]))?.get(m[2] ?? '/');
    return inner && { ...inner, path };
  }

  /** Every node of every located file system, ImageView's paths (first wins on a clash). */
  all(): Map<string, FsNode> {
    const out = new Map<string, FsNode>();
    this.locators.forEach((_, i) => {
      for (const [p, n] of this.fileSystem(i) ?? []) {
        const path = i === 0 ? p : `/fs${i}${p === '/' ? '' : p}`;
        if (!out.has(path)) out.set(path, path === p ? n : { ...n, path });
      }
    });
    return out;
  }

  private fileSystem(i: number): Map<string, FsNode> | undefined {
    if (!this.listed.has(i)) {
      let fs: FileSystem | undefined;
      try {
        const loc = this.locators[i];
        fs = loc ? replay(this.image, loc, this.budget) : undefined;
      } catch (e) {
        this.errors.push(`file system ${i}: ${(e as Error).message}`);
      }
      this.listed.set(i, fs ? new Map(fs.nodes.map((n) => [n.path, n])) : null);
    }
    return this.listed.get(i) ?? undefined;
  }
}

/** Replays a locator: the file system it leads to, listed without contents (files get `load`). */
export function replay(image: Uint8Array, steps: readonly LocatorStep[], budget: UnpackBudget): FileSystem | undefined {
  if (steps.length === 0 || steps.length > budget.limits.maxDepth) throw new Error(`locator of ${steps.length} steps refused`);
  let buf = image;
  for (const [depth, step] of steps.entries()) {
    const h = HANDLERS.find((x) => x.name === step.handler);
    if (!h) throw new Error(`unknown handler ${JSON.stringify(String(step.handler).slice(0, 40))}`);
    if (!Number.isSafeInteger(step.offset) || step.offset < 0 || step.offset >= buf.length) throw new Error(`offset ${step.offset} outside the buffer`);
    const carved = h.carve(buf, step.offset, { budget, depth, readContents: false });
    if (!carved) throw new Error(`no ${h.name} region at 0x${step.offset.toString(16)} any more`);
    if (depth === steps.length - 1) return carved.filesystem;
    const blobs = [...(carved.blob ? [carved.blob] : []), ...(carved.blobs ?? [])];
    const next = step.blob === undefined ? undefined : blobs[step.blob];
    if (!next) throw new Error(`${h.name} at 0x${step.offset.toString(16)} has no blob ${step.blob}`);
    buf = next.data;
  }
  return undefined;
}

/** A regular file's contents read on demand, against the budget; an error text instead when it cannot be read. */
export function loadContents(n: FsNode, budget: UnpackBudget): { data: Uint8Array } | { error: string } {
  if (n.data) return { data: n.data };
  if (n.error) return { error: n.error };
  if (!n.load) return { error: 'the contents could not be read' };
  const over = budget.takeBytes(n.size);
  if (over) return { error: over };
  try {
    const data = n.load();
    return data.length < n.size ? { error: `file truncated: ${data.length} of ${n.size} bytes present` } : { data };
  } catch (e) {
    return { error: (e as Error).message || 'the contents could not be read' };
  }
}
