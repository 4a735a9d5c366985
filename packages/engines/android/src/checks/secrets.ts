/**
 * Secrets and endpoints in DEX strings (each distinct string once, with the
 * class and method that first uses it), resources.arsc strings and text
 * files under assets/ and res/raw/, scanned in batches by engine-core's
 * scanTextSources (each pattern runs once per batch, not once per string).
 */
import type { Attribution } from '@citadel/contracts';
import { HIGH_ENTROPY_ID, type TextSource, maskSecret, scanTextSources } from '@citadel/engine-core';
import { tryRead } from '../apk/open-package.ts';
import type { StringOccurrence } from './code/scan.ts';
import type { CheckContext } from './context.ts';

export const SECRETS_KEYS = ['secrets.api_keys', 'secrets.hardcoded_credentials', 'secrets.high_entropy_strings', 'secrets.http_urls', 'secrets.endpoints', 'secrets.sensitive_words'] as const;

const TEXT_FILE = /^(?:base\/)?(?:assets\/.+|res\/raw\/.+|root\/.+)\.(?:json|xml|txt|properties|js|html?|cfg|conf|ini|ya?ml|plist|csv|env)$/i;
const MAX_TEXT_FILES = 500;
const MAX_TEXT_FILE_BYTES = 2 << 20;

interface Source extends TextSource {
  attribution: Attribution;
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
    scanTextSources(
      sources,
      {
        secret(m, { source, evidence: ev }) {
          const evidence = { ...ev, snippet: m.masked, detail: `${m.patternId}: ${m.description}` };
          const opts = { attribution: source.attribution };
          if (m.patternId === HIGH_ENTROPY_ID) {
            if (once('high', m.value)) ctx.problem('secrets.high_entropy_strings', { ...evidence, detail: `${m.patternId} (${m.entropy} bits/char)` }, opts);
          } else if (m.kind === 'identifier') {
            if (once('id', m.value)) ctx.problem('secrets.endpoints', { ...evidence, snippet: m.value }, opts);
          } else if (m.patternId === 'generic_password') {
            if (once('cred', m.value)) ctx.fail('secrets.hardcoded_credentials', evidence, opts);
          } else if (once('key', m.value)) ctx.fail('secrets.api_keys', evidence, opts);
        },
        labelledCredential(c, { source, evidence: ev }) {
          if (!once('cred', c.value)) return;
          ctx.fail('secrets.hardcoded_credentials', { ...ev, snippet: `${c.text.slice(0, c.text.length - c.value.length)}${maskSecret(c.value)}`, detail: `credential after the label "${c.label}": ${c.value}`, fact: { id: 'secret.after_label', values: { label: c.label, value: c.value } } }, { attribution: source.attribution });
        },
        url(u, { source, evidence: ev }) {
          if (u.scheme.toLowerCase() === 'http' && once('http', u.value)) ctx.fail('secrets.http_urls', { ...ev, snippet: u.value }, { attribution: source.attribution });
          if (once('url', u.value)) ctx.problem('secrets.endpoints', { ...ev, snippet: u.value, detail: 'URL' }, { attribution: source.attribution });
        },
        ip(ip, { source, evidence: ev }) {
          if (once('ip', ip.value)) ctx.problem('secrets.endpoints', { ...ev, snippet: ip.value, detail: `IPv${ip.version} (${ip.ipClass})` }, { attribution: source.attribution });
        },
        email(em, { source, evidence: ev }) {
          if (once('mail', em.value)) ctx.problem('secrets.endpoints', { ...ev, snippet: em.value, detail: 'e-mail address' }, { attribution: source.attribution });
        },
        sensitiveWord(w, { source, evidence: ev }) {
          if (!once('word', `${w.word}|${ev.file}|${ev.className ?? ''}|${ev.method ?? ''}`)) return;
          ctx.problem('secrets.sensitive_words', { ...ev, snippet: w.word, detail: `sensitive word "${w.word}"` }, { attribution: source.attribution });
        },
      },
      { sensitiveWords: ctx.builder.sensitiveWords, beforeBatch: () => ctx.builder.throwIfAborted() },
    );
  });
}
