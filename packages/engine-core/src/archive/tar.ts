/**
 * TAR reader over a stream (plain or gzip-compressed): source-code uploads
 * and Alipay mini-program packages. Entries are yielded one by one; an entry's
 * content can be read only until the iteration moves on (the stream is not
 * rewound). The same hard limits as ZIP apply to the bytes actually seen, and
 * links are reported, never followed.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { FormatError } from '../binary/byte-reader.ts';
import { ArchiveLimitError, resolveLimits, type ArchiveLimits } from './limits.ts';
import { checkEntryName, type NameIssue } from './names.ts';
import { BLOCK, META_TYPES, entryType, isZeroBlock, parseHeader, parseLongName, parsePax, type TarEntryType } from './tar-header.ts';

export type { TarEntryType } from './tar-header.ts';

export interface TarEntry {
  name: string;
  type: TarEntryType;
  /** Raw type flag ('0', '5', '2', 'S' …) for the 'other' cases. */
  typeFlag: string;
  size: number;
  mode: number;
  mtime: number;
  /** Target of a symlink or hardlink: reported, never followed. */
  linkName?: string;
  nameIssues: NameIssue[];
  /** Issues of the link target (an absolute or climbing target is how links escape an extraction folder). */
  linkIssues: NameIssue[];
  /** Offset of the header in the (decompressed) stream. */
  offset: number;
  /** The content; only before the iteration advances. */
  read(options?: { maxBytes?: number }): Promise<Buffer>;
}

export interface TarAnomaly {
  kind: 'missing-end-marker' | 'global-pax-header' | 'unsafe-name' | 'link';
  detail: string;
  entry?: string;
}

export interface TarOptions {
  limits?: Partial<ArchiveLimits>;
  /** 'auto' (default) detects the gzip magic. */
  gzip?: boolean | 'auto';
}

export type TarInput = Uint8Array | AsyncIterable<Uint8Array> | Readable;

/** Pulls exact byte counts out of an async chunk stream. */
class ChunkQueue {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  /** Bytes handed out so far: the stream offset of the next byte. */
  position = 0;

