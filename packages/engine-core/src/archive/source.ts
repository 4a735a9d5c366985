/**
 * Random access to archive bytes without loading the archive: a file read by
 * positioned reads through one handle (a 200 MB APK stays on disk), or a
 * Buffer already in memory (a nested APK inside an XAPK, an HAP inside an APP).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { FormatError } from '../binary/byte-reader.ts';

export interface RandomAccessSource {
  /** Total size in bytes. */
  readonly size: number;
  /** Exactly `length` bytes at `offset`; a FormatError when the range is not inside the source. */
  readAt(offset: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

function checkRange(size: number, offset: number, length: number, format: string): void {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > size) {
    throw new FormatError(`read of ${length} bytes past the end (size ${size})`, format, Number.isSafeInteger(offset) ? offset : undefined);
  }
}

export class BufferSource implements RandomAccessSource {
  readonly size: number;
  constructor(
    private readonly buf: Uint8Array,
    private readonly format = 'zip',
  ) {
    this.size = buf.length;
  }
  async readAt(offset: number, length: number): Promise<Buffer> {
    checkRange(this.size, offset, length, this.format);
    // A view, not a copy: callers treat the result as read-only.
    return Buffer.from(this.buf.buffer, this.buf.byteOffset + offset, length);
  }
  async close(): Promise<void> {}
}

export class FileSource implements RandomAccessSource {
  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    private readonly format: string,
  ) {}

  static async open(filePath: string, format = 'zip'): Promise<FileSource> {
    const handle = await open(filePath, 'r');
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new FormatError('not a regular file', format);
      return new FileSource(handle, stat.size, format);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async readAt(offset: number, length: number): Promise<Buffer> {
    checkRange(this.size, offset, length, this.format);
    const out = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.handle.read(out, done, length - done, offset + done);
      // The file shrank under us: treat as truncated rather than loop forever.
      if (bytesRead === 0) throw new FormatError('file ended early (changed while reading?)', this.format, offset + done);
      done += bytesRead;
    }
    return out;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

/**
 * Reads many small records in ascending offset order (ZIP local headers)
 * through a sliding window, so ten thousand headers cost a few dozen reads.
 */
export class WindowedReader {
  private window: Buffer = Buffer.alloc(0);
  private windowStart = 0;

  constructor(
    private readonly source: RandomAccessSource,
    private readonly windowSize = 64 * 1024,
  ) {}

  async read(offset: number, length: number): Promise<Buffer> {
    if (offset >= this.windowStart && offset + length <= this.windowStart + this.window.length) {
      return this.window.subarray(offset - this.windowStart, offset - this.windowStart + length);
    }
    if (length > this.windowSize) return this.source.readAt(offset, length);
    const size = Math.min(this.windowSize, Math.max(0, this.source.size - offset));
    if (size < length) return this.source.readAt(offset, length); // raises the range error
    this.window = await this.source.readAt(offset, size);
    this.windowStart = offset;
    return this.window.subarray(0, length);
  }
}
