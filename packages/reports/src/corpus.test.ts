/**
 * Reports of a real assessment (DIVA, ../shared/corpus/android/diva.apk) in
 * every format and language, read back the way a client reads them: PDF
 * through pdftotext, WORD and EXCEL through LibreOffice. Long tokens (the
 * SHA-256, a permission name, the longest class name printed) must come out
 * whole — no zero-width space or other character inserted, no box — and no
 * raw field key or English engine sentence may appear in a Chinese or
 * Japanese report. Also renders with the npm font (what `npm ci` installs on a
 * machine without fonts-noto-cjk). Skips without the corpus or the tools.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Assessment, LOCALES, type Locale, type RuleItem } from '@citadel/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ReportFormat, buildReport, renderReport } from './index.ts';
import { bundledFont } from './pdf/fonts.ts';
import { HAS_PDFTOTEXT, HAS_SOFFICE, officeTexts, ooxmlText, pdfText } from './test-support/index.ts';

const DIVA = fileURLToPath(new URL('../../../../shared/corpus/android/diva.apk', import.meta.url));
const site = { title: '安全服务门户' };
const generatedAt = new Date('2026-01-02T03:04:05Z');

/** Target keys the issue found printed as labels (targetSdkVersion/minSdkVersion may stay: the spec names them so). */
const RAW_KEYS = ['permissions', 'activities', 'providers', 'nativeLibraries', 'dexFiles', 'signatureSchemes', 'signatureVerified', 'versionCode', 'compileSdkVersion', 'publicKeyBits', 'serialNumber', 'notBefore', 'isDebug'];
/** English engine sentences that must be said in the report's language instead. */
const ENGLISH = ['signed with the Android debug certificate', 'exported implicitly', 'no permission', 'no sensitive words', 'executable stack', 'usesCleartextTraffic not set', 'the engine did not run', 'could not be read'];

let assessment: Assessment;
let rules: Map<string, RuleItem>;
let tokens: string[];

const input = () => ({ assessment, rules, site, task: { customer: '示例客户' }, generatedAt });

describe.skipIf(!existsSync(DIVA))('DIVA reports', () => {
  beforeAll(async () => {
    const { engine, ANDROID_CATALOGUE } = await import('@citadel/engine-android');
    assessment = await engine.run({ files: [{ path: DIVA, name: 'diva.apk' }] }, {}, { now: () => generatedAt });
    rules = new Map(ANDROID_CATALOGUE.items.map((i: RuleItem) => [i.id, i]));
    // The longest class name the standard report prints in an occurrence.
    const printed = buildReport(input(), { format: 'pdf', locale: 'en', range: 'ALL' }).items.flatMap((i) => i.evidence).join('\n');
    const classes = [...new Set(assessment.findings.flatMap((f) => f.evidence.map((e) => e.className ?? '')))].filter((c) => c && printed.includes(c));
    const longest = classes.sort((a, b) => b.length - a.length)[0]!;
    tokens = [String(assessment.target.sha256), 'android.permission.WRITE_EXTERNAL_STORAGE', longest];
    expect(longest.length).toBeGreaterThan(30);
  }, 120_000);

  /** A key used as a label: a cell of its own (a line, a CSV field) or "key: value" inside a nested value. Rule texts may name a key in prose. */
  const asLabel = (k: string) => new RegExp(`(^|[\\n,;] ?)${k}(\\n|,|: |$)`, 'm');
  const checkText = (text: string, locale: Locale, what: string) => {
    for (const t of tokens) expect(text, `${what}: ${t}`).toContain(t);
    expect(text, `${what}: zero-width space or box`).not.toMatch(/[\u200B\u25A1\uFFFD]/);
    for (const k of RAW_KEYS) expect(text, `${what}: raw key ${k}`).not.toMatch(asLabel(k));
    if (locale !== 'en') for (const s of ENGLISH) expect(text, `${what}: English "${s}"`).not.toContain(s);
  };

  it.skipIf(!HAS_PDFTOTEXT).each(LOCALES)('PDF in %s: long tokens whole, labels and sentences in the language', async (locale) => {
    const text = pdfText(await renderReport(input(), { format: 'pdf', locale, range: 'ALL' }));
    checkText(text, locale, `pdf ${locale}`);
    expect(text).toContain('示例客户');
  }, 120_000);

  it.skipIf(!HAS_PDFTOTEXT || !bundledFont())('PDF with the npm font (no system CJK font): Japanese kana and kanji extract, tokens whole', async () => {
    for (const locale of ['ja'] as const) {
      const text = pdfText(await renderReport(input(), { format: 'pdf', locale, range: 'ALL', fontPath: bundledFont() }));
      checkText(text, locale, `bundled-font pdf ${locale}`);
      expect(text).toContain(locale === 'ja' ? 'エグゼクティブサマリー' : '执行摘要');
    }
  }, 120_000);

  it('WORD and EXCEL in every language (their XML text)', async () => {
    for (const locale of LOCALES) {
      for (const format of ['word', 'excel'] as ReportFormat[]) {
        const text = await ooxmlText(await renderReport(input(), { format, locale, range: 'ALL' }));
        checkText(text, locale, `${format} ${locale}`);
      }
    }
  }, 120_000);

  it.skipIf(!HAS_SOFFICE)('the Japanese WORD and EXCEL open in LibreOffice with the same text', async () => {
    const files = new Map<string, Uint8Array>([
      ['diva-ja.docx', await renderReport(input(), { format: 'word', locale: 'ja', range: 'ALL' })],
      ['diva-ja.xlsx', await renderReport(input(), { format: 'excel', locale: 'ja', range: 'ALL' })],
    ]);
    const texts = officeTexts(files);
    for (const name of files.keys()) {
      expect(texts.get(name), `${name} converted`).toBeDefined();
      checkText(texts.get(name)!, 'ja', name);
    }
  }, 300_000);
});
