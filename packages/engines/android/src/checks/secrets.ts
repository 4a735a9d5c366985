/**
 * Secrets and endpoints in DEX strings (each distinct string once, with the
 * class and method that first uses it), resources.arsc strings and text
 * files under assets/ and res/raw/. Texts are scanned in batches joined by
 * newlines, so each pattern runs once per batch instead of once per string.
 */
import type { Attribution, Evidence } from '@citadel/contracts';
import { HIGH_ENTROPY_ID, findEmails, findIps, findSensitiveWords, findUrls, isPlaceholder, lineAt, maskSecret, scanSecrets } from '@citadel/engine-core';
import { tryRead } from '../apk/open-package.ts';
import type { StringOccurrence } from './code/scan.ts';
import type { CheckContext } from './context.ts';

export const SECRETS_KEYS = ['secrets.api_keys', 'secrets.hardcoded_credentials', 'secrets.high_entropy_strings', 'secrets.http_urls', 'secrets.endpoints', 'secrets.sensitive_words'] as const;

const TEXT_FILE = /^(?:base\/)?(?:assets\/.+|res\/raw\/.+|root\/.+)\.(?:json|xml|txt|properties|js|html?|cfg|conf|ini|ya?ml|plist|csv|env)$/i;
const MAX_TEXT_FILES = 500;
const MAX_TEXT_FILE_BYTES = 2 << 20;
const BATCH_CHARS = 4 << 20;
/** "API Key: value", "password = value": a credential written next to its label (UI texts, configs). */
const CREDENTIAL_LABEL = /\b(?:api[ _-]?key|api[ _-]?secret|app[ _-]?secret|client[ _-]?secret|secret[ _-]?key|pass(?:word|wd)|pwd)\s*[:=]\s*["']?([^\s"',;<>]{3,64})/gi;

interface Source {
  value: string;
  where: Evidence;
  attribution: Attribution;
  /** Multi-line files get line numbers in evidence. */
  lines: boolean;
}

export async function collectTextSources(ctx: CheckContext, code: readonly StringOccurrence[]): Promise<Source[]> {
  const sources: Source[] = code.map((o) => ({ ...o, lines: false }));
  const MAIN: Attribution = { kind: 'main' };
  for (const s of ctx.model.resourceStrings) if (s.length >= 4) sources.push({ value: s, where: { file: 'resources.arsc' }, attribution: MAIN, lines: false });
  let files = 0;
  for (const e of ctx.model.zip.entries) {
    if (files >= MAX_TEXT_FILES) break;
    if (e.isDirectory || !TEXT_FILE.test(e.name) || e.uncompressedSize > MAX_TEXT_FILE_BYTES) continue;
    files++;
    const bytes = await tryRead(ctx.model, e.name, MAX_TEXT_FILE_BYTES);
    if (!bytes || bytes.includes(0)) continue;
    sources.push({ value: bytes.toString('utf8'), where: { file: e.name }, attribution: MAIN, lines: true });
  }
  return sources;
}

export async function secretChecks(ctx: CheckContext, code: readonly StringOccurrence[]): Promise<void> {
  if (!ctx.wants(...SECRETS_KEYS)) return;
  const sources = await collectTextSources(ctx, code);
  const noWords = ctx.builder.sensitiveWords.length === 0;
  if (noWords) ctx.notExecuted(['secrets.sensitive_words'], 'no sensitive words were configured for this task');
  await ctx.run(noWords ? SECRETS_KEYS.filter((k) => k !== 'secrets.sensitive_words') : SECRETS_KEYS, () => {
    const reported = new Set<string>();
    const once = (key: string, value: string): boolean => {
      const k = `${key}|${value}`;
      if (reported.has(k)) return false;
      reported.add(k);
      return true;
    };
    for (const batch of batches(sources)) {
      ctx.builder.throwIfAborted();
      const locate = (index: number): { src: Source; ev: Evidence } => {
        const i = upperBound(batch.starts, index) - 1;
        const src = batch.sources[i]!;
        const local = index - batch.starts[i]!;
        return { src, ev: { ...src.where, ...(src.lines ? { line: lineAt(src.value, local) } : {}) } };
      };
      for (const m of scanSecrets(batch.text, { maxMatches: 5000 })) {
        const { src, ev } = locate(m.index);
        const evidence = { ...ev, snippet: m.masked, detail: `${m.patternId}: ${m.description}` };
        const opts = { attribution: src.attribution };
        if (m.patternId === HIGH_ENTROPY_ID) {
          if (once('high', m.value)) ctx.problem('secrets.high_entropy_strings', { ...evidence, detail: `${m.patternId} (${m.entropy} bits/char)` }, opts);
        } else if (m.kind === 'identifier') {
          if (once('id', m.value)) ctx.problem('secrets.endpoints', { ...evidence, snippet: m.value }, opts);
        } else if (m.patternId === 'generic_password') {
          if (once('cred', m.value)) ctx.fail('secrets.hardcoded_credentials', evidence, opts);
        } else if (once('key', m.value)) ctx.fail('secrets.api_keys', evidence, opts);
      }
      for (const m of batch.text.matchAll(CREDENTIAL_LABEL)) {
        const value = m[1]!;
        if (isPlaceholder(value) || /[%{$]/.test(value) || !once('cred', value)) continue;
        const { src, ev } = locate(m.index);
        ctx.fail('secrets.hardcoded_credentials', { ...ev, snippet: `${m[0].slice(0, m[0].length - value.length)}${maskSecret(value)}`, detail: `credential after the label "${m[0].split(/[:=]/)[0]!.trim()}": ${value}` }, { attribution: src.attribution });
      }
      for (const u of findUrls(batch.text)) {
        if (u.reference) continue;
        const { src, ev } = locate(u.index);
        if (u.scheme.toLowerCase() === 'http' && once('http', u.value)) ctx.fail('secrets.http_urls', { ...ev, snippet: u.value }, { attribution: src.attribution });
        if (once('url', u.value)) ctx.problem('secrets.endpoints', { ...ev, snippet: u.value, detail: 'URL' }, { attribution: src.attribution });
      }
      for (const ip of findIps(batch.text)) {
        if (ip.ipClass === 'reserved' || !once('ip', ip.value)) continue;
        const { src, ev } = locate(ip.index);
        ctx.problem('secrets.endpoints', { ...ev, snippet: ip.value, detail: `IPv${ip.version} (${ip.ipClass})` }, { attribution: src.attribution });
      }
      for (const em of findEmails(batch.text)) {
        if (!once('mail', em.value)) continue;
        const { src, ev } = locate(em.index);
        ctx.problem('secrets.endpoints', { ...ev, snippet: em.value, detail: 'e-mail address' }, { attribution: src.attribution });
      }
      if (ctx.builder.sensitiveWords.length > 0) {
        for (const w of findSensitiveWords(batch.text, ctx.builder.sensitiveWords)) {
          const { src, ev } = locate(w.index);
          if (!once('word', `${w.word}|${ev.file}|${ev.className ?? ''}|${ev.method ?? ''}`)) continue;
          ctx.problem('secrets.sensitive_words', { ...ev, snippet: w.word, detail: `sensitive word "${w.word}"` }, { attribution: src.attribution });
        }
      }
    }
  });
}

interface Batch {
  text: string;
  starts: number[];
  sources: Source[];
}

function* batches(sources: readonly Source[]): Generator<Batch> {
  let parts: string[] = [];
  let starts: number[] = [];
  let srcs: Source[] = [];
  let length = 0;
  for (const s of sources) {
    if (length > 0 && length + s.value.length > BATCH_CHARS) {
      yield { text: parts.join('\n'), starts, sources: srcs };
      parts = [];
      starts = [];
      srcs = [];
      length = 0;
    }
    starts.push(length);
    srcs.push(s);
    parts.push(s.value);
    length += s.value.length + 1;
  }
  if (length > 0) yield { text: parts.join('\n'), starts, sources: srcs };
}

function upperBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
