/**
 * Literal arrays: `u32 num_literals` then (tag, value) pairs, num_literals
 * counting tags and values alike. Tag numbers and value widths are those of
 * libpandafile's LiteralTag and LiteralDataAccessor::EnumerateLiteralVals
 * (arkcompiler runtime_core), which the file-format document leaves out.
 * Object/array/class literals of ArkTS code live here, so their STRING values
 * are where many constant strings (URLs, keys, algorithm names) end up.
 */
import { boundedCount, type ByteReader } from '@citadel/engine-core';
import { spend, type WorkBudget } from './budget.ts';
import { tryReadAbcString } from './mutf8.ts';

export type AbcLiteralValue = number | boolean | string | null;

export interface AbcLiteral {
  tag: number;
  tagName: string;
  /** Number for numbers and offsets, boolean for BOOL, string for resolved STRING values, null for NULLVALUE / typed-array payloads. */
  value: AbcLiteralValue;
  /** For STRING: the offset of the String item (the value is its text, or null when it does not decode). */
  stringOffset?: number;
}

export interface AbcLiteralArray {
  offset: number;
  literals: AbcLiteral[];
}

interface TagInfo {
  name: string;
  /** Value width in bytes; 0 marks a typed array whose raw payload runs to the end. */
  size: 0 | 1 | 2 | 4 | 8;
}

export const LITERAL_TAGS: Readonly<Record<number, TagInfo>> = {
  0x00: { name: 'TAGVALUE', size: 1 },
  0x01: { name: 'BOOL', size: 1 },
  0x02: { name: 'INTEGER', size: 4 },
  0x03: { name: 'FLOAT', size: 4 },
  0x04: { name: 'DOUBLE', size: 8 },
  0x05: { name: 'STRING', size: 4 },
  0x06: { name: 'METHOD', size: 4 },
  0x07: { name: 'GENERATORMETHOD', size: 4 },
  0x08: { name: 'ACCESSOR', size: 1 },
  0x09: { name: 'METHODAFFILIATE', size: 2 },
  0x0a: { name: 'ARRAY_U1', size: 0 },
  0x0b: { name: 'ARRAY_U8', size: 0 },
  0x0c: { name: 'ARRAY_I8', size: 0 },
  0x0d: { name: 'ARRAY_U16', size: 0 },
  0x0e: { name: 'ARRAY_I16', size: 0 },
  0x0f: { name: 'ARRAY_U32', size: 0 },
  0x10: { name: 'ARRAY_I32', size: 0 },
  0x11: { name: 'ARRAY_U64', size: 0 },
  0x12: { name: 'ARRAY_I64', size: 0 },
  0x13: { name: 'ARRAY_F32', size: 0 },
  0x14: { name: 'ARRAY_F64', size: 0 },
  0x15: { name: 'ARRAY_STRING', size: 0 },
  0x16: { name: 'ASYNCGENERATORMETHOD', size: 4 },
  0x17: { name: 'LITERALBUFFERINDEX', size: 4 },
  0x18: { name: 'LITERALARRAY', size: 4 },
  0x19: { name: 'BUILTINTYPEINDEX', size: 1 },
  0x1a: { name: 'GETTER', size: 4 },
  0x1b: { name: 'SETTER', size: 4 },
  0x1c: { name: 'ETS_IMPLEMENTS', size: 4 },
  0xff: { name: 'NULLVALUE', size: 1 },
};

/** Parses the literal array at `offset`; a FormatError on an unknown tag or a value past the end. */
export function parseLiteralArray(r: ByteReader, offset: number, maxLiterals: number, budget?: WorkBudget): AbcLiteralArray {
  const num = r.u32(offset);
  // Each (tag, value) pair takes at least 2 bytes and counts as 2.
  boundedCount(r, num, 'literal array', maxLiterals * 2, 1, offset, r.length - offset - 4);
  const literals: AbcLiteral[] = [];
  let p = offset + 4;
  for (let i = 0; i < num; i += 2) {
    spend(budget, 1, r, p);
    const tag = r.u8(p++);
    const info = LITERAL_TAGS[tag];
    if (!info) r.fail(`unknown literal tag 0x${tag.toString(16)}`, p - 1);
    if (info.size === 0) {
      // Typed arrays (static languages) keep their raw payload after the tag; nothing typed follows.
      literals.push({ tag, tagName: info.name, value: null });
      break;
    }
    r.check(p, info.size, 'literal value');
    const literal: AbcLiteral = { tag, tagName: info.name, value: readValue(r, p, tag, info.size, budget) };
    if (tag === 0x05) literal.stringOffset = r.u32(p);
    literals.push(literal);
    p += info.size;
  }
  return { offset, literals };
}

function readValue(r: ByteReader, p: number, tag: number, size: 1 | 2 | 4 | 8, budget?: WorkBudget): AbcLiteralValue {
  switch (tag) {
    case 0x01:
      return r.u8(p) !== 0;
    case 0x02:
      return r.i32(p);
    case 0x03:
      return new DataView(r.buf.buffer, r.buf.byteOffset + p, 4).getFloat32(0, true);
    case 0x04:
      return new DataView(r.buf.buffer, r.buf.byteOffset + p, 8).getFloat64(0, true);
    case 0x05: {
      const s = tryReadAbcString(r, r.u32(p), budget);
      return s ? s.value : null;
    }
    case 0xff:
      return null;
    default:
      return size === 1 ? r.u8(p) : size === 2 ? r.u16(p) : r.u32(p);
  }
}
