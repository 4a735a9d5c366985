/** A growable little-endian byte writer for building test fixtures (ABC files, signing blocks, resource tables). */
export class ByteBuilder {
  private data: number[] = [];

  get pos(): number {
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
  u64(v: bigint): this {
    for (let i = 0n; i < 8n; i++) this.u8(Number((v >> (8n * i)) & 0xffn));
    return this;
  }
  uleb(v: number): this {
    do {
      let b = v % 128;
      v = Math.floor(v / 128);
      if (v > 0) b |= 0x80;
      this.u8(b);
    } while (v > 0);
    return this;
  }
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
  align(n: number): this {
    while (this.data.length % n !== 0) this.data.push(0);
    return this;
  }
  patchU32(at: number, v: number): this {
    for (let i = 0; i < 4; i++) this.data[at + i] = (v >>> (8 * i)) & 0xff;
    return this;
  }
  build(): Uint8Array {
    return Uint8Array.from(this.data);
  }
}
