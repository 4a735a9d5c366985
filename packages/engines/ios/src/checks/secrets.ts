/**
 * Secrets, URLs, IPs and e-mail addresses in every binary's strings, the
 * bundled text files and the values of every property list; and plist entries
 * whose key names a secret. Texts are scanned in batches by engine-core's
 * scanTextSources, so each pattern runs once per batch, not once per string.
 */
import type { Attribution, Evidence } from '@citadel/contracts';
import { HIGH_ENTROPY_ID, type TextSource as CoreTextSource, isPlaceholder, maskSecret, scanTextSources } from '@citadel/engine-core';
import type { PlistValue } from '../formats/index.ts';
import type { IosPackage } from '../package/model.ts';
import type { IosCheckContext } from './context.ts';

export const SECRETS_KEYS = ['secrets.api_keys', 'secrets.hardcoded_credentials', 'secrets.plist_secrets', 'secrets.high_entropy_strings', 'secrets.http_urls', 'secrets.endpoints', 'secrets.sensitive_words'] as const;

const MAX_PLIST_NODES = 200_000;
/** Key names that announce a secret value. */
const SECRET_KEY_NAME = /(?:api[_-]?key|app[_-]?secret|client[_-]?secret|secret[_-]?key|access[_-]?key|private[_-]?key|api[_-]?secret|(?:^|[_-])secret$|passw(?:or)?d|pwd$|(?:auth|access|api|refresh)[_-]?token)/i;
const MAIN: Attribution = { kind: 'main' };

export interface TextSource extends CoreTextSource {
  attribution: Attribution;
}

/** The owner of a bundled file: the embedded framework it sits in, else MAIN. */
function ownerOfPath(pkg: IosPackage, path: string): Attribution {
  const m = /^(.*\/Frameworks\/[^/]+\.framework\/)/.exec(path);
  if (!m) return MAIN;
  return pkg.binaries.find((b) => b.path.startsWith(m[1]!))?.owner ?? MAIN;
}

/** String leaves of a plist as "key path = value" lines, bounded. */
function plistLeaves(value: PlistValue, out: { path: string; value: string }[], path = '', budget = { n: MAX_PLIST_NODES }, depth = 0): void {
  if (--budget.n < 0 || depth > 64) return;
  if (value.kind === 'dict') for (const [k, v] of value.entries) plistLeaves(v, out, path ? `${path}/${k}` : k, budget, depth + 1);
  else if (value.kind === 'array') value.items.forEach((v, i) => plistLeaves(v, out, `${path}[${i}]`, budget, depth + 1));
  else if (value.kind === 'string') out.push({ path, value: value.value });
}

export function collectTextSources(pkg: IosPackage): TextSource[] {
  const sources: TextSource[] = [];
  for (const b of pkg.binaries) {
    for (const s of b.strings) sources.push({ value: s.value, where: { file: b.path, offset: s.offset, detail: s.section }, attribution: b.owner, lines: false });
  }
  for (const f of pkg.textFiles) sources.push({ value: f.text, where: { file: f.path }, attribution: ownerOfPath(pkg, f.path), lines: true });
  for (const p of [...(pkg.infoPlist ? [pkg.infoPlist] : []), ...pkg.plists]) {
    const leaves: { path: string; value: string }[] = [];
    plistLeaves(p.value, leaves);
    const attribution = ownerOfPath(pkg, p.path);
    for (const l of leaves) sources.push({ value: l.value, where: { file: p.path, detail: l.path }, attribution, lines: false });
  }
  return sources;
}

function plistSecretChecks(c: IosCheckContext): void {
  for (const p of [...(c.pkg.infoPlist ? [c.pkg.infoPlist] : []), ...c.pkg.plists]) {
    const leaves: { path: string; value: string }[] = [];
    plistLeaves(p.value, leaves);
    for (const l of leaves) {
      const key = l.path.split('/').pop()!.replace(/\[\d+\]$/, '');
      const v = l.value.trim();
      if (!SECRET_KEY_NAME.test(key) || v.length < 6 || isPlaceholder(v) || /^\$\(|^\$\{|\s/.test(v)) continue;
      c.fail('secrets.plist_secrets', { file: p.path, snippet: `${key} = ${maskSecret(v)}`, detail: l.path }, { attribution: ownerOfPath(c.pkg, p.path) });
    }
  }
}

export async function secretChecks(c: IosCheckContext): Promise<void> {
  if (!c.wants(...SECRETS_KEYS)) return;
  const noWords = c.builder.sensitiveWords.length === 0;
  if (noWords) c.notExecuted(['secrets.sensitive_words'], 'no sensitive words were configured for this task');
  const keys = noWords ? SECRETS_KEYS.filter((k) => k !== 'secrets.sensitive_words') : [...SECRETS_KEYS];
  await c.run(keys, () => {
    plistSecretChecks(c);
    const reported = new Set<string>();
    const once = (kind: string, value: string) => !reported.has(`${kind}|${value}`) && Boolean(reported.add(`${kind}|${value}`));
    scanTextSources(
      collectTextSources(c.pkg),
      {
        secret(m, { source, evidence: ev }) {
          const evidence: Evidence = { ...ev, snippet: m.masked, detail: `${m.patternId}: ${m.description}${ev.detail ? ` (${ev.detail})` : ''}` };
          const opts = { attribution: source.attribution };
          if (m.patternId === HIGH_ENTROPY_ID) {
            if (once('entropy', m.value)) c.problem('secrets.high_entropy_strings', { ...evidence, detail: `${m.entropy ?? '?'} bits/char${ev.detail ? ` (${ev.detail})` : ''}` }, opts);
          } else if (m.kind === 'identifier') {
            if (once('id', m.value)) c.problem('secrets.endpoints', { ...evidence, snippet: m.value }, opts);
          } else if (m.patternId === 'generic_password') {
            if (once('credential', m.value)) c.fail('secrets.hardcoded_credentials', evidence, opts);
          } else if (once('key', m.value)) c.fail('secrets.api_keys', evidence, opts);
        },
        url(u, { source, evidence: ev }) {
          const opts = { attribution: source.attribution };
          if (u.scheme.toLowerCase() === 'http' && once('http', u.value)) c.fail('secrets.http_urls', { ...ev, snippet: u.value }, opts);
          if (once('url', u.value)) c.problem('secrets.endpoints', { ...ev, snippet: u.value, detail: 'URL' }, opts);
        },
        ip(ip, { source, evidence: ev }) {
          if (once('ip', ip.value)) c.problem('secrets.endpoints', { ...ev, snippet: ip.value, detail: `IPv${ip.version} (${ip.ipClass})` }, { attribution: source.attribution });
        },
        email(mail, { source, evidence: ev }) {
          if (once('mail', mail.value)) c.problem('secrets.endpoints', { ...ev, snippet: mail.value, detail: 'e-mail address' }, { attribution: source.attribution });
        },
        sensitiveWord(w, { source, evidence: ev }) {
          if (once('word', `${w.word}|${ev.file}`)) c.problem('secrets.sensitive_words', { ...ev, snippet: w.word, detail: `sensitive word "${w.word}"` }, { attribution: source.attribution });
        },
      },
      { sensitiveWords: c.builder.sensitiveWords, beforeBatch: () => c.builder.throwIfAborted() },
    );
  });
}
