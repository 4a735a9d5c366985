import { describe, expect, it } from 'vitest';
import { ByteReader, FormatError, boundedCount } from './byte-reader.ts';

describe('ByteReader', () => {
  const r = new ByteReader(Uint8Array.from([0x01, 0x02, 0x03, 0x04, 0xe5, 0x8e, 0x26, 0x00]), 'test');

  it('reads little- and big-endian integers', () => {
    expect(r.u16(0)).toBe(0x0201);
    expect(r.u16(0, 'be')).toBe(0x0102);
    expect(r.u32(0)).toBe(0x04030201);
  });

  it('refuses reads past the end with a FormatError naming the offset', () => {
    expect(() => r.u32(6)).toThrow(FormatError);
    expect(() => r.bytes(2, 100)).toThrow(/past the end/);
    expect(() => r.u8(-1)).toThrow(FormatError);
  });

  it('decodes LEB128 and bounds its length', () => {
    expect(r.uleb128(4)).toEqual([624485, 3]);
    const runaway = new ByteReader(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), 'test');
    expect(() => runaway.uleb128(0)).toThrow(/too long/);
  });

  it('caps counts that could not fit in the buffer', () => {
    expect(boundedCount(r, 2, 'items', 10, 4)).toBe(2);
    expect(() => boundedCount(r, 3, 'items', 10, 4)).toThrow(/cannot fit/);
    expect(() => boundedCount(r, 11, 'items', 10)).toThrow(/over the limit/);
  });
});
