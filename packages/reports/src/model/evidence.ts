/** One occurrence as a line of the report, in the report's language: where, what (its fact), the code, the request. */
import { type Evidence, type Locale, evidenceDetail } from '@citadel/contracts';
import { clean } from './clean.ts';

/** An occurrence's detail in `locale` (contracts evidenceDetail). */
export const detailIn = evidenceDetail;

export function evidenceLine(e: Evidence, locale: Locale): string {
  const where = [e.file && (e.line !== undefined ? `${e.file}:${e.line}` : e.file), e.className && (e.method ? `${e.className}.${e.method}` : e.className), e.offset !== undefined ? `@0x${e.offset.toString(16)}` : '']
    .filter(Boolean)
    .join(' ');
  const parts = [where, detailIn(e, locale), e.snippet, e.request && `→ ${e.request}`, e.response && `← ${e.response}`, e.attribution?.kind === 'sdk' ? `[SDK ${e.attribution.name}]` : ''].filter(Boolean);
  return clean(parts.join(' | '), 12_000);
}

