/**
 * Runs the secret patterns and the entropy filter over text. The caller
 * supplies where the text came from (file, class, method …) and turns matches
 * into evidence with secretEvidence().
 */
import type { Evidence } from '@citadel/contracts';
import { ENTROPY_TOKEN, type EntropyOptions, highEntropy } from './entropy.ts';
import { type Confidence, SECRET_PATTERNS, type SecretKind, type SecretPattern } from './patterns.ts';

export interface SecretMatch {
  patternId: string;
  description: string;
  kind: SecretKind;
  confidence: Confidence;
  /** The full value: for evidence only, never for display. */
  value: string;
  /** The value with its middle hidden, for display. */
  masked: string;
  /** Offset of the value in the scanned text. */
  index: number;
  /** Entropy in bits per character, for high-entropy matches. */
  entropy?: number;
}

export interface ScanOptions {
  patterns?: readonly SecretPattern[];
  /** Also report random-looking tokens no pattern caught (default true). */
  entropy?: boolean | EntropyOptions;
  /** Stop after this many matches (default 1000). */
  maxMatches?: number;
  /** Longer text is scanned up to this length only (default 16 MiB): callers scan per file or string table. */
  maxTextLength?: number;
}

export const HIGH_ENTROPY_ID = 'high_entropy_string';

export function scanSecrets(input: string, o: ScanOptions = {}): SecretMatch[] {
  const text = input.length > (o.maxTextLength ?? 16 << 20) ? input.slice(0, o.maxTextLength ?? 16 << 20) : input;
  const max = o.maxMatches ?? 1000;
  const out: SecretMatch[] = [];
  // Spans already reported, so the entropy pass and overlapping patterns do not report a value twice.
  const taken: [number, number][] = [];
  const overlaps = (s: number, e: number) => taken.some(([a, b]) => s < b && e > a);

  for (const p of o.patterns ?? SECRET_PATTERNS) {
    p.regex.lastIndex = 0;
    for (const m of text.matchAll(p.regex)) {
      if (out.length >= max) return out;
      const g = p.valueGroup ?? 0;
      const value = m[g];
      if (value === undefined) continue;
      const index = m.index + (g === 0 ? 0 : m[0].indexOf(value));
      if (p.validate && !p.validate(value)) continue;
      if (overlaps(index, index + value.length)) continue;
      taken.push([index, index + value.length]);
      out.push({ patternId: p.id, description: p.description, kind: p.kind, confidence: p.confidence, value, masked: maskSecret(value), index });
    }
  }

  if (o.entropy !== false) {
    const eo = typeof o.entropy === 'object' ? o.entropy : {};
    for (const m of text.matchAll(ENTROPY_TOKEN)) {
      if (out.length >= max) break;
      const h = highEntropy(m[0], eo);
      if (h === undefined || overlaps(m.index, m.index + m[0].length)) continue;
      if (isDigestContext(text.slice(Math.max(0, m.index - 64), m.index), m[0])) continue;
      taken.push([m.index, m.index + m[0].length]);
      out.push({
        patternId: HIGH_ENTROPY_ID,
        description: 'Random-looking string that may be a hard-coded key or token',
        kind: 'secret',
        confidence: 'low',
        value: m[0],
        masked: maskSecret(m[0]),
        index: m.index,
        entropy: Math.round(h * 100) / 100,
      });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * Tokens that are content or digests by their surroundings: data: URLs
 * (inline images, fonts), SRI/npm integrity values ("sha512-…"), plist or
 * JSON hash fields (iOS CodeResources, manifests), and base64 of exactly 20
 * bytes (SHA-1, the digest of _CodeSignature and v1 JAR manifests; no common
 * key has 160 bits).
 */
function isDigestContext(before: string, token: string): boolean {
  if (/data:[\w/+.-]+;base64,$/.test(before)) return true;
  if (/sha(?:1|256|384|512)-$/i.test(before)) return true;
  if (/(?:hash\d?|digest|sha\d*|md5|checksum|integrity)(?:<\/key>\s*<data>|["']?\s*[:=]\s*["']?|:\s*)\s*$/i.test(before)) return true;
  return token.length === 28 && token.endsWith('=') && Buffer.from(token, 'base64').length === 20;
}

/** Keeps a short head and tail so a reader can recognise the value without copying it. */
export function maskSecret(value: string): string {
  if (value.startsWith('-----BEGIN')) return value; // the PEM header is the finding, not the key
  if (value.length <= 8) return `${value.slice(0, 1)}${'*'.repeat(Math.max(3, value.length - 1))}`;
  const keep = Math.min(6, Math.floor(value.length / 5));
  return `${value.slice(0, keep)}${'*'.repeat(Math.min(16, value.length - keep - 4))}${value.slice(-4)}`;
}

/** 1-based line of an offset (for text files and JS bundles). */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Evidence for a match: the caller's location, the masked value as snippet, the full value in detail. */
export function secretEvidence(match: SecretMatch, location: Evidence = {}): Evidence {
  return { ...location, snippet: match.masked, detail: `${match.patternId}: ${match.value}` };
}

export interface SensitiveWordMatch {
  word: string;
  index: number;
}

/** Occurrences of the user's sensitive words (case-insensitive for Latin letters). */
export function findSensitiveWords(text: string, words: readonly string[], max = 1000): SensitiveWordMatch[] {
  const out: SensitiveWordMatch[] = [];
  const lower = text.toLowerCase();
  for (const word of words) {
    const w = word.toLowerCase();
    if (w === '') continue;
    for (let i = lower.indexOf(w); i !== -1 && out.length < max; i = lower.indexOf(w, i + w.length)) out.push({ word, index: i });
  }
  return out.sort((a, b) => a.index - b.index);
}
