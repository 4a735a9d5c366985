/**
 * The project in memory: a zip read through engine-core's safe zip reader
 * (entry, size and ratio limits; unsafe names, symlinks and encrypted entries
 * refused), its root folder found (GitHub-style zips wrap everything in one
 * "name-main/" folder), written to scratch folders for compiling and running,
 * and zipped back in the same layout.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openZip, type ZipEntry } from '@citadel/engine-core';
import { ShieldError } from '@citadel/shield-core';
import { zipSync } from 'fflate';
import { languageCounts, SUPPORTED_LANGUAGES } from './languages.ts';
import { ERRORS } from './texts.ts';

export interface Project {
  /** folder inside the zip that holds package.json ('' or 'name-main/') */
  prefix: string;
  /** path relative to the project root (forward slashes) → bytes */
  files: Map<string, Buffer>;
  /** entries outside the project root (kept byte for byte in the output) */
  outside: Map<string, Buffer>;
}

/** Projects with their node_modules can be large; 20,000 files and 300 MB leave room for a typical service. */
export const PROJECT_LIMITS = { maxEntries: 20_000, maxTotal: 300 * 1024 ** 2, maxEntry: 64 * 1024 ** 2 };

export async function readProject(file: string, name: string): Promise<Project> {
  if (!name.toLowerCase().endsWith('.zip')) throw new ShieldError('unsupported_file_type', ERRORS.badInput);
  let zip;
  try {
    zip = await openZip(file, { limits: { maxEntries: PROJECT_LIMITS.maxEntries, maxTotalUncompressed: PROJECT_LIMITS.maxTotal, maxEntrySize: PROJECT_LIMITS.maxEntry } });
  } catch (err) {
    throw new ShieldError('bad_zip', ERRORS.badZip, (err as Error).message.slice(0, 200));
  }
  const all = new Map<string, Buffer>();
  try {
    let total = 0;
    for (const e of zip.entries as ZipEntry[]) {
      if (e.isDirectory) continue;
      if (e.nameIssues.length || e.isSymlink || e.encrypted) throw new ShieldError('bad_zip', ERRORS.badZip, `unsafe entry ${JSON.stringify(e.name.slice(0, 100))}`);
      if (all.has(e.name)) throw new ShieldError('bad_zip', ERRORS.badZip, `duplicate entry ${JSON.stringify(e.name.slice(0, 100))}`);
      let data: Buffer;
      try {
        data = await zip.read(e, { maxBytes: PROJECT_LIMITS.maxEntry });
      } catch (err) {
        throw new ShieldError('bad_zip', ERRORS.badZip, (err as Error).message.slice(0, 200));
      }
      total += data.length;
      if (total > PROJECT_LIMITS.maxTotal) throw new ShieldError('bad_zip', ERRORS.badZip, 'project larger than 300 MB');
      all.set(e.name, data);
    }
  } finally {
    await zip.close();
  }
  const prefix = findRoot([...all.keys()]);
  const files = new Map<string, Buffer>();
  const outside = new Map<string, Buffer>();
  for (const [p, b] of all) (p.startsWith(prefix) ? files.set(p.slice(prefix.length), b) : outside.set(p, b));
  checkLanguages(files);
  const pj = files.get('package.json');
  try {
    if (!pj || typeof JSON.parse(pj.toString('utf8')) !== 'object') throw new Error('missing');
  } catch {
    throw new ShieldError('no_package_json', ERRORS.noPackageJson, prefix ? `looked in ${prefix}` : undefined);
  }
  return { prefix, files, outside };
}

/** The shallowest package.json outside node_modules decides the root. */
function findRoot(paths: string[]): string {
  const roots = paths.filter((p) => /(^|\/)package\.json$/.test(p) && !/(^|\/)node_modules\//.test(p)).map((p) => p.slice(0, -'package.json'.length));
  roots.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return roots[0] ?? '';
}

/** Refuses a project with no JavaScript/TypeScript of its own, naming what it found instead. */
function checkLanguages(files: Map<string, Buffer>): void {
  const counts = languageCounts(files.keys());
  if (counts.some(([l]) => (SUPPORTED_LANGUAGES as readonly string[]).includes(l))) return;
  const found = counts.length ? counts.slice(0, 5).map(([l, n]) => `${l} (${n} files)`).join(', ') : 'no source files';
  throw new ShieldError('unsupported_language', ERRORS.unsupportedLanguage, `found: ${found}; supported: ${SUPPORTED_LANGUAGES.join(', ')}`);
}

export async function writeTree(dir: string, files: Map<string, Buffer>): Promise<void> {
  const made = new Set<string>();
  for (const [p, b] of files) {
    const target = path.join(dir, p);
    const parent = path.dirname(target);
    if (!made.has(parent)) {
      await mkdir(parent, { recursive: true });
      made.add(parent);
    }
    await writeFile(target, b);
  }
}

export function projectZip(p: Project): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, data] of p.outside) entries[name] = data;
  for (const [name, data] of p.files) entries[p.prefix + name] = data;
  const sorted: Record<string, Uint8Array> = {};
  for (const k of Object.keys(entries).sort()) sorted[k] = entries[k]!;
  return Buffer.from(zipSync(sorted, { level: 6, mtime: new Date('2020-01-01T00:00:00Z') }));
}

export function totalBytes(files: Map<string, Buffer>): number {
  let n = 0;
  for (const b of files.values()) n += b.length;
  return n;
}
