/**
 * High-entropy strings: random-looking tokens that no named pattern caught.
 * Tuned for a low false-positive rate: hashes (hex), UUIDs, identifiers,
 * paths, base64 images and alphabet tables are not reported.
 */

export interface EntropyOptions {
  /** Shortest token considered (default 20). */
  minLength?: number;
  /** Longest token considered (default 128): longer blobs are data, not keys. */
  maxLength?: number;
  /** Bits per character a token must reach, before the length adjustment (default 4.0). */
  threshold?: number;
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const c of counts.values()) {
    const p = c / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** Tokens made of base64/base64url/base62 characters. */
export const ENTROPY_TOKEN = /[A-Za-z0-9+/=_-]{20,}/g;

// Base64 of PNG, JPEG, GIF, WebP, SVG, PDF, ZIP, gzip headers: embedded files, not secrets.
const FILE_BASE64_PREFIXES = ['iVBORw0KGgo', '/9j/', 'R0lGOD', 'UklGR', 'PHN2Zy', 'PD94bW', 'JVBERi0', 'UEsDB', 'H4sI', 'AAABAA'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The entropy of `token` when it looks like a random secret, else undefined.
 * The bar grows with length because a short string cannot have high entropy
 * (at most log2(length) bits per character).
 */
export function highEntropy(token: string, o: EntropyOptions = {}): number | undefined {
  const min = o.minLength ?? 20;
  const max = o.maxLength ?? 128;
  const threshold = o.threshold ?? 4.0;
  const t = token.replace(/=+$/, '');
  if (t.length < min || t.length > max) return undefined;
  if (UUID.test(t)) return undefined;
  // Random keys mix upper case, lower case and digits; hex digests, constants and words do not.
  if (!/[a-z]/.test(t) || !/[A-Z]/.test(t) || !/[0-9]/.test(t)) return undefined;
  if (FILE_BASE64_PREFIXES.some((p) => t.startsWith(p))) return undefined;
  if (looksLikeIdentifierOrPath(t)) return undefined;
  if (ascendingRatio(t) > 0.4) return undefined; // "ABCDEFGH…abcdef…0123456789" alphabet tables
  const h = shannonEntropy(t);
  const bar = Math.min(threshold + Math.max(0, Math.log2(t.length / 32)) * 0.5, 0.9 * Math.log2(t.length));
  return h >= bar ? h : undefined;
}

/** Path, class or property names: segments that are mostly words. */
function looksLikeIdentifierOrPath(t: string): boolean {
  const segments = t.split(/[/_.+-]/).filter((s) => s !== '');
  if (segments.length >= 2 && segments.every((s) => /^[A-Za-z]+\d{0,2}$/.test(s))) return true;
  // camelCase words: long runs of lower-case letters between capitals (getSupportFragmentManager2).
  const words = t.match(/[A-Z]?[a-z]{3,}/g) ?? [];
  const wordChars = words.reduce((n, w) => n + w.length, 0);
  return wordChars / t.length > 0.6;
}

function ascendingRatio(t: string): number {
  let n = 0;
  for (let i = 1; i < t.length; i++) if (t.charCodeAt(i) === t.charCodeAt(i - 1) + 1) n++;
  return n / (t.length - 1);
}
