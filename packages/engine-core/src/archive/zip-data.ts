/**
 * Entry data: stored and deflated bytes, inflated under a hard output bound
 * that is enforced while inflating (declared sizes lie; bombs are caught after
 * at most one zlib chunk past the bound), then checked against the declared
 * size and CRC-32.
 */
import { Readable } from 'node:stream';
import { createInflateRaw, crc32, inflateRawSync } from 'node:zlib';
import { FormatError } from '../binary/byte-reader.ts';
import { ArchiveLimitError, type ArchiveLimits } from './limits.ts';
import type { RandomAccessSource } from './source.ts';
import { METHOD_DEFLATED, METHOD_STORED } from './zip-format.ts';

export interface ReadEntryOptions {
  /** Caller's cap on this entry's output, on top of the archive limits. */
  maxBytes?: number;
  /** Check the CRC-32 after reading (default true). */
  verifyCrc?: boolean;
}

/** What the data reader needs to know about an entry. */
export interface EntryDataInfo {
  name: string;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  dataOffset: number;
}

/** Entries whose compressed data is at most this big are inflated in one synchronous call. */
const SYNC_INFLATE_MAX_INPUT = 4 * 1024 * 1024;
const READ_CHUNK = 64 * 1024;

interface OutputBound {
  max: number;
  exceeded(produced: number): never;
}

/**
 * How many bytes the entry may produce, and which error to raise past it.
 * Unknown methods are read as stored, as Android's installer does (malware
 * sets bogus methods to break analysers), so their output is the raw data.
 */
function outputBound(e: EntryDataInfo, limits: ArchiveLimits, opts: ReadEntryOptions): OutputBound {
  const stored = e.method !== METHOD_DEFLATED;
  const candidates: Array<[number, () => FormatError]> = [
    [
      stored ? e.compressedSize : e.uncompressedSize,
      () => new FormatError(`entry ${e.name} inflates past its declared size ${e.uncompressedSize}`, 'zip', e.dataOffset),
    ],
    [limits.maxEntrySize, () => new ArchiveLimitError(`entry ${e.name} larger than the limit of ${limits.maxEntrySize} bytes`, 'zip', 'maxEntrySize', e.dataOffset)],
    [
      Math.max(limits.ratioGraceBytes, e.compressedSize * limits.maxCompressionRatio),
      () => new ArchiveLimitError(`entry ${e.name} expands more than ${limits.maxCompressionRatio}:1 (zip bomb?)`, 'zip', 'maxCompressionRatio', e.dataOffset),
    ],
  ];
  if (opts.maxBytes !== undefined) {
    candidates.push([opts.maxBytes, () => new ArchiveLimitError(`entry ${e.name} larger than the caller's cap of ${opts.maxBytes} bytes`, 'zip', 'maxBytes', e.dataOffset)]);
  }
  let best = candidates[0]!;
  for (const c of candidates) if (c[0] < best[0]) best = c;
  return {
    max: best[0],
    exceeded: () => {
      throw best[1]();
    },
  };
}

/** Fails early on anything knowable before reading a byte. */
function precheck(e: EntryDataInfo, bound: OutputBound): void {
  if (e.method === METHOD_STORED && e.compressedSize !== e.uncompressedSize) {
    throw new FormatError(`stored entry ${e.name} has compressed size ${e.compressedSize} but uncompressed size ${e.uncompressedSize}`, 'zip', e.dataOffset);
  }
  const declared = e.method === METHOD_DEFLATED ? e.uncompressedSize : e.compressedSize;
  if (declared > bound.max) bound.exceeded(declared);
}

function finalCheck(e: EntryDataInfo, produced: number, crc: number, opts: ReadEntryOptions): void {
  if (e.method === METHOD_DEFLATED && produced !== e.uncompressedSize) {
    throw new FormatError(`entry ${e.name} inflated to ${produced} bytes, declared ${e.uncompressedSize}`, 'zip', e.dataOffset);
  }
  if (opts.verifyCrc !== false && crc !== e.crc32) {
    throw new FormatError(`entry ${e.name} CRC-32 mismatch (0x${crc.toString(16)} vs declared 0x${e.crc32.toString(16)})`, 'zip', e.dataOffset);
  }
}

function zlibError(e: EntryDataInfo, err: unknown): FormatError {
  if (err instanceof FormatError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new FormatError(`entry ${e.name}: corrupt deflate data (${message})`, 'zip', e.dataOffset);
}

async function* compressedChunks(source: RandomAccessSource, e: EntryDataInfo): AsyncGenerator<Buffer> {
  for (let done = 0; done < e.compressedSize; ) {
    const n = Math.min(READ_CHUNK, e.compressedSize - done);
    yield await source.readAt(e.dataOffset + done, n);
    done += n;
  }
}

/** The entry's bytes as a stream of chunks, every check applied as they flow. */
export async function* entryChunks(source: RandomAccessSource, e: EntryDataInfo, limits: ArchiveLimits, opts: ReadEntryOptions = {}): AsyncGenerator<Buffer> {
  const bound = outputBound(e, limits, opts);
  precheck(e, bound);
  let produced = 0;
  let crc = 0;
  if (e.method !== METHOD_DEFLATED) {
    for await (const chunk of compressedChunks(source, e)) {
      produced += chunk.length;
      crc = crc32(chunk, crc);
      yield chunk;
    }
    finalCheck(e, produced, crc, opts);
    return;
  }
  const input = Readable.from(compressedChunks(source, e), { objectMode: false });
  const inflater = createInflateRaw({ chunkSize: READ_CHUNK });
  input.on('error', (err) => inflater.destroy(err));
  input.pipe(inflater);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > bound.max) bound.exceeded(produced);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (err) {
    throw zlibError(e, err);
  } finally {
    input.destroy();
    inflater.destroy();
  }
  finalCheck(e, produced, crc, opts);
}

/** The whole entry as one Buffer (bounded by the limits and `opts.maxBytes`). */
export async function readEntryData(source: RandomAccessSource, e: EntryDataInfo, limits: ArchiveLimits, opts: ReadEntryOptions = {}): Promise<Buffer> {
  const bound = outputBound(e, limits, opts);
  precheck(e, bound);
  if (e.method !== METHOD_DEFLATED) {
    const data = await source.readAt(e.dataOffset, e.compressedSize);
    finalCheck(e, data.length, crc32(data), opts);
    return data;
  }
  if (e.compressedSize <= SYNC_INFLATE_MAX_INPUT) {
    const input = await source.readAt(e.dataOffset, e.compressedSize);
    let data: Buffer;
    try {
      data = inflateRawSync(input, { maxOutputLength: bound.max + 1 });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') bound.exceeded(bound.max + 1);
      throw zlibError(e, err);
    }
    if (data.length > bound.max) bound.exceeded(data.length);
    finalCheck(e, data.length, crc32(data), opts);
    return data;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of entryChunks(source, e, limits, opts)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
