/** Test utility: a growable byte buffer for the format writers that build fixtures by code. */
export class ByteSink {
  private buf = new Uint8Array(256);
  private dv = new DataView(this.buf.buffer);
  length = 0;

  constructor(readonly endian: 'le' | 'be' = 'le') {}

  /** Grows the buffer; callers take the offset first, then use this.buf/this.dv (which may be replaced). */
  private reserve(extra: number): number {
    const at = this.length;
    if (at + extra > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < at + extra) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.buf.subarray(0, this.length));
      this.buf = next;
      this.dv = new DataView(next.buffer);
    }
    this.length += extra;
    return at;
  }

  u8(v: number): this {
    const at = this.reserve(1);
    this.buf[at] = v & 0xff;
    return this;
  }
  u16(v: number): this {
    const at = this.reserve(2);
    this.dv.setUint16(at, v, this.endian === 'le');
    return this;
  }
  u32(v: number): this {
    const at = this.reserve(4);
    this.dv.setUint32(at, v >>> 0, this.endian === 'le');
    return this;
  }
  i32(v: number): this {
    const at = this.reserve(4);
    this.dv.setInt32(at, v, this.endian === 'le');
    return this;
  }
  u64(v: number | bigint): this {
    const at = this.reserve(8);
    this.dv.setBigUint64(at, BigInt(v), this.endian === 'le');
    return this;
  }
  /** Big-endian unsigned integer of `size` bytes, whatever the sink's endian (bplist, code signatures). */
  uintBE(v: number | bigint, size: number): this {
    let value = BigInt(v);
    const at = this.reserve(size);
    for (let i = size - 1; i >= 0; i--) {
      this.buf[at + i] = Number(value & 0xffn);
      value >>= 8n;
    }
    return this;
  }
  bytes(data: Uint8Array): this {
    const at = this.reserve(data.length);
    this.buf.set(data, at);
    return this;
  }
  /** A string padded with NULs (or truncated) to `size` bytes, like segname[16]. */
  fixed(text: string, size: number): this {
    const data = new Uint8Array(size);
    data.set(Buffer.from(text, 'latin1').subarray(0, size));
    return this.bytes(data);
  }
  /** A NUL-terminated string. */
  cstring(text: string): this {
    return this.bytes(Buffer.from(text, 'utf8')).u8(0);
  }
  zeros(count: number): this {
    this.reserve(count);
    return this;
  }
  align(to: number): this {
    while (this.length % to !== 0) this.u8(0);
    return this;
  }
  patchU32(at: number, v: number): void {
    this.dv.setUint32(at, v >>> 0, this.endian === 'le');
  }
  toBytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
