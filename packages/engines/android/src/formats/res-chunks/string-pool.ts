/**
 * ResStringPool: the string table of AXML and resources.arsc, in UTF-8 or
 * UTF-16. Strings are decoded lazily (an arsc pool can hold 100k strings and a
 * check needs a handful); every length is bounded by the pool's own bytes.
 */
import { ByteReader, boundedCount } from '@citadel/engine-core';
import type { ChunkHeader } from './chunk.ts';

const UTF8_FLAG = 0x100;
/** No real pool comes near this; it only stops a forged count from sizing an array. */
const MAX_STRINGS = 4_000_000;
/** Longest single string we decode, in bytes; longer ones are cut (evidence, not content). */
const MAX_STRING_BYTES = 1 << 20;

const utf8 = new TextDecoder('utf-8', { fatal: false });
const utf16 = new TextDecoder('utf-16le', { fatal: false });

export class StringPool {
  readonly count: number;
  readonly utf8: boolean;
  private readonly offsetsAt: number;
  private readonly dataStart: number;
  private readonly dataEnd: number;
  private readonly cache: (string | undefined)[];
  /** Strings never overlap in a real pool; decoding more than its bytes means forged offsets (see get()). */
  private budget: number;

  constructor(
    private readonly r: ByteReader,
    chunk: ChunkHeader,
  ) {
    const o = chunk.offset;
    const end = o + chunk.size;
    if (chunk.headerSize < 28) r.fail('string pool header too small', o);
    const stringCount = r.u32(o + 8);
    const flags = r.u32(o + 16);
    const stringsStart = r.u32(o + 20);
    this.utf8 = (flags & UTF8_FLAG) !== 0;
    this.offsetsAt = o + chunk.headerSize;
    this.count = boundedCount(r, stringCount, 'string pool', MAX_STRINGS, 4, o, end - this.offsetsAt);
    this.dataStart = o + stringsStart;
    this.dataEnd = end;
    if (this.count > 0 && (stringsStart > chunk.size || this.dataStart < this.offsetsAt)) r.fail('string pool data outside its chunk', o);
    this.cache = new Array<string | undefined>(this.count);
    this.budget = 2 * chunk.size + (1 << 16);
  }

  /** The string at `index`, or undefined for 0xffffffff / out of range / undecodable. */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const cached = this.cache[index];
    if (cached !== undefined) return cached;
    const s = this.decode(index);
    this.budget -= (s?.length ?? 0) + 1;
    if (this.budget < 0) this.r.fail('string pool offsets overlap: more text decoded than the pool holds');
    this.cache[index] = s;
    return s;
  }

  private decode(index: number): string | undefined {
    const at = this.dataStart + this.r.u32(this.offsetsAt + index * 4);
    if (at >= this.dataEnd) return undefined;
    return this.utf8 ? this.decodeUtf8(at) : this.decodeUtf16(at);
  }

  private decodeUtf8(at: number): string | undefined {
    const r = this.r;
    // utf16 length (1 or 2 bytes), then utf8 byte length (1 or 2 bytes).
    let p = at;
    p += r.u8(p) & 0x80 ? 2 : 1;
    if (p >= this.dataEnd) return undefined;
    let len = r.u8(p);
    if (len & 0x80) {
      if (p + 1 >= this.dataEnd) return undefined;
      len = ((len & 0x7f) << 8) | r.u8(p + 1);
      p += 2;
    } else p += 1;
    const n = Math.min(len, this.dataEnd - p, MAX_STRING_BYTES);
    if (n < 0) return undefined;
    return utf8.decode(r.buf.subarray(p, p + n));
  }

  private decodeUtf16(at: number): string | undefined {
    const r = this.r;
    if (at + 2 > this.dataEnd) return undefined;
    let len = r.u16(at);
    let p = at + 2;
    if (len & 0x8000) {
      if (p + 2 > this.dataEnd) return undefined;
      len = ((len & 0x7fff) << 16) | r.u16(p);
      p += 2;
    }
    const bytes = Math.min(len * 2, this.dataEnd - p, MAX_STRING_BYTES) & ~1;
    return utf16.decode(r.buf.subarray(p, p + bytes));
  }
}

/** An empty pool for documents that carry none (a hostile file may omit it). */
export function emptyStringPool(): StringPool {
  const bytes = new Uint8Array(28);
  const dv = new DataView(bytes.buffer);
  dv.setUint16(0, 1, true);
  dv.setUint16(2, 28, true);
  dv.setUint32(4, 28, true);
  dv.setUint32(20, 28, true);
  return new StringPool(new ByteReader(bytes, 'string-pool'), { offset: 0, type: 1, headerSize: 28, declaredSize: 28, size: 28 });
}
