/**
 * Reading the JSON files of a mini-program (app-config.json, app.json,
 * mini.project.json …) under a size limit, with typed picks that collect
 * shape problems instead of throwing. Depth is bounded by JSON.parse's own
 * iterative parser only after a cheap pre-scan refuses absurd nesting.
 */
import { FormatError } from '@citadel/engine-core';

export type JsonRecord = Record<string, unknown>;

export function readJsonRecord(input: Uint8Array | string, what: string, maxBytes = 4 * 1024 * 1024, maxDepth = 64): JsonRecord {
  const text = (typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.length).toString('utf8')).replace(/^\uFEFF/, '');
  if (Buffer.byteLength(text) > maxBytes) throw new FormatError(`larger than ${maxBytes} bytes`, what);
  let depth = 0;
  for (const m of text.matchAll(/"(?:[^"\\]|\\.)*"|[[{]|[\]}]/g)) {
    const t = m[0];
    if (t === '[' || t === '{') {
      if (++depth > maxDepth) throw new FormatError(`nested deeper than ${maxDepth}`, what);
    } else if (t === ']' || t === '}') depth--;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new FormatError(`invalid JSON: ${(e as Error).message}`, what);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FormatError('not a JSON object', what);
  return value as JsonRecord;
}

/** Typed picks from a parsed object; wrong types are noted in `problems` and read as undefined. */
export class Picker {
  readonly problems: string[] = [];

  private note(path: string, expected: string): undefined {
    this.problems.push(`${path}: expected ${expected}`);
    return undefined;
  }
  string(o: JsonRecord | undefined, key: string, path: string): string | undefined {
    const v = o?.[key];
    return v === undefined || typeof v === 'string' ? v : this.note(`${path}.${key}`, 'string');
  }
  number(o: JsonRecord | undefined, key: string, path: string): number | undefined {
    const v = o?.[key];
    return v === undefined || (typeof v === 'number' && Number.isFinite(v)) ? v : this.note(`${path}.${key}`, 'number');
  }
  boolean(o: JsonRecord | undefined, key: string, path: string): boolean | undefined {
    const v = o?.[key];
    return v === undefined || typeof v === 'boolean' ? v : this.note(`${path}.${key}`, 'boolean');
  }
  record(o: JsonRecord | undefined, key: string, path: string): JsonRecord | undefined {
    const v = o?.[key];
    if (v === undefined) return undefined;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonRecord) : this.note(`${path}.${key}`, 'object');
  }
  records(o: JsonRecord | undefined, key: string, path: string): JsonRecord[] {
    const v = o?.[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) return this.note(`${path}.${key}`, 'array') ?? [];
    return v.filter((x): x is JsonRecord => (typeof x === 'object' && x !== null && !Array.isArray(x)) || this.note(`${path}.${key}[]`, 'object') !== undefined);
  }
  strings(o: JsonRecord | undefined, key: string, path: string): string[] {
    const v = o?.[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) return this.note(`${path}.${key}`, 'array') ?? [];
    return v.filter((x): x is string => typeof x === 'string' || this.note(`${path}.${key}[]`, 'string') !== undefined);
  }
}
