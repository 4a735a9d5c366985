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
import { DEFAULT_LIMITS, type NodeType, type UnpackLimits } from '../unpack/model.ts';
import { unpackImage } from '../unpack/scan.ts';

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
  const entries = new Map<string, CarvedEntry>();
  let bytes = 0;
  const give = (path: string, required: boolean): void => {
    const n = view.nodes.get(path);
    if (!n || entries.has(path)) return;
    if (n.type === 'symlink') entries.set(path, { kind: 'symlink', target: n.target ?? '' });
    else if (n.type !== 'file') entries.set(path, { kind: 'not_a_file', type: n.type });
    else if (n.data === undefined) entries.set(path, { kind: 'unreadable', reason: n.error ?? 'the contents could not be read' });
    else if (n.data.length > opts.maxFileBytes) entries.set(path, { kind: 'too_large', size: n.data.length });
    else if (!required && bytes + n.data.length > opts.budgetBytes) entries.set(path, { kind: 'omitted', size: n.data.length });
    else {
      // A copy: the node's bytes may be a view into a much larger decompressed buffer.
      entries.set(path, { kind: 'file', size: n.data.length, data: new Uint8Array(n.data) });
      bytes += n.data.length;
    }
  };
  for (const p of opts.want ?? []) give(p, true);
  for (const p of [...view.nodes.keys()].sort()) give(p, false);
  return { entries, bytes };
}
