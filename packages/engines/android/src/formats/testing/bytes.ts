/** Little-endian byte assembly for the test writers. */
export class ByteWriter {
  private chunks: number[] = [];
  get length(): number {
    return this.chunks.length;
  }
  u8(v: number): this {
    this.chunks.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v).u8(v >>> 8);
  }
  u32(v: number): this {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }
  u64(v: number): this {
    return this.u32(v % 2 ** 32).u32(Math.floor(v / 2 ** 32));
  }
  bytes(b: ArrayLike<number>): this {
    for (let i = 0; i < b.length; i++) this.chunks.push(b[i]! & 0xff);
    return this;
  }
  uleb(v: number): this {
    do {
      let b = v & 0x7f;
      v >>>= 7;
      if (v !== 0) b |= 0x80;
      this.u8(b);
    } while (v !== 0);
    return this;
  }
  align(n: number): this {
    while (this.chunks.length % n !== 0) this.chunks.push(0);
    return this;
  }
  /** Overwrites a u32 already written. */
  patch32(at: number, v: number): this {
    for (let i = 0; i < 4; i++) this.chunks[at + i] = (v >>> (8 * i)) & 0xff;
    return this;
  }
  toBytes(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
