/**
 * One ordering of version strings per ecosystem. `compare` is total: it never
 * throws, and a string the ecosystem's grammar does not accept is still ordered
 * (by the generic tokeniser) so a malformed advisory cannot stop a scan; `valid`
 * says whether the grammar accepted it, for callers that want to know.
 */
export interface VersionScheme {
  readonly name: string;
  compare(a: string, b: string): number;
  valid(v: string): boolean;
}

export function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** Compares two strings of decimal digits of any length (leading zeros ignored) without Number overflow. */
export function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Memoises a parser: matching compares the same few thousand range bounds
 * against each query, and parsing (regexes, splits) dominated the cost. The
 * cache is bounded: when full it starts over.
 */
export function memo<T>(parse: (v: string) => T, max = 200_000): (v: string) => T {
  const cache = new Map<string, T>();
  return (v: string) => {
    let r = cache.get(v);
    if (r === undefined && !cache.has(v)) {
      r = parse(v);
      if (cache.size >= max) cache.clear();
      cache.set(v, r);
    }
    return r as T;
  };
}
