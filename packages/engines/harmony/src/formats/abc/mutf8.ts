/**
 * Panda "String" items: a ULEB128 header `utf16_length << 1 | is_ascii`
 * followed by MUTF-8 bytes ending in NUL (arkcompiler runtime_core
 * docs/file_format.md, "String"). Modified UTF-8 encodes U+0000 as C0 80 and
 * supplementary characters as two 3-byte surrogates, so decoding by hand to
 * UTF-16 code units is both simpler and stricter than TextDecoder.
 */
import type { ByteReader } from '@citadel/engine-core';
import { spend, type WorkBudget } from './budget.ts';

export interface AbcString {
  /** Offset of the String item (its length header) in the file. */
  offset: number;
  value: string;
  /** Bytes the item occupies, header and terminating NUL included. */
  byteLength: number;
}

/** Upper bound on one string's UTF-16 length (debug source text can be large, not larger than this). */
export const MAX_STRING_UNITS = 8 * 1024 * 1024;

/** Decodes the String item at `offset`; a FormatError when it is not a well-formed one. */
export function readAbcString(r: ByteReader, offset: number, budget?: WorkBudget): AbcString {
  const s = decodeAbcString(r, offset, budget);
  if (typeof s === 'string') return r.fail(s, offset);
  return s;
}

/**
 * Like readAbcString but answers undefined instead of throwing: for offsets
 * that may point elsewhere (index-region entries are strings, methods or
 * literal arrays). No exception is built for a miss, which matters when
 * thousands of entries are probed.
 */
export function tryReadAbcString(r: ByteReader, offset: number, budget?: WorkBudget): AbcString | undefined {
  if (!r.has(offset, 2)) return undefined;
  const s = decodeAbcString(r, offset, budget);
  return typeof s === 'string' ? undefined : s;
}

/** The string, or why it is not one. Only an exhausted budget throws. */
function decodeAbcString(r: ByteReader, offset: number, budget?: WorkBudget): AbcString | string {
  if (!r.has(offset, 1)) return 'string outside the file';
  let header = 0;
  let headerLen = 0;
  for (let shift = 0; ; shift += 7) {
    if (headerLen >= 5 || !r.has(offset + headerLen, 1)) return 'bad string length';
    const b = r.u8(offset + headerLen++);
    header += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) break;
  }
  const units = Math.floor(header / 2);
  const isAscii = header % 2 === 1;
  if (units > MAX_STRING_UNITS) return `string of ${units} UTF-16 units over the limit`;
  const start = offset + headerLen;
  // A UTF-16 unit takes at most 3 MUTF-8 bytes; the NUL follows.
  const maxEnd = Math.min(r.length, start + units * 3 + 1);
  // Charged for the most the scan can read, before reading: failures cost as much as successes.
  spend(budget, maxEnd - start + 1, r, offset);
  const codes: number[] = [];
  let p = start;
  const bytes = r.buf;
  while (true) {
    if (p >= maxEnd) return 'string not terminated';
    const b = bytes[p]!;
    if (b === 0) break;
    if (codes.length >= units) return 'string longer than its header says';
    if (b < 0x80) {
      codes.push(b);
      p += 1;
    } else if ((b & 0xe0) === 0xc0) {
      if (isAscii) return 'non-ASCII byte in a string flagged ASCII';
      if (p + 1 >= r.length) return 'string not terminated';
      const b2 = bytes[p + 1]!;
      if ((b2 & 0xc0) !== 0x80) return 'bad MUTF-8 continuation byte';
      codes.push(((b & 0x1f) << 6) | (b2 & 0x3f));
      p += 2;
    } else if ((b & 0xf0) === 0xe0) {
      if (isAscii) return 'non-ASCII byte in a string flagged ASCII';
      if (p + 2 >= r.length) return 'string not terminated';
      const b2 = bytes[p + 1]!;
      const b3 = bytes[p + 2]!;
      if ((b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80) return 'bad MUTF-8 continuation byte';
      codes.push(((b & 0x0f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f));
      p += 3;
    } else {
      return `invalid MUTF-8 lead byte 0x${b.toString(16)}`;
    }
  }
  if (codes.length !== units) return `string has ${codes.length} UTF-16 units, header says ${units}`;
  return { offset, value: unitsToString(codes), byteLength: p + 1 - offset };
}

function unitsToString(codes: number[]): string {
  let out = '';
  const CHUNK = 8192;
  for (let i = 0; i < codes.length; i += CHUNK) out += String.fromCharCode(...codes.slice(i, i + CHUNK));
  return out;
}
