/**
 * File systems that store whole paths per entry (cpio, tar) or walk their own
 * trees (romfs) end up as the same node list as squashfs. This builder is the
 * one place where such paths are made safe: '.' and empty parts dropped, a '..'
 * part or a NUL refuses the entry (it would escape the tree), depth and node
 * count bounded by the image's budget, contents taken against the byte budget.
 */
import type { FileSystem, FsNode, NodeType, UnpackBudget } from '../model.ts';

/** Unix st_mode type bits (S_IFMT) to node types; cpio and romfs store them as Linux does. */
export function typeFromMode(mode: number): NodeType | undefined {
  switch (mode & 0o170000) {
    case 0o100000:
      return 'file';
    case 0o040000:
      return 'dir';
    case 0o120000:
      return 'symlink';
    case 0o020000:
      return 'chardev';
    case 0o060000:
      return 'blockdev';
    case 0o010000:
      return 'fifo';
    case 0o140000:
      return 'socket';
    default:
      return undefined;
  }
}

/** '/'-rooted normal form of an archive path, or undefined when the path would climb out or is not a name. */
export function normalisePath(raw: string): string | undefined {
  if (raw.includes('\0')) return undefined;
  const parts: string[] = [];
  for (const p of raw.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') return undefined;
    parts.push(p);
  }
  return `/${parts.join('/')}`;
}

export interface NewNode {
  path: string;
  type: NodeType;
  mode: number;
  uid?: number;
  gid?: number;
  mtime?: number;
  size?: number;
  target?: string;
  rdev?: number;
  /** Lazily read contents: called only when contents are wanted and the budget allows. */
  read?: () => Uint8Array;
}

export class FsBuilder {
  readonly nodes: FsNode[] = [];
  readonly errors: string[] = [];
  private readonly seen = new Set<string>();
  private full = false;

  constructor(
    private readonly budget: UnpackBudget,
    private readonly readContents: boolean,
  ) {}

  /** Adds one entry; false once the node budget is spent (the caller stops reading). */
  add(n: NewNode): boolean {
    if (this.full) return false;
    const path = normalisePath(n.path);
    if (path === undefined) {
      this.errors.push(`entry name ${JSON.stringify(n.path.slice(0, 200))} refused (climbs out of the tree or holds NUL)`);
      return true;
    }
    if (path.split('/').length - 1 > this.budget.limits.maxPathDepth) {
      this.errors.push(`${path.slice(0, 200)}: deeper than ${this.budget.limits.maxPathDepth} levels; not read`);
      return true;
    }
    if (this.seen.has(path) && n.type === 'dir') return true; // archives often repeat directories
    if (!this.budget.takeNode()) {
      this.full = true;
      this.errors.push(`node limit of ${this.budget.limits.maxNodes} reached; the rest of the file system was not read`);
      return false;
    }
    this.seen.add(path);
    const node: FsNode = { path, type: n.type, mode: n.mode & 0o7777, uid: n.uid ?? 0, gid: n.gid ?? 0, mtime: n.mtime ?? 0, size: n.size ?? (n.target?.length ?? 0) };
    if (n.target !== undefined) node.target = n.target;
    if (n.rdev !== undefined) node.rdev = n.rdev;
    if (n.type === 'file' && n.read && this.readContents) {
      const over = this.budget.takeBytes(node.size);
      if (over) node.error = over;
      else {
        try {
          node.data = n.read();
          if (node.data.length < node.size) node.error = `file truncated: ${node.data.length} of ${node.size} bytes present`;
        } catch (e) {
          node.error = (e as Error).message;
        }
      }
      if (node.error) this.errors.push(`${path}: ${node.error}`);
    } else if (n.type === 'file' && n.read) node.load = n.read;
    this.nodes.push(node);
    return true;
  }

  fileSystem(kind: string, variant: string, offset: number, length: number, declaredInodes = this.nodes.length): FileSystem {
    return { kind, variant, offset, length, declaredInodes, nodes: this.nodes, errors: this.errors };
  }
}
