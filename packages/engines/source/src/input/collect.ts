/**
 * Reads the project's files one at a time (never the whole project in
 * memory): from a folder (symlinks not followed), a zip (openZip, limits) or
 * a tar/tar.gz (readTar, limits). Unsafe entry names (.., absolute), huge
 * files and vendored folders are skipped and reported through `note`.
 */
import { lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { type ArchiveLimits, EngineInputError, FormatError, openZip, readTar } from '@citadel/engine-core';
import { kindOf, looksBinary, skippedFolderOf } from './languages.ts';

export interface ProjectFile {
  path: string;
  size: number;
  bytes: Buffer;
}

export interface CollectLimits {
  /** Files larger than this are not analysed (generated bundles, data). */
  maxFileBytes: number;
  maxFiles: number;
  archive?: Partial<ArchiveLimits>;
}

export const DEFAULT_COLLECT_LIMITS: CollectLimits = { maxFileBytes: 2 * 1024 * 1024, maxFiles: 200_000 };

export interface CollectNotes {
  /** Skipped vendored/generated folders with the number of files in them. */
  skippedFolders: Map<string, number>;
  note(file: string, reason: string): void;
}

export type InputKind = 'folder' | 'zip' | 'tar';

export async function detectInput(p: string, name: string): Promise<InputKind> {
  const st = await lstat(p);
  if (st.isDirectory()) return 'folder';
  const fh = await open(p, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await fh.read(head, 0, 512, 0);
    if (bytesRead >= 4 && head[0] === 0x50 && head[1] === 0x4b) return 'zip';
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar';
    if (bytesRead >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'tar';
    if (/\.(tar|tgz|tar\.gz)$/i.test(name)) return 'tar';
  } finally {
    await fh.close();
  }
  throw new EngineInputError('unsupported_format', 'not a folder, zip or tar(.gz) archive of source code');
}

/** Whether the file is one the engine reads at all (code, config, text for secrets). */
function wanted(rel: string, notes: CollectNotes): boolean {
  const skipped = skippedFolderOf(rel);
  if (skipped) {
    notes.skippedFolders.set(skipped, (notes.skippedFolders.get(skipped) ?? 0) + 1);
    return false;
  }
  return kindOf(rel).kind !== 'other';
}

export async function* collectFiles(p: string, kind: InputKind, limits: CollectLimits, notes: CollectNotes, signal?: AbortSignal): AsyncGenerator<ProjectFile> {
  let count = 0;
  const tooMany = () => {
    if (++count > limits.maxFiles) {
      notes.note('(project)', `more than ${limits.maxFiles} files: the rest was not analysed`);
      return true;
    }
    return false;
  };
  if (kind === 'folder') {
    const stack: string[] = [''];
    while (stack.length) {
      signal?.throwIfAborted();
      const rel = stack.pop()!;
      const entries = await readdir(path.join(p, rel), { withFileTypes: true }).catch(() => []);
      entries.sort((a, b) => (a.name < b.name ? 1 : -1));
      for (const e of entries) {
        const r = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (skippedFolderOf(`${r}/x`)) notes.skippedFolders.set(r, notes.skippedFolders.get(r) ?? 0);
          else stack.push(r);
          continue;
        }
        if (!e.isFile() || !wanted(r, notes)) continue;
        if (tooMany()) return;
        const full = path.join(p, r);
        const st = await lstat(full);
        if (st.size > limits.maxFileBytes) {
          notes.note(r, `file of ${st.size} bytes is larger than ${limits.maxFileBytes}: not analysed`);
          continue;
        }
        const fh = await open(full, 'r');
        try {
          const bytes = Buffer.alloc(st.size);
          const { bytesRead } = await fh.read(bytes, 0, st.size, 0);
          yield { path: r, size: st.size, bytes: bytes.subarray(0, bytesRead) };
        } finally {
          await fh.close();
        }
      }
    }
    return;
  }
  if (kind === 'zip') {
    let zip;
    try {
      zip = await openZip(p, limits.archive ? { limits: limits.archive } : {});
    } catch (e) {
      throw new EngineInputError('corrupt', `the zip archive cannot be read: ${(e as Error).message}`);
    }
    try {
      for (const entry of zip.entries) {
        signal?.throwIfAborted();
        if (entry.isDirectory || entry.isSymlink) continue;
        if (entry.nameIssues.length) {
          notes.note(entry.name.slice(0, 300), `unsafe entry name (${entry.nameIssues.join(', ')}): skipped`);
          continue;
        }
        if (!wanted(entry.name, notes)) continue;
        if (tooMany()) return;
        if (entry.uncompressedSize > limits.maxFileBytes) {
          notes.note(entry.name, `file of ${entry.uncompressedSize} bytes is larger than ${limits.maxFileBytes}: not analysed`);
          continue;
        }
        try {
          const bytes = await zip.read(entry, { maxBytes: limits.maxFileBytes });
          yield { path: entry.name, size: bytes.length, bytes };
        } catch (e) {
          if (!(e instanceof FormatError)) throw e;
          notes.note(entry.name, `cannot be read: ${e.message}`);
        }
      }
    } finally {
      await zip.close();
    }
    return;
  }
  const { createReadStream } = await import('node:fs');
  const reader = readTar(createReadStream(p), limits.archive ? { limits: limits.archive } : {});
  try {
    for await (const entry of reader) {
      signal?.throwIfAborted();
      if (entry.type !== 'file') continue;
      if (entry.nameIssues.length) {
        notes.note(entry.name.slice(0, 300), `unsafe entry name (${entry.nameIssues.join(', ')}): skipped`);
        continue;
      }
      const name = entry.name.replace(/^\.\//, '');
      if (!wanted(name, notes)) continue;
      if (tooMany()) return;
      if (entry.size > limits.maxFileBytes) {
        notes.note(name, `file of ${entry.size} bytes is larger than ${limits.maxFileBytes}: not analysed`);
        continue;
      }
      const bytes = await entry.read({ maxBytes: limits.maxFileBytes });
      yield { path: name, size: bytes.length, bytes };
    }
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    notes.note('(archive)', `the tar archive stopped being readable: ${e.message}`);
  }
}

export { looksBinary };
