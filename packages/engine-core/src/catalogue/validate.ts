/**
 * Validation of rule catalogue items (RuleItem of @citadel/contracts).
 * A catalogue is reviewed data: these checks catch the mistakes review misses
 * (duplicate ids, swapped languages, malformed CWE/OWASP ids).
 */
import { PLATFORMS, RISK_LEVELS, type RuleItem } from '@citadel/contracts';

/** The text fields every item carries in zh-CN and en. */
export const TEXT_FIELDS = ['title', 'purpose', 'description', 'testingSteps', 'solution'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Stable ids: lower-case dotted segments, e.g. "android.manifest.debuggable" (2 to 6 segments). */
export const RULE_ID_PATTERN = /^[a-z][a-z0-9_]*(?:\.[a-z0-9][a-z0-9_-]*){1,5}$/;
export const CATEGORY_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;
export const CWE_PATTERN = /^CWE-[1-9]\d{0,4}$/;

/**
 * OWASP ids accepted: MASVS v2 controls (MASVS-STORAGE-1), MASVS v1 / MSTG
 * requirements (MSTG-STORAGE-2), MASTG tests
 * (MASTG-TEST-0001), Mobile Top 10 (M1:2024), Top 10 (A01:2021), API Top 10 (API1:2023).
 */
export const OWASP_PATTERNS: readonly RegExp[] = [
  /^MASVS-(?:STORAGE|CRYPTO|AUTH|NETWORK|PLATFORM|CODE|RESILIENCE|PRIVACY)-\d{1,2}$/,
  /^MSTG-(?:ARCH|STORAGE|CRYPTO|AUTH|NETWORK|PLATFORM|CODE|RESILIENCE)-\d{1,2}$/,
  /^MASTG-TEST-\d{4}$/,
  /^M(?:[1-9]|10):20(?:14|16|24)$/,
  /^A(?:0[1-9]|10):20(?:13|17|21|25)$/,
  /^API(?:[1-9]|10):20(?:19|23)$/,
];

const CJK = /[\u3400-\u9fff]/;
const KANA = /[\u3040-\u30ff]/;
const TITLE_MAX = 200;

/** Every problem in the list, one line each; empty when the catalogue is valid. */
export function catalogueProblems(items: readonly RuleItem[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const at = `item ${index} (${typeof item?.id === 'string' ? item.id : '?'})`;
    if (typeof item !== 'object' || item === null) {
      problems.push(`${at}: not an object`);
      return;
    }
    if (typeof item.id !== 'string' || !RULE_ID_PATTERN.test(item.id)) problems.push(`${at}: id must match ${RULE_ID_PATTERN}`);
    else if (seen.has(item.id)) problems.push(`${at}: duplicate id`);
    else seen.add(item.id);
    if (!(PLATFORMS as readonly string[]).includes(item.platform)) problems.push(`${at}: unknown platform "${String(item.platform)}"`);
    if (typeof item.category !== 'string' || !CATEGORY_PATTERN.test(item.category)) problems.push(`${at}: category must match ${CATEGORY_PATTERN}`);
    if (!(RISK_LEVELS as readonly string[]).includes(item.risk)) problems.push(`${at}: unknown risk "${String(item.risk)}"`);
    for (const field of TEXT_FIELDS) problems.push(...textProblems(at, field, item[field]));
    if (typeof item.title?.en === 'string' && item.title.en.length > TITLE_MAX) problems.push(`${at}: title.en longer than ${TITLE_MAX}`);
    for (const cwe of listOrEmpty(item.cwe)) if (!CWE_PATTERN.test(cwe)) problems.push(`${at}: malformed CWE id "${cwe}"`);
    if (item.cwe !== undefined && new Set(item.cwe).size !== item.cwe.length) problems.push(`${at}: repeated CWE id`);
    for (const id of listOrEmpty(item.owasp)) if (!OWASP_PATTERNS.some((p) => p.test(id))) problems.push(`${at}: malformed OWASP id "${id}"`);
    for (const ref of listOrEmpty(item.references)) if (!isHttpUrl(ref)) problems.push(`${at}: reference is not an http(s) URL: "${ref}"`);
  });
  return problems;
}

/** Throws one Error listing every problem; what defineCatalogue calls. */
export function assertValidCatalogue(items: readonly RuleItem[]): void {
  const problems = catalogueProblems(items);
  if (problems.length > 0) throw new Error(`invalid rule catalogue:\n  ${problems.join('\n  ')}`);
}

function textProblems(at: string, field: TextField, text: unknown): string[] {
  if (typeof text !== 'object' || text === null) return [`${at}: ${field} missing`];
  const t = text as Record<string, unknown>;
  const out: string[] = [];
  for (const locale of ['zh-CN', 'en']) {
    if (typeof t[locale] !== 'string' || (t[locale] as string).trim() === '') out.push(`${at}: ${field}.${locale} missing or empty`);
  }
  for (const locale of ['zh-TW', 'ja']) {
    if (t[locale] !== undefined && (typeof t[locale] !== 'string' || (t[locale] as string).trim() === '')) out.push(`${at}: ${field}.${locale} empty`);
  }
  // Catch swapped or untranslated texts: Chinese must contain Han characters, English none, Japanese often kana.
  if (typeof t['zh-CN'] === 'string' && t['zh-CN'].trim() !== '' && !CJK.test(t['zh-CN'])) out.push(`${at}: ${field}.zh-CN has no Chinese characters`);
  if (typeof t['zh-TW'] === 'string' && t['zh-TW'].trim() !== '' && !CJK.test(t['zh-TW'])) out.push(`${at}: ${field}.zh-TW has no Chinese characters`);
  if (typeof t.en === 'string' && (CJK.test(t.en) || KANA.test(t.en))) out.push(`${at}: ${field}.en contains CJK characters`);
  if (typeof t.ja === 'string' && t.ja.trim() !== '' && !CJK.test(t.ja) && !KANA.test(t.ja)) out.push(`${at}: ${field}.ja has no Japanese characters`);
  return out;
}

function listOrEmpty(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : [];
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
