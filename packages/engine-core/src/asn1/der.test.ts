import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test-support/corpus.ts';
import { FormatError } from '../binary/byte-reader.ts';
import { mutations } from '../test-support/unzip-entry.ts';
import { TAG, parseDer, parseDerAll, readBigInt, readIntegerHex, readOctets, readString, readTime } from './der.ts';
import { der } from './der-writer.ts';
import { decodeOid, readOid } from './oid.ts';

describe('DER parser', () => {
  it('reads nested structures with offsets and raw bytes', () => {
    const bytes = der.seq(der.int(5), der.seq(der.utf8('hé'), der.null()));
    const root = parseDer(bytes);
    expect(root.tag).toBe(TAG.SEQUENCE);
    expect(root.children).toHaveLength(2);
    expect(readBigInt(root.children[0])).toBe(5n);
    expect(readString(root.children[1]!.children[0])).toBe('hé');
    expect(Buffer.from(root.raw).equals(bytes)).toBe(true);
    expect(root.children[1]!.offset).toBe(5);
  });

  it('round-trips integers including negatives and long forms', () => {
    for (const v of [0n, 127n, 128n, 255n, 256n, -1n, -128n, -129n, 2n ** 100n]) {
      expect(readBigInt(parseDer(der.int(v)))).toBe(v);
    }
    expect(readIntegerHex(parseDer(der.int(0x80n)))).toBe('80');
    const long = der.octets(Buffer.alloc(70000, 7));
    expect(readOctets(parseDer(long)).length).toBe(70000);
  });

  it('decodes OIDs, including large arcs', () => {
    expect(readOid(parseDer(der.oid('1.2.840.113549.1.1.11')))).toBe('1.2.840.113549.1.1.11');
    expect(readOid(parseDer(der.oid('2.25.329800735698586629295641978511506172918')))).toBe('2.25.329800735698586629295641978511506172918');
    expect(() => decodeOid(Uint8Array.from([0x2a, 0x86]))).toThrow(FormatError);
    expect(() => decodeOid(Uint8Array.from([0x2a, 0x80, 0x01]))).toThrow(FormatError);
  });

  it('reads UTCTime and GeneralizedTime as ISO strings', () => {
    expect(readTime(parseDer(der.utcTime(new Date('2045-10-25T08:32:11Z'))))).toBe('2045-10-25T08:32:11.000Z');
    expect(readTime(parseDer(der.utcTime(new Date('1999-01-01T00:00:00Z'))))).toBe('1999-01-01T00:00:00.000Z');
    expect(readTime(parseDer(der.generalizedTime(new Date('2060-02-29T12:00:00Z'))))).toBe('2060-02-29T12:00:00.000Z');
    expect(() => readTime(parseDer(Buffer.from('170d3939313332353030303030305a', 'hex')))).toThrow(FormatError);
  });

  it('accepts bounded BER indefinite lengths unless strict DER is asked for', () => {
    // SEQUENCE (indefinite) { INTEGER 1, OCTET STRING (constructed, indefinite) { "ab", "c" } } EOC
    const ber = Buffer.from('30800201012480040261620401630000' + '0000', 'hex');
    const root = parseDer(ber);
    expect(root.indefinite).toBe(true);
    expect(Buffer.from(readOctets(root.children[1])).toString()).toBe('abc');
    expect(() => parseDer(ber, { allowIndefinite: false })).toThrow(/indefinite/);
    // Missing end-of-contents.
    expect(() => parseDer(Buffer.from('30800201', 'hex'))).toThrow(FormatError);
  });

  it('parses a run of elements', () => {
    expect(parseDerAll(Buffer.concat([der.int(1), der.int(2)])).map((n) => readBigInt(n))).toEqual([1n, 2n]);
  });

  describe('hostile input ends in FormatError', () => {
    const cases: [string, string][] = [
      ['empty', ''],
      ['length past the end', '3005020101'],
      ['long length past the end', '3084ffffffff00'],
      ['length of 5 bytes', '308500000000010000'],
      ['truncated long length', '3082'],
      ['child longer than parent', '30030205010203'],
      ['unterminated high tag', '1f8080808001'],
      ['indefinite primitive', '0480'],
    ];
    for (const [name, hex] of cases) {
      it(name, () => expect(() => parseDer(Buffer.from(hex, 'hex'))).toThrow(FormatError));
    }

    it('deep nesting is capped', () => {
      let b: Buffer = der.null();
      for (let i = 0; i < 200; i++) b = der.seq(b);
      expect(() => parseDer(b)).toThrow(/nesting/);
      expect(() => parseDer(b, { maxDepth: 300 })).not.toThrow();
    });

    it('node count is capped', () => {
      const b = der.seq(...Array.from({ length: 1000 }, () => der.null()));
      expect(() => parseDer(b, { maxNodes: 500 })).toThrow(/elements/);
    });

    it('deep indefinite nesting is capped without recursion blow-up', () => {
      const b = Buffer.concat([Buffer.alloc(20000, 0).fill(Buffer.from([0x30, 0x80]))]);
      expect(() => parseDer(b)).toThrow(FormatError);
    });

    it('random bytes never escape as anything but FormatError', () => {
      const base = der.seq(der.int(12345678901234567890n), der.seq(der.oid('1.2.840.113549.1.1.11'), der.null()), der.utf8('x'.repeat(40)));
      for (const m of mutations(base, 500, seededRandom(12345), 3)) {
        try {
          const n = parseDer(m);
          n.children.forEach((c) => c.tag === TAG.OID && readOid(c));
        } catch (e) {
          expect(e).toBeInstanceOf(FormatError);
        }
      }
    });
  });
});
