/**
 * Reads vulnerability files from disk as a stream of records: OSV dumps
 * (all.zip per ecosystem, or loose <ID>.json files), NVD CVE API 2.0 records
 * (one cve object per .json, a zip of them, or API pages {vulnerabilities:[…]}).
 * A zip is read entry by entry through positioned reads (never the whole file);
 * each entry is capped; a record that does not parse is reported as bad and the
 * walk goes on.
 */
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ZipArchive } from '@citadel/engine-core';
import { WindowedFileSource } from './window.ts';
import type { VulnRecord } from '../model.ts';
import { parseOsv, type ParseResult } from '../osv/parse.ts';
import { nvdPageRecords, parseNvd } from '../nvd/parse.ts';

/** One advisory file is small; anything bigger is hostile or not an advisory. */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;
const MAX_FILES = 20_000;
const MAX_DEPTH = 6;

export type SourceItem =
  | { kind: 'record'; record: VulnRecord }
  | { kind: 'bad'; file: string; reason: string }
  /** Entries read of the current file, and which file of how many it is. */
  | { kind: 'progress'; done: number; total: number; file: string; fileIndex: number; fileCount: number }
  | { kind: 'file-end'; file: string; fileIndex: number; fileCount: number };

function ecosystemHint(file: string): string | undefined {
  // OSV's bucket layout: <Ecosystem>/all.zip; the folder names the source.
  const dir = path.basename(path.dirname(file));
  return dir && dir !== '.' ? dir : undefined;
}

function classify(json: unknown, hint: string | undefined): ParseResult[] {
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    const o = json as Record<string, unknown>;
    if (Array.isArray(o.vulnerabilities)) return nvdPageRecords(o).map((r) => parseNvd(r));
    if ('configurations' in o || 'descriptions' in o || 'lastModified' in o) return [parseNvd(o)];
    if (o.cve && typeof o.cve === 'object') return [parseNvd(o.cve)];
  }
  const r = parseOsv(json);
  if (r.ok && hint && !/^(cve|nvd)/i.test(hint)) {
    // OSV's layout is <Ecosystem>/all.zip: a record listed in several ecosystems' dumps is counted under the
    // folder it was read from; a withdrawn record without packages takes the folder's name.
    const eco = r.record.affected?.map((a) => a.ecosystem.split(':')[0]!).find((e) => e.toLowerCase() === hint.toLowerCase());
    if (eco) r.record.source = `osv:${eco}`;
    else if (!r.record.affected?.length) r.record.source = `osv:${hint}`;
  }
  return [r];
}

function* parseBytes(bytes: Buffer, file: string, hint: string | undefined): Generator<SourceItem> {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    // V8's message quotes the text; keep only the position so a wrong file's content never reaches a report or log.
    const at = /position (\d+)/.exec((e as Error).message)?.[1];
    yield { kind: 'bad', file, reason: at ? `not JSON (error at byte ${at})` : 'not JSON' };
    return;
  }
  for (const r of classify(json, hint)) yield r.ok ? { kind: 'record', record: r.record } : { kind: 'bad', file, reason: r.reason };
}

async function* readZip(file: string, at: { fileIndex: number; fileCount: number }, signal?: AbortSignal): AsyncGenerator<SourceItem> {
  let zip: ZipArchive;
  try {
    const source = await WindowedFileSource.open(file);
    try {
      zip = await ZipArchive.fromSource(source, { limits: { maxEntries: 2_000_000, maxEntrySize: MAX_RECORD_BYTES } });
    } catch (e) {
      await source.close();
      throw e;
    }
  } catch (e) {
    yield { kind: 'bad', file, reason: `not a readable zip: ${(e as Error).message}` };
    return;
  }
  try {
    // In file order, so the read-ahead window is used front to back.
    const entries = zip.entries.filter((e) => !e.isDirectory && !e.isSymlink && e.name.toLowerCase().endsWith('.json')).sort((a, b) => a.dataOffset - b.dataOffset);
    const hint = ecosystemHint(file);
    let done = 0;
    for (const entry of entries) {
      signal?.throwIfAborted();
      let bytes: Buffer;
      try {
        bytes = await zip.read(entry, { maxBytes: MAX_RECORD_BYTES });
      } catch (e) {
        yield { kind: 'bad', file: `${file}!${entry.name}`, reason: (e as Error).message };
        continue;
      }
      yield* parseBytes(bytes, `${file}!${entry.name}`, hint);
      if (++done % 500 === 0 || done === entries.length) yield { kind: 'progress', done, total: entries.length, file, ...at };
    }
  } finally {
    await zip.close();
  }
}

async function readJsonFile(file: string): Promise<Buffer> {
  const h = await open(file, 'r');
  try {
    const size = (await h.stat()).size;
    if (size > MAX_RECORD_BYTES) throw new Error(`larger than ${MAX_RECORD_BYTES} bytes`);
    const buf = Buffer.alloc(size);
    await h.read(buf, 0, size, 0);
    return buf;
  } finally {
    await h.close();
  }
}

/** Every .zip and .json file under `root` (or `root` itself), sorted, bounded in depth and count. */
export async function listSourceFiles(root: string): Promise<string[]> {
  const st = await stat(root);
  if (st.isFile()) return [root];
  const out: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || out.length >= MAX_FILES) return;
    const items = await readdir(dir, { withFileTypes: true });
    items.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const it of items) {
      const p = path.join(dir, it.name);
      if (it.isDirectory()) await walk(p, depth + 1);
      else if (it.isFile() && /\.(zip|json)$/i.test(it.name) && out.length < MAX_FILES) out.push(p);
    }
  };
  await walk(root, 0);
  return out;
}

/** Streams records (and bad-record notes, and progress) from a file or folder. */
export async function* readSource(root: string, signal?: AbortSignal): AsyncGenerator<SourceItem> {
  const files = await listSourceFiles(root);
  for (let fileIndex = 0; fileIndex < files.length; fileIndex++) {
    const file = files[fileIndex]!;
    const at = { fileIndex, fileCount: files.length };
    signal?.throwIfAborted();
    if (/\.zip$/i.test(file)) {
      yield* readZip(file, at, signal);
    } else {
      let bytes: Buffer;
      try {
        bytes = await readJsonFile(file);
      } catch (e) {
        yield { kind: 'bad', file, reason: (e as Error).message };
        yield { kind: 'file-end', file, ...at };
        continue;
      }
      yield* parseBytes(bytes, file, ecosystemHint(file));
    }
    yield { kind: 'file-end', file, ...at };
  }
}
