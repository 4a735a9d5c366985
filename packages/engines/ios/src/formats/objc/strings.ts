/**
 * Literal strings of an image for the secret/URL/IP scanners: the C strings
 * of __TEXT,__cstring (and __objc_methname is deliberately left out: selector
 * names are not secrets) plus the CFString constants of __cfstring (which
 * reach UTF-16 literals in __ustring). Counts and lengths are bounded.
 */
import { boundedCount } from '@citadel/engine-core';
import { findSection, sectionBytes } from '../macho/vm.ts';
import type { MachOImage } from '../macho/types.ts';
import { followPointer, imageBase, imageReader } from './pointers.ts';

export interface StringLimits {
  /** Shorter strings are dropped (noise). */
  minLength: number;
  /** Longer strings are cut to this many characters. */
  maxLength: number;
  /** At most this many strings in total. */
  maxStrings: number;
}

export const DEFAULT_STRING_LIMITS: Readonly<StringLimits> = Object.freeze({ minLength: 4, maxLength: 4096, maxStrings: 200_000 });

export interface ExtractedString {
  value: string;
  /** "__TEXT,__cstring" or "__DATA,__cfstring" … */
  section: string;
  /** File offset inside the image. */
  offset: number;
}

export interface ExtractedStrings {
  strings: ExtractedString[];
  /** True when maxStrings stopped the extraction. */
  truncated: boolean;
}

/** Control characters other than tab/newline/CR mean "binary data, not text". */
function isPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f || c === 0xfffd) return false;
  }
  return true;
}

const utf8 = new TextDecoder('utf-8');
const utf16le = new TextDecoder('utf-16le');
const utf16be = new TextDecoder('utf-16be');

const PLAIN_ASCII = /^[\x20-\x7e\t\n\r]*$/;

/**
 * NUL-separated strings of a byte range; offsets are relative to `bytes`.
 * The range is decoded once as latin1 (offsets stay byte offsets); plain
 * ASCII strings are taken as they are, others are re-decoded as UTF-8.
 */
export function cstringsOf(bytes: Uint8Array, limits: Partial<StringLimits> = {}): { value: string; offset: number }[] {
  const { minLength, maxLength, maxStrings } = { ...DEFAULT_STRING_LIMITS, ...limits };
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const out: { value: string; offset: number }[] = [];
  let start = 0;
  while (start < text.length && out.length < maxStrings) {
    let end = text.indexOf('\0', start);
    if (end < 0) end = text.length;
    if (end - start >= minLength) {
      const raw = text.slice(start, Math.min(end, start + maxLength * 4));
      const plain = PLAIN_ASCII.test(raw);
      const value = plain ? raw.slice(0, maxLength) : utf8.decode(bytes.subarray(start, start + raw.length)).slice(0, maxLength);
      if (value.length >= minLength && (plain || isPrintable(value))) out.push({ value, offset: start });
    }
    start = end + 1;
  }
  return out;
}

const DATA_SEGMENTS = ['__DATA', '__DATA_CONST', '__DATA_DIRTY'] as const;
/** __CFConstantStringClassReference flags: 0x7c8 for 8-bit contents, 0x7d0 for UTF-16. */
const CFSTRING_UTF16_BIT = 0x10;

function cfStrings(image: MachOImage, limits: StringLimits, budget: number): ExtractedString[] {
  const section = findSection(image, DATA_SEGMENTS, '__cfstring');
  if (!section || budget <= 0) return [];
  const r = imageReader(image, 'cfstring');
  const ptr = image.header.is64 ? 8 : 4;
  const entrySize = 4 * ptr; // { isa, flags, data pointer, length }
  const bytes = sectionBytes(image, section);
  const count = Math.min(budget, boundedCount(r, Math.floor(bytes.length / entrySize), 'cfstrings', 10_000_000, entrySize, section.offset, bytes.length));
  const base = imageBase(image);
  const name = `${section.segname},__cfstring`;
  const out: ExtractedString[] = [];
  for (let i = 0; i < count; i++) {
    const at = section.offset + i * entrySize;
    const flags = ptr === 8 ? Number(r.u64big(at + 8) & 0xffffffffn) : r.u32(at + 4);
    const length = ptr === 8 ? Number(r.u64big(at + 24) & 0xffffffffn) : r.u32(at + 12);
    const dataAt = followPointer(r, image, at + 2 * ptr, ~0n, base);
    if (dataAt === undefined || length < limits.minLength) continue;
    const units = Math.min(length, limits.maxLength);
    const utf16 = (flags & CFSTRING_UTF16_BIT) !== 0;
    const size = utf16 ? units * 2 : units;
    if (!r.has(dataAt, size)) continue;
    const raw = r.bytes(dataAt, size);
    const value = utf16 ? (image.header.endian === 'le' ? utf16le : utf16be).decode(raw) : utf8.decode(raw);
    if (isPrintable(value)) out.push({ value, section: name, offset: dataAt });
  }
  return out;
}

/** Unique strings of __cstring then __cfstring, first occurrence kept. */
export function extractStrings(image: MachOImage, limits: Partial<StringLimits> = {}): ExtractedStrings {
  const effective = { ...DEFAULT_STRING_LIMITS, ...limits };
  const seen = new Set<string>();
  const strings: ExtractedString[] = [];
  let truncated = false;
  const add = (s: ExtractedString) => {
    if (seen.has(s.value)) return;
    if (strings.length >= effective.maxStrings) {
      truncated = true;
      return;
    }
    seen.add(s.value);
    strings.push(s);
  };
  // One more than the cap from each source, so that running over is noticed.
  const cstring = findSection(image, ['__TEXT'], '__cstring');
  if (cstring) {
    for (const s of cstringsOf(sectionBytes(image, cstring), { ...effective, maxStrings: effective.maxStrings + 1 })) {
      add({ value: s.value, section: '__TEXT,__cstring', offset: cstring.offset + s.offset });
    }
  }
  for (const s of cfStrings(image, effective, effective.maxStrings + 1)) add(s);
  return { strings, truncated };
}
