/**
 * Secrets and endpoints in many small texts at once (every string of a DEX,
 * an ABC file or a Mach-O, resource values, bundled text files). Running each
 * pattern over hundreds of thousands of strings one by one is slow, so the
 * texts are joined by newlines into batches of a few MiB, every finder runs
 * once per batch, and each match is mapped back to the text it came from by a
 * binary search over the batch's start offsets.
 *
 * The engine decides what a hit means (which item, which detail text, which
 * duplicates to drop) in the visitor; this module only finds and locates.
 */
import type { Evidence } from '@citadel/contracts';
import { type EmailMatch, type IpMatch, type UrlMatch, findEmails, findIps, findUrls } from './endpoints.ts';
import { isPlaceholder } from './patterns.ts';
import { type SecretMatch, type SensitiveWordMatch, findSensitiveWords, lineAt, scanSecrets } from './scan.ts';

/** One text to scan and where it comes from. */
export interface TextSource {
  value: string;
  /** The evidence location of the text (file, class, offset …). */
  where: Evidence;
  /** Multi-line texts (files) get a 1-based line number in their evidence. */
  lines: boolean;
}

/** A match's source and its evidence location (`where`, plus the line for multi-line texts). */
export interface Located<S extends TextSource> {
  source: S;
  evidence: Evidence;
}

export interface TextBatch<S extends TextSource> {
  /** The sources joined by newlines. */
  text: string;
  /** The source holding an offset of `text`. */
  locate(index: number): Located<S>;
}

/** A credential written right after its label ("API Key: value", "password = value"), as UI texts and configs do. */
export interface LabelledCredential {
  /** The whole match, label included. */
  text: string;
  label: string;
  value: string;
  index: number;
}

/** What the engine does with each kind of hit; a kind without a handler is not searched for. */
export interface TextHitVisitor<S extends TextSource> {
  secret?(match: SecretMatch, at: Located<S>): void;
  labelledCredential?(match: LabelledCredential, at: Located<S>): void;
  /** URLs, without reference URLs (schemas, licences, documentation hosts). */
  url?(match: UrlMatch, at: Located<S>): void;
  /** IP addresses, without reserved ones. */
  ip?(match: IpMatch, at: Located<S>): void;
  email?(match: EmailMatch, at: Located<S>): void;
  sensitiveWord?(match: SensitiveWordMatch, at: Located<S>): void;
}

export interface TextScanOptions {
  /** The user's sensitive words; none: no sensitive-word search. */
  sensitiveWords?: readonly string[];
  /** Secret matches kept per batch (scanSecrets' maxMatches). */
  maxSecretsPerBatch?: number;
  /** Batch size in characters. */
  batchChars?: number;
  /** Called before each batch: throw here to stop (cancellation). */
  beforeBatch?: () => void;
}

export const DEFAULT_BATCH_CHARS = 4 << 20;
const LABELLED_CREDENTIAL = /\b(?:api[ _-]?key|api[ _-]?secret|app[ _-]?secret|client[ _-]?secret|secret[ _-]?key|pass(?:word|wd)|pwd)\s*[:=]\s*["']?([^\s"',;<>]{3,64})/gi;

/** Consecutive sources joined by newlines, at most `maxChars` per batch (a longer source is a batch of its own). */
export function* textBatches<S extends TextSource>(sources: readonly S[], maxChars = DEFAULT_BATCH_CHARS): Generator<TextBatch<S>> {
  let parts: string[] = [];
  let starts: number[] = [];
  let members: S[] = [];
  let length = 0;
  for (const s of sources) {
    if (length > 0 && length + s.value.length > maxChars) {
      yield batchOf(parts, starts, members);
      parts = [];
      starts = [];
      members = [];
      length = 0;
    }
    starts.push(length);
    members.push(s);
    parts.push(s.value);
    length += s.value.length + 1;
  }
  if (length > 0) yield batchOf(parts, starts, members);
}

function batchOf<S extends TextSource>(parts: string[], starts: readonly number[], members: readonly S[]): TextBatch<S> {
  return {
    text: parts.join('\n'),
    locate(index) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= index) lo = mid;
        else hi = mid - 1;
      }
      const source = members[lo]!;
      return { source, evidence: source.lines ? { ...source.where, line: lineAt(source.value, index - starts[lo]!) } : { ...source.where } };
    },
  };
}

/**
 * Runs every finder the visitor handles over the sources, batch by batch, in
 * a fixed order per batch: secrets, labelled credentials, URLs, IPs, e-mail
 * addresses, sensitive words.
 */
export function scanTextSources<S extends TextSource>(sources: readonly S[], visitor: TextHitVisitor<S>, options: TextScanOptions = {}): void {
  const words = options.sensitiveWords ?? [];
  for (const batch of textBatches(sources, options.batchChars)) {
    options.beforeBatch?.();
    const { text, locate } = batch;
    if (visitor.secret) for (const m of scanSecrets(text, { maxMatches: options.maxSecretsPerBatch ?? 5000 })) visitor.secret(m, locate(m.index));
    if (visitor.labelledCredential) {
      for (const m of text.matchAll(LABELLED_CREDENTIAL)) {
        const value = m[1]!;
        // Placeholders and format strings ("%s", "{0}", "${PASSWORD}") are not credentials.
        if (isPlaceholder(value) || /[%{$]/.test(value)) continue;
        visitor.labelledCredential({ text: m[0], label: m[0].split(/[:=]/)[0]!.trim(), value, index: m.index }, locate(m.index));
      }
    }
    if (visitor.url) for (const u of findUrls(text)) if (!u.reference) visitor.url(u, locate(u.index));
    if (visitor.ip) for (const ip of findIps(text)) if (ip.ipClass !== 'reserved') visitor.ip(ip, locate(ip.index));
    if (visitor.email) for (const e of findEmails(text)) visitor.email(e, locate(e.index));
    if (visitor.sensitiveWord && words.length > 0) for (const w of findSensitiveWords(text, words)) visitor.sensitiveWord(w, locate(w.index));
  }
}
