/**
 * Bounds-checked view over a byte buffer, the one way engines read binary formats.
 *
 * Every read checks its offset and length against the buffer and throws a
 * FormatError (never a RangeError from deep inside Node), so a reader can catch
 * one error type at its boundary and turn it into "could not read X" evidence.
 * Offsets are absolute within the view; sub-views keep their own bounds.
 */

/** A malformed input: an offset past the end, an absurd count, a bad magic. */
export class FormatError extends Error {
  constructor(
    message: string,
    /** Which format was being read, e.g. "dex", "axml", "elf". */
    readonly format: string,
    /** Absolute offset in the view where the problem was seen, when known. */
    readonly offset?: number,
  ) {
    super(`${format}: ${message}${offset === undefined ? '' : ` (at 0x${offset.toString(16)})`}`);
    this.name = 'FormatError';
  }
}

export type Endian = 'le' | 'be';

export class ByteReader {
  readonly length: number;

  constructor(
    readonly buf: Uint8Array,
    readonly format: string,
    readonly endian: Endian = 'le',
  ) {
    this.length = buf.length;
  }

  private view?: DataView;
  private get dv(): DataView {
    this.view ??= new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
    return this.view;
  }

  fail(message: string, offset?: number): never {
    throw new FormatError(message, this.format, offset);
  }

  /** True when [offset, offset+size) lies inside the buffer. */
  has(offset: number, size: number): boolean {
    return Number.isSafeInteger(offset) && Number.isSafeInteger(size) && offset >= 0 && size >= 0 && offset + size <= this.length;
  }

  check(offset: number, size: number, what = 'read'): void {
    if (!this.has(offset, size)) this.fail(`${what} of ${size} bytes past the end (length ${this.length})`, offset);
  }

  u8(o: number): number {
    this.check(o, 1);
    return this.buf[o]!;
  }
  u16(o: number, e: Endian = this.endian): number {
    this.check(o, 2);
    return this.dv.getUint16(o, e === 'le');
  }
  i16(o: number, e: Endian = this.endian): number {
    this.check(o, 2);
    return this.dv.getInt16(o, e === 'le');
  }
  u32(o: number, e: Endian = this.endian): number {
    this.check(o, 4);
    return this.dv.getUint32(o, e === 'le');
  }
  i32(o: number, e: Endian = this.endian): number {
    this.check(o, 4);
    return this.dv.getInt32(o, e === 'le');
  }
  /** 64-bit unsigned as a number; fails when it does not fit in a safe integer (no real offset does). */
  u64(o: number, e: Endian = this.endian): number {
    this.check(o, 8);
    const v = this.dv.getBigUint64(o, e === 'le');
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) this.fail('64-bit value too large', o);
    return Number(v);
  }
  u64big(o: number, e: Endian = this.endian): bigint {
    this.check(o, 8);
    return this.dv.getBigUint64(o, e === 'le');
  }

  /** A copy-free sub-array; throws when it does not fit. */
  bytes(o: number, size: number): Uint8Array {
    this.check(o, size);
    return this.buf.subarray(o, o + size);
  }

  /** A reader over [o, o+size) whose offsets start at 0. */
  slice(o: number, size: number, format = this.format): ByteReader {
    return new ByteReader(this.bytes(o, size), format, this.endian);
  }

  ascii(o: number, size: number): string {
    return Buffer.from(this.bytes(o, size)).toString('latin1');
  }

  /** NUL-terminated string starting at o, at most maxLen bytes long. */
  cstring(o: number, maxLen = 4096, encoding: BufferEncoding = 'utf8'): string {
    this.check(o, 1);
    const end = Math.min(this.length, o + maxLen);
    let i = o;
    while (i < end && this.buf[i] !== 0) i++;
    return Buffer.from(this.buf.subarray(o, i)).toString(encoding);
  }

  /** Unsigned LEB128 (DEX, DWARF, ABC); at most 5 bytes for 32-bit values. Returns [value, bytesRead]. */
  uleb128(o: number, maxBytes = 5): [number, number] {
    let result = 0;
    let shift = 0;
    for (let i = 0; i < maxBytes; i++) {
      const b = this.u8(o + i);
      result += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return [result, i + 1];
      shift += 7;
    }
    return this.fail('LEB128 value too long', o);
  }

  /** Signed LEB128. Returns [value, bytesRead]. */
  sleb128(o: number, maxBytes = 5): [number, number] {
    let result = 0;
    let shift = 0;
    for (let i = 0; i < maxBytes; i++) {
      const b = this.u8(o + i);
      result += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if ((b & 0x80) === 0) {
        if (b & 0x40) result -= 2 ** shift;
        return [result, i + 1];
      }
    }
    return this.fail('LEB128 value too long', o);
  }
}

/**
 * Caps a count read from a file before it sizes a loop or an allocation.
 * `perItem` is the minimum bytes each item occupies, so a count that could not
 * fit in the remaining bytes is refused even when it is under `max`.
 */
export function boundedCount(r: ByteReader, count: number, what: string, max: number, perItem = 1, at?: number, available = r.length): number {
  if (!Number.isSafeInteger(count) || count < 0) r.fail(`${what}: invalid count ${count}`, at);
  if (count > max) r.fail(`${what}: count ${count} over the limit of ${max}`, at);
  if (count * perItem > available) r.fail(`${what}: ${count} items cannot fit in ${available} bytes`, at);
  return count;
}
