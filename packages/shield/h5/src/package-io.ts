/**
 * The web package in memory: an uploaded single HTML file, or a zip of a web
 * app read through engine-core's safe zip reader (entry, size and ratio
 * limits; unsafe names, symlinks and encrypted entries refused). The output is
 * written back in the same shape: an .html for an .html, a zip for a zip.
 */
import { readFile, stat } from 'node:fs/promises';
import { openZip, type ZipEntry } from '@citadel/engine-core';
import { ShieldError } from '@citadel/shield-core';
import { zipSync } from 'fflate';
import { ERRORS } from './texts.ts';

export interface WebPackage {
  kind: 'html' | 'zip';
  /** path inside the package (forward slashes, no leading slash) → bytes */
  files: Map<string, Buffer>;
}

/** Sized for front-end bundles: a production SPA is a few MB; 4,000 files and 200 MB leave ample room. */
export const PACKAGE_LIMITS = { maxEntries: 4000, maxTotal: 200 * 1024 ** 2, maxEntry: 64 * 1024 ** 2, maxHtmlFile: 32 * 1024 ** 2 };

export async function readPackage(file: string, name: string): Promise<WebPackage> {
  const lower = name.toLowerCase();
  if (lower.endsWith('.html') || lower.endsWith('.htm')) {
    const size = (await stat(file)).size;
    if (size > PACKAGE_LIMITS.maxHtmlFile) throw new ShieldError('file_too_large', ERRORS.badZip, `${size} bytes`);
    return { kind: 'html', files: new Map([['index.html', await readFile(file)]]) };
  }
  if (!lower.endsWith('.zip')) throw new ShieldError('unsupported_file_type', ERRORS.badInput);
  let zip;
  try {
    zip = await openZip(file, { limits: { maxEntries: PACKAGE_LIMITS.maxEntries, maxTotalUncompressed: PACKAGE_LIMITS.maxTotal, maxEntrySize: PACKAGE_LIMITS.maxEntry } });
  } catch (err) {
    throw new ShieldError('bad_zip', ERRORS.badZip, (err as Error).message.slice(0, 200));
  }
  try {
    const files = new Map<string, Buffer>();
    let total = 0;
    for (const e of zip.entries as ZipEntry[]) {
      if (e.isDirectory) continue;
      if (e.nameIssues.length || e.isSymlink || e.encrypted) throw new ShieldError('bad_zip', ERRORS.badZip, `unsafe entry ${JSON.stringify(e.name.slice(0, 100))}`);
      if (files.has(e.name)) throw new ShieldError('bad_zip', ERRORS.badZip, `duplicate entry ${JSON.stringify(e.name.slice(0, 100))}`);
      let data: Buffer;
      try {
        data = await zip.read(e, { maxBytes: PACKAGE_LIMITS.maxEntry });
      } catch (err) {
        throw new ShieldError('bad_zip', ERRORS.badZip, (err as Error).message.slice(0, 200));
      }
      total += data.length;
      if (total > PACKAGE_LIMITS.maxTotal) throw new ShieldError('bad_zip', ERRORS.badZip, 'package larger than 200 MB');
      files.set(e.name, data);
    }
    if (![...files.keys()].some(isHtml)) throw new ShieldError('no_html', ERRORS.noHtml);
    return { kind: 'zip', files };
  } finally {
    await zip.close();
  }
}

export const isHtml = (p: string) => /\.html?$/i.test(p);
export const isScript = (p: string) => /\.(m?js|cjs)$/i.test(p);
export const isSourceMap = (p: string) => /\.map$/i.test(p);

export function packageBytes(pkg: WebPackage): Buffer {
  if (pkg.kind === 'html') return pkg.files.get('index.html')!;
  const entries: Record<string, Uint8Array> = {};
  for (const [name, data] of [...pkg.files].sort(([a], [b]) => (a < b ? -1 : 1))) entries[name] = data;
  return Buffer.from(zipSync(entries, { level: 6, mtime: new Date('2020-01-01T00:00:00Z') }));
}

export function totalBytes(pkg: WebPackage): number {
  let n = 0;
  for (const b of pkg.files.values()) n += b.length;
  return n;
}
