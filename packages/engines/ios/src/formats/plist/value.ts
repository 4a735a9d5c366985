import { FormatError } from '@citadel/engine-core';

/**
 * The one value model for property lists, whatever form they were read from
 * (XML, bplist00). A tagged union so that integers and reals stay distinct
 * (JavaScript numbers cannot tell 1 from 1.0) and so that data, dates and UIDs
 * survive a round trip through a rule.
 */

export type PlistValue =
  | PlistDict
  | PlistArray
  | { readonly kind: 'string'; readonly value: string }
  /** A number when it is a safe integer, a bigint otherwise (bplist holds up to 128 bits). */
  | { readonly kind: 'int'; readonly value: number | bigint }
  | { readonly kind: 'real'; readonly value: number }
  | { readonly kind: 'bool'; readonly value: boolean }
  /** An invalid Date is kept as such: the file said "date", the value was unreadable. */
  | { readonly kind: 'date'; readonly value: Date }
  /** A view into the input buffer for bplist, a fresh buffer for XML. */
  | { readonly kind: 'data'; readonly value: Uint8Array }
  /** NSKeyedArchiver object references (bplist only). */
  | { readonly kind: 'uid'; readonly value: number | bigint }
  /** bplist null marker (0x00); XML has no equivalent. */
  | { readonly kind: 'null' };

export interface PlistDict {
  readonly kind: 'dict';
  /** A Map, not an object: keys such as "__proto__" are ordinary keys here. Last duplicate wins. */
  readonly entries: Map<string, PlistValue>;
}

export interface PlistArray {
  readonly kind: 'array';
  readonly items: PlistValue[];
  /** True when the bplist stored it as a set (0xC marker). */
  readonly isSet?: boolean;
}

export type PlistKind = PlistValue['kind'];

/** Follows a path of dictionary keys and array indexes; undefined when any step is missing. */
export function plistGet(value: PlistValue | undefined, ...path: (string | number)[]): PlistValue | undefined {
  let current = value;
  for (const step of path) {
    if (current === undefined) return undefined;
    if (typeof step === 'number') current = current.kind === 'array' ? current.items[step] : undefined;
    else current = current.kind === 'dict' ? current.entries.get(step) : undefined;
  }
  return current;
}

export function plistString(value: PlistValue | undefined): string | undefined {
  return value?.kind === 'string' ? value.value : undefined;
}

export function plistBool(value: PlistValue | undefined): boolean | undefined {
  return value?.kind === 'bool' ? value.value : undefined;
}

export function plistNumber(value: PlistValue | undefined): number | undefined {
  if (value?.kind === 'real') return value.value;
  if (value?.kind === 'int') return Number(value.value);
  return undefined;
}

/** A JSON-compatible rendering for evidence and reports (data as base64, dates as ISO, bigint as string). */
export type PlistJson = string | number | boolean | null | PlistJson[] | { [key: string]: PlistJson };

export function plistToJson(value: PlistValue, maxNodes = 1_000_000): PlistJson {
  let budget = maxNodes;
  const convert = (v: PlistValue): PlistJson => {
    if (--budget < 0) throw new FormatError(`more than ${maxNodes} nodes`, 'plist');
    switch (v.kind) {
      case 'dict': {
        // A null-prototype object so that a "__proto__" key is stored, not interpreted.
        const out: { [key: string]: PlistJson } = Object.create(null) as { [key: string]: PlistJson };
        for (const [k, item] of v.entries) out[k] = convert(item);
        return out;
      }
      case 'array':
        return v.items.map(convert);
      case 'int':
      case 'uid':
        return typeof v.value === 'bigint' ? v.value.toString() : v.value;
      case 'date':
        return Number.isNaN(v.value.getTime()) ? null : v.value.toISOString();
      case 'data':
        return Buffer.from(v.value).toString('base64');
      case 'null':
        return null;
      default:
        return v.value;
    }
  };
  return convert(value);
}
