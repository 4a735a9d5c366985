/**
 * Binary property lists (bplist00) into the shared PlistValue model.
 *
 * Layout: "bplist00", the objects, an offset table, and a 32-byte trailer
 * (offset int size, object ref size, object count, top object, table offset).
 * Hostile-input rules: every size in the trailer is checked against the file,
 * every object ref against the object count, counts against the bytes left;
 * a reference cycle (an object reachable from itself) is refused, nesting is
 * capped, and shared references are allowed but every use counts toward
 * maxNodes so a small file cannot expand into a huge tree.
 */
import { boundedCount, ByteReader } from '@citadel/engine-core';
import type { PlistLimits } from './limits.ts';
import type { PlistValue } from './value.ts';

export const BPLIST_MAGIC = 'bplist00';
const TRAILER_SIZE = 32;
const HEADER_SIZE = 8;
/** Seconds between the Unix epoch and Apple's reference date, 2001-01-01T00:00:00Z. */
const APPLE_EPOCH_OFFSET_SECONDS = 978_307_200;
/** Recursion is bounded by maxDepth; this hard cap keeps a caller's override from reaching the JS stack limit. */
const HARD_MAX_DEPTH = 2000;

interface Trailer {
  offsetIntSize: number;
  objectRefSize: number;
  numObjects: number;
  topObject: number;
  offsetTableOffset: number;
}

function readSizedUnsigned(r: ByteReader, at: number, size: number): number {
  r.check(at, size, 'sized integer');
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + r.buf[at + i]!;
  if (!Number.isSafeInteger(value)) r.fail('integer too large', at);
  return value;
}

function readTrailer(r: ByteReader): Trailer {
  if (r.length < HEADER_SIZE + TRAILER_SIZE) r.fail('too short for a binary plist');
  const t = r.length - TRAILER_SIZE;
  const offsetIntSize = r.u8(t + 6);
  const objectRefSize = r.u8(t + 7);
  if (offsetIntSize < 1 || offsetIntSize > 8) r.fail(`bad offset int size ${offsetIntSize}`, t + 6);
  if (objectRefSize < 1 || objectRefSize > 8) r.fail(`bad object ref size ${objectRefSize}`, t + 7);
  const numObjects = r.u64(t + 8);
  const topObject = r.u64(t + 16);
  const offsetTableOffset = r.u64(t + 24);
  if (offsetTableOffset < HEADER_SIZE || offsetTableOffset > t) r.fail('offset table outside the file', t + 24);
  boundedCount(r, numObjects, 'objects', Number.MAX_SAFE_INTEGER, offsetIntSize, t + 8, t - offsetTableOffset);
  if (numObjects === 0) r.fail('no objects', t + 8);
  if (topObject >= numObjects) r.fail(`top object ${topObject} out of ${numObjects}`, t + 16);
  return { offsetIntSize, objectRefSize, numObjects, topObject, offsetTableOffset };
}

class BinaryPlistDecoder {
  private readonly r: ByteReader;
  private readonly trailer: Trailer;
  private readonly onPath: Uint8Array;
  private readonly maxDepth: number;
  private nodes = 0;

  constructor(
    bytes: Uint8Array,
    private readonly limits: PlistLimits,
  ) {
    this.r = new ByteReader(bytes, 'bplist', 'be');
    if (this.r.length > limits.maxBytes) this.r.fail(`${this.r.length} bytes over the limit of ${limits.maxBytes}`);
    if (this.r.ascii(0, 8) !== BPLIST_MAGIC) this.r.fail('not a bplist00 file', 0);
    this.trailer = readTrailer(this.r);
    this.onPath = new Uint8Array(this.trailer.numObjects);
    this.maxDepth = Math.min(limits.maxDepth, HARD_MAX_DEPTH);
  }

  decodeTop(): PlistValue {
    return this.decode(this.trailer.topObject, 1);
  }

  private objectOffset(ref: number): number {
    const { offsetTableOffset, offsetIntSize, numObjects } = this.trailer;
    if (ref >= numObjects) this.r.fail(`object ref ${ref} out of ${numObjects}`);
    const offset = readSizedUnsigned(this.r, offsetTableOffset + ref * offsetIntSize, offsetIntSize);
    if (offset < HEADER_SIZE || offset >= offsetTableOffset) this.r.fail(`object ${ref} offset outside the object area`, offset);
    return offset;
  }

  /** Count nibble of a marker; 0xF means "an int object follows with the real count". Returns [count, dataStart]. */
  private countAt(offset: number, nibble: number, perItem: number): [number, number] {
    let count = nibble;
    let start = offset + 1;
    if (nibble === 0xf) {
      const marker = this.r.u8(start);
      if (marker >> 4 !== 0x1 || (marker & 0xf) > 3) this.r.fail('bad extended count', start);
      const size = 1 << (marker & 0xf);
      count = readSizedUnsigned(this.r, start + 1, size);
      start += 1 + size;
    }
    const available = Math.max(0, this.trailer.offsetTableOffset - start);
    boundedCount(this.r, count, 'object length', Number.MAX_SAFE_INTEGER, perItem, offset, available);
    return [count, start];
  }

