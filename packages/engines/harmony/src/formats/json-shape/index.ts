/**
 * Size- and depth-limited JSON parsing plus typed field access that records
 * shape problems instead of throwing: the manifests of HAP/APP packages
 * (module.json, config.json, pack.info, the signing profile) are attacker
 * input, and an unexpected shape is a finding to report, not a crash.
 */
import { FormatError } from '@citadel/engine-core';

export interface JsonLimits {
  maxBytes: number;
  maxDepth: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = { maxBytes: 8 * 1024 * 1024, maxDepth: 64 };

export type JsonObject = Record<string, unknown>;

/** Parses JSON text or UTF-8 bytes; a FormatError (format = `what`) when too big, too deep or invalid. */
export function parseJsonBounded(input: Uint8Array | string, what: string, limits: Partial<JsonLimits> = {}): unknown {
  const lim = { ...DEFAULT_JSON_LIMITS, ...limits };
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  if (size > lim.maxBytes) throw new FormatError(`${size} bytes over the limit of ${lim.maxBytes}`, what);
  let text = typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.length).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const depth = nestingDepth(text);
  if (depth > lim.maxDepth) throw new FormatError(`nesting depth ${depth} over the limit of ${lim.maxDepth}`, what);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new FormatError(`invalid JSON: ${(e as Error).message}`, what);
  }
}

/** Deepest bracket nesting outside string literals: checked before JSON.parse ever recurses. */
function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Typed reads from parsed JSON. A field of the wrong type is recorded in
 * `issues` (with its path) and read as undefined; a missing field is just undefined.
 */
export class ShapeReader {
  readonly issues: string[] = [];

  private wrong(path: string, expected: string, v: unknown): undefined {
    this.issues.push(`${path}: expected ${expected}, found ${Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v}`);
    return undefined;
  }

  str(o: JsonObject | undefined, key: string, path: string): string | undefined {
    const v = o?.[key];
    if (v === undefined) return undefined;
    return typeof v === 'string' ? v : this.wrong(`${path}.${key}`, 'string', v);
  }

  num(o: JsonObject | undefined, key: string, path: string): number | undefined {
    const v = o?.[key];
    if (v === undefined) return undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : this.wrong(`${path}.${key}`, 'number', v);
  }

  /** Booleans; the strings "true"/"false" are accepted (and noted) because hand-edited manifests use them. */
  bool(o: JsonObject | undefined, key: string, path: string): boolean | undefined {
    const v = o?.[key];
    if (v === undefined) return undefined;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') {
      this.issues.push(`${path}.${key}: boolean written as the string "${v}"`);
      return v === 'true';
    }
    return this.wrong(`${path}.${key}`, 'boolean', v);
  }

  obj(o: JsonObject | undefined, key: string, path: string): JsonObject | undefined {
    const v = o?.[key];
    if (v === undefined) return undefined;
    return isObject(v) ? v : this.wrong(`${path}.${key}`, 'object', v);
  }

  /** An array of objects; non-object items are reported and skipped. */
  objs(o: JsonObject | undefined, key: string, path: string): JsonObject[] {
    const v = o?.[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) return this.wrong(`${path}.${key}`, 'array', v) ?? [];
    return v.filter((item, i) => isObject(item) || this.wrong(`${path}.${key}[${i}]`, 'object', item) !== undefined);
  }

  /** An array of strings; a lone string is accepted as a one-item list (and noted). */
  strs(o: JsonObject | undefined, key: string, path: string): string[] {
    const v = o?.[key];
    if (v === undefined) return [];
    if (typeof v === 'string') {
      this.issues.push(`${path}.${key}: a single string where a list is expected`);
      return [v];
    }
    if (!Array.isArray(v)) return this.wrong(`${path}.${key}`, 'array of strings', v) ?? [];
    return v.filter((item, i): item is string => typeof item === 'string' || this.wrong(`${path}.${key}[${i}]`, 'string', item) !== undefined);
  }
}
