/**
 * OPC UA Binary encoding (OPC 10000-6 §5.2) for the few types a discovery
 * probe needs, with a reader bounded against hostile replies: every length
 * is checked against the message, arrays and nesting are capped.
 */
export class UaError extends Error {}

const MAX_ARRAY = 256;

export class Writer {
  private parts: Buffer[] = [];
  u8(n: number): this {
    this.parts.push(Buffer.from([n & 0xff]));
    return this;
  }
  u16(n: number): this {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(n);
    this.parts.push(b);
    return this;
  }
  u32(n: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    this.parts.push(b);
    return this;
  }
  i32(n: number): this {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.parts.push(b);
    return this;
  }
  i64(n: bigint): this {
    const b = Buffer.alloc(8);
    b.writeBigInt64LE(n);
    this.parts.push(b);
    return this;
  }
  f64(n: number): this {
    const b = Buffer.alloc(8);
    b.writeDoubleLE(n);
    this.parts.push(b);
    return this;
  }
  /** ByteString from bytes: Int32 length + bytes. */
  str32(b: Buffer): this {
    this.i32(b.length);
    this.parts.push(b);
    return this;
  }
  /** String / ByteString: Int32 length (-1 = null) + bytes. */
  str(s: string | null): this {
    if (s === null) return this.i32(-1);
    const b = Buffer.from(s, 'utf8');
    this.i32(b.length);
    this.parts.push(b);
    return this;
  }
  /** Four-byte NodeId in namespace 0 (ids < 65536). */
  nodeId(id: number): this {
    return this.u8(0x01).u8(0).u16(id);
  }
  bytes(b: Buffer): this {
    this.parts.push(b);
    return this;
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

export class Reader {
  constructor(
    private readonly b: Buffer,
    public p = 0,
  ) {}
  private need(n: number): void {
    if (n < 0 || this.p + n > this.b.length) throw new UaError(`message truncated at ${this.p} (${n} more bytes needed)`);
  }
  u8(): number {
    this.need(1);
    return this.b[this.p++]!;
  }
  u16(): number {
    this.need(2);
    const v = this.b.readUInt16LE(this.p);
    this.p += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.b.readUInt32LE(this.p);
    this.p += 4;
    return v;
  }
  i32(): number {
    this.need(4);
    const v = this.b.readInt32LE(this.p);
    this.p += 4;
    return v;
  }
  i64(): bigint {
    this.need(8);
    const v = this.b.readBigInt64LE(this.p);
    this.p += 8;
    return v;
  }
  skip(n: number): void {
    this.need(n);
    this.p += n;
  }
  byteString(): Buffer | null {
    const n = this.i32();
    if (n === -1) return null;
    if (n < -1) throw new UaError('negative length');
    this.need(n);
    const v = this.b.subarray(this.p, this.p + n);
    this.p += n;
    return v;
  }
  str(): string | null {
    const v = this.byteString();
    return v === null ? null : v.toString('utf8');
  }
  array<T>(item: () => T): T[] {
    const n = this.i32();
    if (n === -1) return [];
    if (n < 0 || n > MAX_ARRAY) throw new UaError(`array of ${n} elements`);
    return Array.from({ length: n }, item);
  }
  /** NodeId / ExpandedNodeId (§5.2.2.9–10); returns the numeric id when there is one. */
  nodeId(): number | undefined {
    const enc = this.u8();
    let id: number | undefined;
    switch (enc & 0x3f) {
      case 0:
        id = this.u8();
        break;
      case 1:
        this.skip(1);
        id = this.u16();
        break;
      case 2:
        this.skip(2);
        id = this.u32();
        break;
      case 3:
      case 5:
        this.skip(2);
        this.byteString();
        break;
      case 4:
        this.skip(18);
        break;
      default:
        throw new UaError(`NodeId encoding ${enc}`);
    }
    if (enc & 0x80) this.str();
    if (enc & 0x40) this.skip(4);
    return id;
  }
  localizedText(): string | undefined {
    const mask = this.u8();
    if (mask & 0x01) this.str();
    return mask & 0x02 ? (this.str() ?? undefined) : undefined;
  }
  diagnosticInfo(depth = 0): void {
    if (depth > 8) throw new UaError('diagnostic info nested too deep');
    const mask = this.u8();
    for (const bit of [0x01, 0x02, 0x04, 0x08]) if (mask & bit) this.skip(4);
    if (mask & 0x10) this.str();
    if (mask & 0x20) this.skip(4);
    if (mask & 0x40) this.diagnosticInfo(depth + 1);
  }
  extensionObject(): void {
    this.nodeId();
    const enc = this.u8();
    if (enc === 1 || enc === 2) this.byteString();
  }
  /** ResponseHeader (§7.33 of Part 4); returns the ServiceResult. */
  responseHeader(): number {
    this.skip(8 + 4);
    const result = this.u32();
    this.diagnosticInfo();
    this.array(() => this.str());
    this.extensionObject();
    return result;
  }
}