  private decode(ref: number, depth: number): PlistValue {
    if (depth > this.maxDepth) this.r.fail(`nesting deeper than ${this.maxDepth}`);
    if (++this.nodes > this.limits.maxNodes) this.r.fail(`more than ${this.limits.maxNodes} values`);
    const offset = this.objectOffset(ref);
    const marker = this.r.u8(offset);
    const type = marker >> 4;
    const nibble = marker & 0xf;
    switch (type) {
      case 0x0:
        if (marker === 0x08 || marker === 0x09) return { kind: 'bool', value: marker === 0x09 };
        if (marker === 0x00) return { kind: 'null' };
        return this.r.fail(`unsupported marker 0x${marker.toString(16)}`, offset);
      case 0x1:
        return { kind: 'int', value: this.readInt(offset + 1, nibble) };
      case 0x2:
        if (nibble === 2) return { kind: 'real', value: new DataView(this.r.bytes(offset + 1, 4).slice().buffer).getFloat32(0) };
        if (nibble === 3) return { kind: 'real', value: this.readDouble(offset + 1) };
        return this.r.fail(`bad real size ${nibble}`, offset);
      case 0x3:
        if (marker !== 0x33) this.r.fail('bad date marker', offset);
        return { kind: 'date', value: new Date((this.readDouble(offset + 1) + APPLE_EPOCH_OFFSET_SECONDS) * 1000) };
      case 0x4: {
        const [length, start] = this.countAt(offset, nibble, 1);
        return { kind: 'data', value: this.r.bytes(start, length) };
      }
      case 0x5: {
        const [length, start] = this.countAt(offset, nibble, 1);
        this.checkStringLength(length, offset);
        return { kind: 'string', value: this.r.ascii(start, length) };
      }
      case 0x6: {
        const [length, start] = this.countAt(offset, nibble, 2);
        this.checkStringLength(length * 2, offset);
        return { kind: 'string', value: new TextDecoder('utf-16be').decode(this.r.bytes(start, length * 2)) };
      }
      case 0x8: {
        const value = this.readUnsignedBig(offset + 1, nibble + 1);
        return { kind: 'uid', value: value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value };
      }
      case 0xa:
      case 0xc:
        return this.decodeArray(ref, offset, nibble, depth, type === 0xc);
      case 0xd:
        return this.decodeDict(ref, offset, nibble, depth);
      default:
        return this.r.fail(`unsupported marker 0x${marker.toString(16)}`, offset);
    }
  }

  private decodeArray(ref: number, offset: number, nibble: number, depth: number, isSet: boolean): PlistValue {
    const refSize = this.trailer.objectRefSize;
    const [count, start] = this.countAt(offset, nibble, refSize);
    this.enter(ref, offset);
    const items: PlistValue[] = [];
    for (let i = 0; i < count; i++) items.push(this.decode(readSizedUnsigned(this.r, start + i * refSize, refSize), depth + 1));
    this.onPath[ref] = 0;
    return isSet ? { kind: 'array', items, isSet: true } : { kind: 'array', items };
  }

  private decodeDict(ref: number, offset: number, nibble: number, depth: number): PlistValue {
    const refSize = this.trailer.objectRefSize;
    const [count, start] = this.countAt(offset, nibble, 2 * refSize);
    this.enter(ref, offset);
    const entries = new Map<string, PlistValue>();
    for (let i = 0; i < count; i++) {
      const key = this.decode(readSizedUnsigned(this.r, start + i * refSize, refSize), depth + 1);
      if (key.kind !== 'string') this.r.fail('dictionary key is not a string', offset);
      const valueRef = readSizedUnsigned(this.r, start + (count + i) * refSize, refSize);
      entries.set(key.value, this.decode(valueRef, depth + 1));
    }
    this.onPath[ref] = 0;
    return { kind: 'dict', entries };
  }

  /** Marks a container as being decoded; meeting it again below itself is a cycle. */
  private enter(ref: number, offset: number): void {
    if (this.onPath[ref] === 1) this.r.fail(`reference cycle through object ${ref}`, offset);
    this.onPath[ref] = 1;
  }

  private checkStringLength(bytes: number, offset: number): void {
    if (bytes > this.limits.maxStringLength) this.r.fail(`string of ${bytes} bytes over the limit`, offset);
  }

  private readDouble(at: number): number {
    return new DataView(this.r.bytes(at, 8).slice().buffer).getFloat64(0);
  }

  private readUnsignedBig(at: number, size: number): bigint {
    const bytes = this.r.bytes(at, size);
    let value = 0n;
    for (const b of bytes) value = (value << 8n) | BigInt(b);
    return value;
  }

  /** 1, 2 and 4-byte ints are unsigned; 8 and 16-byte ints are two's complement. */
  private readInt(at: number, nibble: number): number | bigint {
    if (nibble > 4) this.r.fail(`bad integer size 2^${nibble}`, at - 1);
    const size = 1 << nibble;
    let value = this.readUnsignedBig(at, size);
    if (size >= 8 && value >> BigInt(size * 8 - 1) === 1n) value -= 1n << BigInt(size * 8);
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  }
}

export function parseBinaryPlist(bytes: Uint8Array, limits: PlistLimits): PlistValue {
  return new BinaryPlistDecoder(bytes, limits).decodeTop();
}

/** True when the bytes start with the bplist00 magic. */
export function isBinaryPlist(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).toString('latin1') === BPLIST_MAGIC;
}