  constructor(private readonly it: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<void> {
    while (this.buffered < n && !this.ended) {
      const r = await this.it.next();
      if (r.done) this.ended = true;
      else if (r.value.length > 0) {
        this.chunks.push(r.value);
        this.buffered += r.value.length;
      }
    }
  }

  /** Exactly n bytes, or fewer only at the end of the stream. */
  async take(n: number): Promise<Buffer> {
    await this.fill(n);
    const size = Math.min(n, this.buffered);
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const out = all.subarray(0, size);
    const rest = all.subarray(size);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    this.position += size;
    return out;
  }

  async skip(n: number): Promise<number> {
    let left = n;
    while (left > 0) {
      const got = (await this.take(Math.min(left, 1024 * 1024))).length;
      if (got === 0) break;
      left -= got;
    }
    return n - left;
  }
}

async function* chunksOf(input: TarInput): AsyncGenerator<Buffer> {
  if (input instanceof Uint8Array) {
    yield Buffer.from(input.buffer, input.byteOffset, input.length);
    return;
  }
  for await (const c of input as AsyncIterable<Uint8Array | string>) yield typeof c === 'string' ? Buffer.from(c) : Buffer.from(c.buffer, c.byteOffset, c.length);
}

/** Gunzips when asked or when the stream starts with the gzip magic; errors become FormatError. */
async function* maybeGunzip(chunks: AsyncGenerator<Buffer>, mode: boolean | 'auto'): AsyncGenerator<Buffer> {
  const first = await chunks.next();
  if (first.done) return;
  const gz = mode === true || (mode === 'auto' && first.value[0] === 0x1f && first.value[1] === 0x8b);
  async function* all(): AsyncGenerator<Buffer> {
    yield first.value as Buffer;
    yield* chunks;
  }
  if (!gz) {
    yield* all();
    return;
  }
  const input = Readable.from(all());
  const gunzip = createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  try {
    for await (const c of gunzip as AsyncIterable<Buffer>) yield c;
  } catch (err) {
    if (err instanceof FormatError) throw err;
    throw new FormatError(`corrupt gzip data (${err instanceof Error ? err.message : String(err)})`, 'tar');
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

export class TarReader implements AsyncIterable<TarEntry> {
  readonly anomalies: TarAnomaly[] = [];
  readonly limits: ArchiveLimits;

  constructor(
    private readonly input: TarInput,
    private readonly options: TarOptions = {},
  ) {
    this.limits = resolveLimits(options.limits);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<TarEntry> {
    const q = new ChunkQueue(maybeGunzip(chunksOf(this.input), this.options.gzip ?? 'auto'));
    const limits = this.limits;
    let entries = 0;
    let metaHeaders = 0;
    let total = 0;
    let pending: { path?: string; linkpath?: string; size?: number } = {};
    const body = async (size: number, at: number, what: string): Promise<Buffer> => {
      const data = await q.take(size);
      if (data.length < size) throw new FormatError(`${what} truncated`, 'tar', at);
      await this.skipPadding(q, size);
      return data;
    };

    for (;;) {
      const at = q.position;
      const block = await q.take(BLOCK);
      if (block.length === 0) {
        this.anomalies.push({ kind: 'missing-end-marker', detail: 'stream ended without the two zero blocks' });
        return;
      }
      if (block.length < BLOCK) throw new FormatError('truncated header block', 'tar', at);
      if (isZeroBlock(block)) {
        const next = await q.take(BLOCK);
        if (next.length < BLOCK) this.anomalies.push({ kind: 'missing-end-marker', detail: 'only one zero block at the end' });
        return;
      }
      const h = parseHeader(block, at);
      const size = pending.size ?? h.size;
      if (size > limits.maxEntrySize) throw new ArchiveLimitError(`entry of ${size} bytes over the limit of ${limits.maxEntrySize}`, 'tar', 'maxEntrySize', at);
      total += size + BLOCK;
      if (total > limits.maxTotalUncompressed) throw new ArchiveLimitError(`archive over the total size limit of ${limits.maxTotalUncompressed}`, 'tar', 'maxTotalUncompressed', at);

      if (META_TYPES.has(h.typeFlag)) {
        if (++metaHeaders > limits.maxEntries) throw new ArchiveLimitError('too many extended headers', 'tar', 'maxEntries', at);
        const metaCap = h.typeFlag === 'x' || h.typeFlag === 'g' ? Math.max(1024 * 1024, limits.maxNameLength * 4) : limits.maxNameLength + 1;
        if (h.size > metaCap) throw new ArchiveLimitError(`extended header of ${h.size} bytes`, 'tar', 'maxNameLength', at);
        const data = await body(h.size, at, 'extended header');
        if (h.typeFlag === 'x') {
          const pax = parsePax(data, at + BLOCK);
          pending = { ...pending, path: pax.get('path') ?? pending.path, linkpath: pax.get('linkpath') ?? pending.linkpath };
          const paxSize = pax.get('size');
          if (paxSize !== undefined) {
            if (!/^\d{1,16}$/.test(paxSize)) throw new FormatError('bad pax size', 'tar', at);
            pending.size = Number(paxSize);
          }
        } else if (h.typeFlag === 'g') {
          this.anomalies.push({ kind: 'global-pax-header', detail: 'global pax header ignored' });
        } else if (h.typeFlag === 'L') pending.path = parseLongName(data);
        else pending.linkpath = parseLongName(data);
        continue;
      }

      if (++entries > limits.maxEntries) throw new ArchiveLimitError(`more than ${limits.maxEntries} entries`, 'tar', 'maxEntries', at);
      const name = pending.path ?? h.name;
      const linkName = pending.linkpath ?? (h.linkName || undefined);
      pending = {};
      if (Buffer.byteLength(name) > limits.maxNameLength) throw new ArchiveLimitError('entry name too long', 'tar', 'maxNameLength', at);
      const type = entryType(h.typeFlag);
      const entry = this.makeEntry(q, { name, type, typeFlag: h.typeFlag, size, mode: h.mode, mtime: h.mtime, linkName, at });
      yield entry.entry;
      if (!entry.consumed()) {
        const skipped = await q.skip(size);
        if (skipped < size) throw new FormatError(`entry ${name} truncated`, 'tar', at);
        await this.skipPadding(q, size);
      }
    }
  }

  /** Skips the padding to the next block; a stream that ends inside it is truncated. */
  private async skipPadding(q: ChunkQueue, size: number): Promise<void> {
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad > 0 && (await q.skip(pad)) < pad) throw new FormatError('archive ends inside block padding (truncated)', 'tar', q.position);
  }

  private makeEntry(
    q: ChunkQueue,
    h: { name: string; type: TarEntryType; typeFlag: string; size: number; mode: number; mtime: number; linkName: string | undefined; at: number },
  ): { entry: TarEntry; consumed: () => boolean } {
    let state: 'unread' | 'read' | 'gone' = 'unread';
    const position = q.position;
    const nameIssues = checkEntryName(h.name, this.limits.maxNameLength);
    const linkIssues = h.linkName !== undefined ? checkEntryName(h.linkName, this.limits.maxNameLength) : [];
    if (nameIssues.length > 0) this.anomalies.push({ kind: 'unsafe-name', detail: `entry name ${JSON.stringify(h.name)}: ${nameIssues.join(', ')}`, entry: h.name });
    if (h.type === 'symlink' || h.type === 'hardlink') {
      this.anomalies.push({ kind: 'link', detail: `${h.type} ${h.name} -> ${h.linkName ?? ''} (not followed)`, entry: h.name });
    }
    const entry: TarEntry = {
      name: h.name,
      type: h.type,
      typeFlag: h.typeFlag,
      size: h.size,
      mode: h.mode,
      mtime: h.mtime,
      linkName: h.linkName,
      nameIssues,
      linkIssues,
      offset: h.at,
      read: async (options = {}) => {
        if (state !== 'unread' || q.position !== position) throw new Error(`TAR entry ${h.name} is no longer readable: read it before advancing`);
        if (options.maxBytes !== undefined && h.size > options.maxBytes) {
          throw new ArchiveLimitError(`entry ${h.name} larger than the caller's cap of ${options.maxBytes} bytes`, 'tar', 'maxBytes', h.at);
        }
        state = 'gone';
        const data = await q.take(h.size);
        if (data.length < h.size) throw new FormatError(`entry ${h.name} truncated`, 'tar', h.at);
        await this.skipPadding(q, h.size);
        state = 'read';
        return data;
      },
    };
    return { entry, consumed: () => state !== 'unread' };
  }
}

/** `for await (const entry of readTar(stream)) …`; anomalies are on the returned reader. */
export function readTar(input: TarInput, options?: TarOptions): TarReader {
  return new TarReader(input, options);
}
