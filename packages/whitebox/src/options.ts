/** Options of a white-box library and their validation (SPEC §3 fields, §5 rules). */
export const ALGORITHMS = ['aes128', 'aes192', 'aes256', 'sm4'] as const;
export type Algorithm = (typeof ALGORITHMS)[number];
export const KEY_BYTES: Record<Algorithm, number> = { aes128: 16, aes192: 24, aes256: 32, sm4: 16 };
export type Direction = 'enc' | 'dec';
export type Mode = 'ecb' | 'cbc';

export interface LibraryOptions {
  algorithm: Algorithm;
  /** function and purpose: at least one */
  directions: Direction[];
  /** algorithm mode: at least one of ECB and CBC */
  modes: Mode[];
  padding: 'pkcs7' | 'none';
  preference: 'security' | 'performance';
  /** the symbol prefix: starts with a letter, letters and digits */
  logo: string;
  androidPackages: string[];
  iosBundleIds: string[];
}

export const LOGO_RE = /^[A-Za-z][A-Za-z0-9]{0,31}$/;
/** Android package names and iOS bundle ids: dotted identifiers. */
export const APP_ID_RE = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;

export function checkOptions(o: LibraryOptions): string | undefined {
  if (!ALGORITHMS.includes(o.algorithm)) return `unknown algorithm ${String(o.algorithm)}`;
  if (!o.directions.length || o.directions.some((d) => d !== 'enc' && d !== 'dec')) return 'function and purpose needs at least one of enc and dec';
  if (!o.modes.length || o.modes.some((m) => m !== 'ecb' && m !== 'cbc')) return 'algorithm mode needs at least one of ECB and CBC';
  if (o.padding !== 'pkcs7' && o.padding !== 'none') return 'padding must be pkcs7 or none';
  if (!LOGO_RE.test(o.logo)) return 'the logo starts with a letter and has only letters and digits (at most 32)';
  for (const id of [...o.androidPackages, ...o.iosBundleIds]) if (!APP_ID_RE.test(id) || id.length > 200) return `not a package name or bundle id: ${id.slice(0, 60)}`;
  if (o.androidPackages.length + o.iosBundleIds.length > 50) return 'at most 50 bound apps';
  return undefined;
}

/** Splits a "one per line" text box into ids. */
export function parseIdLines(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean))];
}
