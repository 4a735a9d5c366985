/**
 * Little-endian byte assembly for the format writers that build test inputs
 * in code (DEX, AXML, resources.arsc, APK signing blocks, ABC, HAP signing
 * blocks, resources.index …): append integers and LEB128 values, align,
 * patch an offset written earlier, and take the bytes.
 */
export class ByteWriter {
  private readonly data: number[] = [];

  /** Bytes written so far: the offset of the next byte. */
  get length(): number {
    return this.data.length;
  }
  u8(v: number): this {
    this.data.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v).u8(v >>> 8);
  }
  u32(v: number): this {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }
  u64(v: number | bigint): this {
    if (typeof v === 'number') return this.u32(v % 2 ** 32).u32(Math.floor(v / 2 ** 32));
    for (let i = 0n; i < 8n; i++) this.u8(Number((v >> (8n * i)) & 0xffn));
    return this;
  }
  /** Unsigned LEB128 (any safe integer ≥ 0). */
  uleb(v: number): this {
    do {
      let b = v % 128;
      v = Math.floor(v / 128);
      if (v > 0) b |= 0x80;
      this.u8(b);
    } while (v > 0);
    return this;
  }
  /** Signed LEB128 of a 32-bit integer. */
  sleb(v: number): this {
    for (;;) {
      const b = v & 0x7f;
      v >>= 7;
      const done = (v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0);
      this.u8(done ? b : b | 0x80);
      if (done) return this;
    }
  }
  bytes(b: ArrayLike<number>): this {
    for (let i = 0; i < b.length; i++) this.data.push(b[i]! & 0xff);
    return this;
  }
  ascii(s: string): this {
    return this.bytes(Buffer.from(s, 'latin1'));
  }
  /** Zero bytes up to the next multiple of n. */
  align(n: number): this {
    while (this.data.length % n !== 0) this.data.push(0);
    return this;
  }
  /** Overwrites a u32 already written (an offset or size known only later). */
  patch32(at: number, v: number): this {
    for (let i = 0; i < 4; i++) this.data[at + i] = (v >>> (8 * i)) & 0xff;
    return this;
  }
  toBytes(): Uint8Array {
    return Uint8Array.from(this.data);
  }
}

/** The parts one after the other. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
