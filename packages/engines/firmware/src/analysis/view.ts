/**
 * The unpacked image as the checks see it: every node of every file system by
 * path (the first file system wins on a clash; others are reachable under
 * "/fs<n>/…"), file text on demand, and symlink resolution that stays inside
 * the tree (absolute targets from the file system's root, at most 8 hops; a
 * target outside the tree resolves to nothing).
 */
import { isElf } from '@citadel/engine-core';
import type { FsNode } from '../unpack/model.ts';
import type { UnpackedImage } from '../unpack/scan.ts';

export class ImageView {
  readonly nodes = new Map<string, FsNode>();
  private readonly texts = new Map<string, string>();

  constructor(readonly image: UnpackedImage) {
    image.filesystems.forEach((fs, i) => {
      for (const n of fs.nodes) {
        const path = i === 0 ? n.path : `/fs${i}${n.path === '/' ? '' : n.path}`;
        if (!this.nodes.has(path)) this.nodes.set(path, path === n.path ? n : { ...n, path });
      }
    });
  }

  /** Regular files with contents, in path order. */
  files(): FsNode[] {
    return [...this.nodes.values()].filter((n) => n.type === 'file' && n.data !== undefined).sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  elfFiles(): FsNode[] {
    return this.files().filter((n) => isElf(n.data!));
  }

  /** The node a path leads to, following symlinks inside the tree only. */
  resolve(path: string, hops = 0): FsNode | undefined {
    const n = this.nodes.get(path);
    if (!n || n.type !== 'symlink') return n;
    if (hops >= 8 || n.target === undefined) return undefined;
    const base = n.target.startsWith('/') ? [] : path.split('/').slice(1, -1);
    for (const part of n.target.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (base.length === 0) return undefined; // would leave the tree
        base.pop();
      } else base.push(part);
    }
    return this.resolve(`/${base.join('/')}`, hops + 1);
  }

  /** Latin-1 text of a file (every byte kept, so offsets match), cached. */
  text(n: FsNode): string {
    let t = this.texts.get(n.path);
    if (t === undefined) {
      t = n.data ? Buffer.from(n.data.buffer, n.data.byteOffset, n.data.length).toString('latin1') : '';
      if (this.texts.size < 4096) this.texts.set(n.path, t);
    }
    return t;
  }

  /** Whether the file looks like text (no NUL in its first 4 KiB). */
  isText(n: FsNode): boolean {
    const d = n.data;
    if (!d || d.length === 0) return false;
    const head = d.subarray(0, 4096);
    return !head.includes(0);
  }

  textFiles(maxSize = 4 << 20): FsNode[] {
    return this.files().filter((n) => n.size <= maxSize && this.isText(n));
  }
}

/** Printable runs of at least `min` characters (like strings(1)), with their offsets. */
export function* strings(text: string, min = 6): Generator<{ s: string; offset: number }> {
  const re = new RegExp(`[\\x20-\\x7e\\t]{${min},}`, 'g');
  for (const m of text.matchAll(re)) yield { s: m[0], offset: m.index };
}
