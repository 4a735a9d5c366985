/**
 * Secrets and endpoints in the strings of every code unit (each ABC/DEX
 * string separately), the values of resources.index and the package's text
 * files (with line numbers). Sources are joined into large texts so each
 * pattern runs once per text, and matches are mapped back to their source.
 */
import type { Evidence } from '@citadel/contracts';
import { HIGH_ENTROPY_ID, findEmails, findIps, findSensitiveWords, findUrls, isPlaceholder, lineAt, maskSecret, scanSecrets } from '@citadel/engine-core';
import type { CodeUnit } from './code/code-units.ts';
import type { CheckContext } from './context.ts';

export const SECRETS_KEYS = ['secrets.api_keys', 'secrets.hardcoded_credentials', 'secrets.high_entropy_strings', 'secrets.http_urls', 'secrets.endpoints', 'secrets.sensitive_words'] as const;

interface Piece {
  text: string;
  ev: Evidence;
  lines: boolean;
}

const CHUNK_CHARS = 4 << 20;
const LABELLED_CREDENTIAL = /\b(?:api[ _-]?key|api[ _-]?secret|app[ _-]?secret|client[ _-]?secret|secret[ _-]?key|pass(?:word|wd)|pwd)\s*[:=]\s*["']?([^\s"',;<>]{3,64})/gi;

function pieces(c: CheckContext, units: readonly CodeUnit[]): Piece[] {
  const out: Piece[] = [];
  for (const u of units) for (const s of u.strings) if (s.length >= 4) out.push({ text: s, ev: { file: u.file }, lines: false });
  for (const m of c.modules) {
    for (const config of m.resources?.configs ?? []) for (const e of config.entries) if (e.value.length >= 4) out.push({ text: e.value, ev: { file: `${m.prefix}resources.index`, className: `${e.typeName}:${e.name}` }, lines: false });
    for (const f of m.textFiles) out.push({ text: f.text, ev: { file: `${m.prefix}${f.path}` }, lines: true });
  }
  return out;
}

/** Consecutive pieces joined by newlines up to CHUNK_CHARS, with where each starts. */
function* chunks(all: readonly Piece[]): Generator<{ text: string; starts: number[]; pieces: Piece[] }> {
  let i = 0;
  while (i < all.length) {
    const starts: number[] = [];
    const group: Piece[] = [];
    let length = 0;
    while (i < all.length && (group.length === 0 || length + all[i]!.text.length < CHUNK_CHARS)) {
      starts.push(length);
      group.push(all[i]!);
      length += all[i]!.text.length + 1;
      i++;
    }
    yield { text: group.map((p) => p.text).join('\n'), starts, pieces: group };
  }
}

export async function secretChecks(c: CheckContext, units: readonly CodeUnit[]): Promise<void> {
  if (!c.wants(...SECRETS_KEYS)) return;
  const noWords = c.builder.sensitiveWords.length === 0;
  if (noWords) c.notExecuted(['secrets.sensitive_words'], 'no sensitive words were configured for this task');
  await c.run(noWords ? SECRETS_KEYS.filter((k) => k !== 'secrets.sensitive_words') : SECRETS_KEYS, () => {
    const seen = new Set<string>();
    const first = (kind: string, value: string) => !seen.has(`${kind}\u0000${value}`) && seen.add(`${kind}\u0000${value}`) !== undefined;
    for (const chunk of chunks(pieces(c, units))) {
      c.builder.throwIfAborted();
      const at = (index: number): Evidence => {
        let lo = 0;
        let hi = chunk.starts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (chunk.starts[mid]! <= index) lo = mid;
          else hi = mid - 1;
        }
        const p = chunk.pieces[lo]!;
        return p.lines ? { ...p.ev, line: lineAt(p.text, index - chunk.starts[lo]!) } : { ...p.ev };
      };
      for (const s of scanSecrets(chunk.text, { maxMatches: 5000 })) {
        const ev = { ...at(s.index), snippet: s.masked, detail: `${s.patternId}: ${s.description}` };
        if (s.patternId === HIGH_ENTROPY_ID) {
          if (first('entropy', s.value)) c.problem('secrets.high_entropy_strings', { ...ev, detail: `${s.patternId} (${s.entropy} bits/char)` });
        } else if (s.kind === 'identifier') {
          if (first('endpoint', s.value)) c.problem('secrets.endpoints', { ...ev, snippet: s.value });
        } else if (s.patternId === 'generic_password') {
          if (first('credential', s.value)) c.fail('secrets.hardcoded_credentials', ev);
        } else if (first('key', s.value)) c.fail('secrets.api_keys', ev);
      }
      for (const m of chunk.text.matchAll(LABELLED_CREDENTIAL)) {
        const value = m[1]!;
        if (isPlaceholder(value) || /[%{$]/.test(value) || !first('credential', value)) continue;
        const label = m[0].split(/[:=]/)[0]!.trim();
        c.fail('secrets.hardcoded_credentials', { ...at(m.index), snippet: `${label}: ${maskSecret(value)}`, detail: `value after the label "${label}"` });
      }
      for (const u of findUrls(chunk.text)) {
        if (u.reference) continue;
        if (u.scheme.toLowerCase() === 'http' && first('http', u.value)) c.fail('secrets.http_urls', { ...at(u.index), snippet: u.value });
        if (first('endpoint', u.value)) c.problem('secrets.endpoints', { ...at(u.index), snippet: u.value, detail: 'URL' });
      }
      for (const ip of findIps(chunk.text)) {
        if (ip.ipClass !== 'reserved' && first('endpoint', ip.value)) c.problem('secrets.endpoints', { ...at(ip.index), snippet: ip.value, detail: `IPv${ip.version} (${ip.ipClass})` });
      }
      for (const e of findEmails(chunk.text)) if (first('endpoint', e.value)) c.problem('secrets.endpoints', { ...at(e.index), snippet: e.value, detail: 'e-mail address' });
      if (!noWords) {
        for (const w of findSensitiveWords(chunk.text, c.builder.sensitiveWords)) {
          const ev = at(w.index);
          if (first('word', `${w.word}|${ev.file}|${ev.className ?? ''}`)) c.problem('secrets.sensitive_words', { ...ev, snippet: w.word, detail: `sensitive word "${w.word}"` });
        }
      }
    }
  });
}
