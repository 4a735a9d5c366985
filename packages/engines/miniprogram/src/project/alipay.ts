/**
 * Alipay input: the ZIP-compatible .amr offline package (resources directly
 * or in an inner "<appId>.tar") and tar / tar.gz packages, read through
 * engine-core's bounded archive readers. Only entries whose role matters
 * (scripts, templates, configuration, source maps) are read; the rest are
 * listed by size.
 */
import { createReadStream } from 'node:fs';
import { EngineInputError, FormatError, NAME_ISSUE_REASONS, type NameIssue, openZip, readTar } from '@citadel/engine-core';
import { ALIPAY_SCANNED_ROLES, classifyAlipayEntry } from '../formats/index.ts';
import type { ProjectCollector } from './collect.ts';
import type { PackageInfo } from './model.ts';

/** Largest entry read from an archive; larger ones are reported unreadable. */
const MAX_ENTRY_READ = 128 << 20;

type Described = Omit<PackageInfo, 'size' | 'md5' | 'sha1' | 'sha256'>;

function isMainEntry(name: string): boolean {
  return /^(?:[^/]+\/)?(?:app\.json|mini\.project\.json|appConfig\.json|index\.worker\.js)$/.test(name);
}

function noteNameIssues(c: ProjectCollector, pkg: string, name: string, issues: readonly NameIssue[]): void {
  if (issues.length > 0) c.project.anomalies.push({ file: pkg, detail: `entry ${JSON.stringify(name.slice(0, 200))}: ${issues.map((i) => NAME_ISSUE_REASONS[i]).join('; ')}` });
}

export async function readAlipayZip(fileName: string, path: string, c: ProjectCollector, signal?: AbortSignal): Promise<Described> {
  let zip;
  try {
    zip = await openZip(path);
  } catch (e) {
    if (e instanceof FormatError) throw new EngineInputError('corrupt', `${fileName}: ${e.message}`);
    throw e;
  }
  try {
    let main = false;
    for (const a of zip.anomalies.slice(0, 100)) c.project.anomalies.push({ file: fileName, detail: `${a.kind}: ${a.detail}` });
    for (const e of zip.entries) {
      signal?.throwIfAborted();
      if (e.isDirectory) continue;
      noteNameIssues(c, fileName, e.name, e.nameIssues);
      const role = classifyAlipayEntry(e.name);
      if (isMainEntry(e.name)) main = true;
      if (role !== 'inner-tar' && !ALIPAY_SCANNED_ROLES.has(role)) {
        c.list(fileName, e.name, e.uncompressedSize);
        continue;
      }
      if (e.uncompressedSize > MAX_ENTRY_READ) {
        c.project.unreadable.push({ file: e.name, reason: `entry of ${e.uncompressedSize} bytes is over the ${MAX_ENTRY_READ}-byte read limit` });
        continue;
      }
      let data: Buffer;
      try {
        data = await zip.read(e, { maxBytes: MAX_ENTRY_READ });
      } catch (err) {
        if (!(err instanceof FormatError)) throw err;
        c.project.unreadable.push({ file: e.name, reason: err.message });
        continue;
      }
      if (role === 'inner-tar') {
        const inner = await readAlipayTarEntries(`${fileName}!${e.name}`, data, c, signal);
        main ||= inner.main;
      } else c.add(fileName, e.name, data);
    }
    return { fileName, format: /\.amr$/i.test(fileName) ? 'amr' : 'zip', role: main ? 'main' : 'sub', entryCount: zip.entries.length };
  } finally {
    await zip.close();
  }
}

export async function readAlipayTar(fileName: string, path: string, c: ProjectCollector, signal?: AbortSignal): Promise<Described> {
  const r = await readAlipayTarEntries(fileName, createReadStream(path), c, signal);
  return { fileName, format: 'tar', role: r.main ? 'main' : 'sub', entryCount: r.count };
}

async function readAlipayTarEntries(pkg: string, input: Parameters<typeof readTar>[0], c: ProjectCollector, signal?: AbortSignal): Promise<{ main: boolean; count: number }> {
  const tar = readTar(input);
  let main = false;
  let count = 0;
  try {
    for await (const e of tar) {
      signal?.throwIfAborted();
      count++;
      noteNameIssues(c, pkg, e.name, e.nameIssues);
      if (e.type === 'symlink' || e.type === 'hardlink') {
        c.project.anomalies.push({ file: pkg, detail: `entry ${JSON.stringify(e.name.slice(0, 200))}: link to ${JSON.stringify((e.linkName ?? '').slice(0, 200))} (not followed)` });
        continue;
      }
      if (e.type !== 'file') continue;
      const name = e.name.replace(/^\.\//, '');
      if (isMainEntry(name)) main = true;
      const role = classifyAlipayEntry(name);
      if (!ALIPAY_SCANNED_ROLES.has(role)) {
        c.list(pkg, name, e.size);
        continue;
      }
      if (e.size > MAX_ENTRY_READ) {
        c.project.unreadable.push({ file: name, reason: `entry of ${e.size} bytes is over the ${MAX_ENTRY_READ}-byte read limit` });
        continue;
      }
      c.add(pkg, name, await e.read({ maxBytes: MAX_ENTRY_READ }));
    }
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    if (count === 0) throw new EngineInputError('corrupt', `${pkg}: ${e.message}`);
    c.project.unreadable.push({ file: pkg, reason: `tar read stopped: ${e.message}` });
  }
  for (const a of tar.anomalies.slice(0, 100)) if (a.kind !== 'unsafe-name' && a.kind !== 'link') c.project.anomalies.push({ file: pkg, detail: `${a.kind}: ${a.detail}` });
  return { main, count };
}
