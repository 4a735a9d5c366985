/**
 * Secrets and endpoints in the strings of every code unit (each ABC/DEX
 * string separately; an ABC string names the record and method that first
 * loads it, when the code was decoded; a DEX string the class and method
 * the Android code walk first saw it in), the values of resources.index and the package's text
 * files (with line numbers), scanned in batches by engine-core's
 * scanTextSources (each pattern runs once per batch, matches are mapped back
 * to their source).
 */
import { HIGH_ENTROPY_ID, type TextSource, maskSecret, scanTextSources } from '@citadel/engine-core';
import type { CodeUnit } from './code/code-units.ts';
import type { DexCodeResult } from './dex/dex-code.ts';
import type { CheckContext } from './context.ts';

export const SECRETS_KEYS = ['secrets.api_keys', 'secrets.hardcoded_credentials', 'secrets.high_entropy_strings', 'secrets.http_urls', 'secrets.endpoints', 'secrets.sensitive_words'] as const;

function sources(c: CheckContext, units: readonly CodeUnit[], dexUse?: DexCodeResult['firstUse']): TextSource[] {
  const out: TextSource[] = [];
  for (const u of units) {
    const usedIn = firstUse(u);
    for (const s of u.strings) {
      if (s.length < 4) continue;
      const m = usedIn.get(s);
      const d = u.kind === 'dex' ? dexUse?.get(s) : undefined;
      const where = m ? { file: u.file, className: m.record, method: m.method } : d && d.file === u.file ? d : { file: u.file };
      out.push({ value: s, where, lines: false });
    }
  }
  for (const m of c.modules) {
    for (const config of m.resources?.configs ?? []) for (const e of config.entries) if (e.value.length >= 4) out.push({ value: e.value, where: { file: `${m.prefix}resources.index`, className: `${e.typeName}:${e.name}` }, lines: false });
    for (const f of m.textFiles) out.push({ value: f.text, where: { file: `${m.prefix}${f.path}` }, lines: true });
  }
  return out;
}

/** The first decoded method that loads each string: its record and name are the evidence's class and method. */
function firstUse(u: CodeUnit): Map<string, { record: string; method: string }> {
  const out = new Map<string, { record: string; method: string }>();
  for (const m of u.methods) for (const s of m.strings) if (!out.has(s)) out.set(s, m);
  return out;
}

export async function secretChecks(c: CheckContext, units: readonly CodeUnit[], dex?: DexCodeResult): Promise<void> {
  if (!c.wants(...SECRETS_KEYS)) return;
  const noWords = c.builder.sensitiveWords.length === 0;
  if (noWords) c.notExecuted(['secrets.sensitive_words'], 'no sensitive words were configured for this task');
  await c.run(noWords ? SECRETS_KEYS.filter((k) => k !== 'secrets.sensitive_words') : SECRETS_KEYS, () => {
    const seen = new Set<string>();
    const first = (kind: string, value: string) => !seen.has(`${kind}\u0000${value}`) && seen.add(`${kind}\u0000${value}`) !== undefined;
    scanTextSources(
      sources(c, units, dex?.firstUse),
      {
        secret(s, { evidence: at }) {
          const ev = { ...at, snippet: s.masked, detail: `${s.patternId}: ${s.description}` };
          if (s.patternId === HIGH_ENTROPY_ID) {
            if (first('entropy', s.value)) c.problem('secrets.high_entropy_strings', { ...ev, detail: `${s.patternId} (${s.entropy} bits/char)` });
          } else if (s.kind === 'identifier') {
            if (first('endpoint', s.value)) c.problem('secrets.endpoints', { ...ev, snippet: s.value });
          } else if (s.patternId === 'generic_password') {
            if (first('credential', s.value)) c.fail('secrets.hardcoded_credentials', ev);
          } else if (first('key', s.value)) c.fail('secrets.api_keys', ev);
        },
        labelledCredential(m, { evidence: at }) {
          if (first('credential', m.value)) c.fail('secrets.hardcoded_credentials', { ...at, snippet: `${m.label}: ${maskSecret(m.value)}`, detail: `value after the label "${m.label}"` });
        },
        url(u, { evidence: at }) {
          if (u.scheme.toLowerCase() === 'http' && first('http', u.value)) c.fail('secrets.http_urls', { ...at, snippet: u.value });
          if (first('endpoint', u.value)) c.problem('secrets.endpoints', { ...at, snippet: u.value, detail: 'URL' });
        },
        ip(ip, { evidence: at }) {
          if (first('endpoint', ip.value)) c.problem('secrets.endpoints', { ...at, snippet: ip.value, detail: `IPv${ip.version} (${ip.ipClass})` });
        },
        email(e, { evidence: at }) {
          if (first('endpoint', e.value)) c.problem('secrets.endpoints', { ...at, snippet: e.value, detail: 'e-mail address' });
        },
        sensitiveWord(w, { evidence: ev }) {
          if (first('word', `${w.word}|${ev.file}|${ev.className ?? ''}`)) c.problem('secrets.sensitive_words', { ...ev, snippet: w.word, detail: `sensitive word "${w.word}"` });
        },
      },
      { sensitiveWords: c.builder.sensitiveWords, beforeBatch: () => c.builder.throwIfAborted() },
    );
  });
}
