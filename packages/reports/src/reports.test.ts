import { LOCALES } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { FontNotFoundError, buildReport, filterByRange, formatsFor, rangesFor, renderReport } from './index.ts';
import { LABELS } from './model/labels.ts';
import { decodeLogo } from './model/logo.ts';
import { HAS_PDFTOTEXT, HAS_SOFFICE, HOSTILE, officeTexts, pdfText, pngDataUrl, solidPng, syntheticAssessment } from './test-support/index.ts';

const site = { title: '安全服务门户 Citadel', logo: pngDataUrl(solidPng(40, 20)) };
const generatedAt = new Date('2025-06-01T08:00:00Z');

/** The hostile input of the 'hostile strings' checks. */
const hostileInput = () => {
  const { assessment, rules } = syntheticAssessment(8, { hostile: true });
  return { assessment, rules, site: { title: `${HOSTILE.script}${HOSTILE.rtl}${HOSTILE.emoji}`, logo: site.logo }, generatedAt };
};

/**
 * Every WORD and EXCEL file the LibreOffice checks below read, rendered once and
 * converted in one batch on first use: each soffice start costs several CPU
 * seconds, and one batch converts all files in two starts instead of six.
 */
let officeBatch: Promise<Map<string, string>> | undefined;
function officeBatchTexts(): Promise<Map<string, string>> {
  officeBatch ??= (async () => {
    const files = new Map<string, Uint8Array>();
    const hostile = hostileInput();
    files.set('h-word.docx', await renderReport(hostile, { format: 'word', locale: 'zh-CN', range: 'ALL' }));
    files.set('h-excel.xlsx', await renderReport(hostile, { format: 'excel', locale: 'zh-CN', range: 'ALL' }));
    const five = syntheticAssessment(5);
    for (const locale of LOCALES) {
      files.set(`s-${locale}.docx`, await renderReport({ ...five, site, generatedAt }, { format: 'word', locale, range: 'ALL' }));
      files.set(`s-${locale}.xlsx`, await renderReport({ ...five, site, generatedAt }, { format: 'excel', locale, range: 'ALL' }));
    }
    const twelve = { ...syntheticAssessment(12), site, generatedAt };
    for (const template of ['brief', 'compliance'] as const) {
      files.set(`${template}.docx`, await renderReport(twelve, { format: 'word', locale: 'zh-CN', range: 'ALL', template }));
      files.set(`${template}.xlsx`, await renderReport(twelve, { format: 'excel', locale: 'zh-CN', range: 'ALL', template }));
    }
    return officeTexts(files);
  })();
  return officeBatch;
}

describe('report model', () => {
  const { assessment, rules } = syntheticAssessment(12);

  it('MAIN keeps the app body, SDK keeps the SDKs, ALL keeps everything', () => {
    const all = buildReport({ assessment, rules, site, generatedAt }, { format: 'pdf', locale: 'en', range: 'ALL' });
    const main = buildReport({ assessment, rules, site, generatedAt }, { format: 'pdf', locale: 'en', range: 'MAIN' });
    const sdk = buildReport({ assessment, rules, site, generatedAt }, { format: 'pdf', locale: 'en', range: 'SDK' });
    expect(all.items).toHaveLength(12);
    expect(main.items).toHaveLength(9);
    expect(sdk.items).toHaveLength(3);
    expect(sdk.items.every((i) => i.owner === 'Umeng')).toBe(true);
    expect(main.sdks).toHaveLength(0);
    expect(sdk.sdks).toHaveLength(1);
    // Counts of failed rules are recounted for a partial range and add up to the whole.
    const failed = (d: typeof all) => d.summary.reduce((n, r) => n + r.failed, 0);
    expect(failed(main) + failed(sdk)).toBe(failed(all));
  });

  it('a finding split between app and SDK keeps only its own occurrences in each range', () => {
    const f = { ...assessment.findings[0]!, evidence: [{ file: 'a', attribution: { kind: 'main' } as const }, { file: 'b', attribution: { kind: 'sdk', name: 'X' } as const }] };
    expect(filterByRange([f], 'MAIN')[0]!.evidence.map((e) => e.file)).toEqual(['a']);
    expect(filterByRange([f], 'SDK')[0]!.evidence.map((e) => e.file)).toEqual(['b']);
  });

  it('offers MAIN/SDK only for Android and EXCEL not for source and web', () => {
    expect(rangesFor('android')).toEqual(['ALL', 'MAIN', 'SDK']);
    expect(rangesFor('ios')).toEqual(['ALL']);
    expect(formatsFor('web')).toEqual(['word', 'pdf']);
    expect(formatsFor('source')).toEqual(['word', 'pdf']);
    expect(formatsFor('harmony')).toEqual(['word', 'pdf', 'excel']);
  });

  it('accepts only real PNG/JPEG logos', () => {
    expect(decodeLogo(site.logo)).toMatchObject({ type: 'png', width: 40, height: 20 });
    expect(decodeLogo('data:image/svg+xml;base64,PHN2Zz4=')).toBeUndefined();
    expect(decodeLogo(`data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`)).toBeUndefined();
    expect(decodeLogo('data:image/png;base64,iVBORw0KGgo=')).toBeUndefined();
  });
});

describe.skipIf(!HAS_PDFTOTEXT)('PDF', () => {
  it('fails with a clear message when no CJK font is found', async () => {
    const { assessment, rules } = syntheticAssessment(1);
    await expect(renderReport({ assessment, rules, site }, { format: 'pdf', locale: 'zh-CN', range: 'ALL', fontPath: '/nonexistent/font.ttc' })).rejects.toThrow(FontNotFoundError);
    await expect(renderReport({ assessment, rules, site }, { format: 'pdf', locale: 'zh-CN', range: 'ALL', fontPath: '/nonexistent/font.ttc' })).rejects.toThrow(/CITADEL_REPORT_FONT/);
  });

  it.each(LOCALES)('renders extractable text in %s', async (locale) => {
    const { assessment, rules } = syntheticAssessment(6);
    const text = pdfText(await renderReport({ assessment, rules, site, generatedAt }, { format: 'pdf', locale, range: 'ALL' }));
    const l = LABELS[locale];
    for (const s of [l.reportTitle, l.targetInfo, l.executive, l.purpose, l.testingSteps, l.solution, l.appendix, '安全服务门户', 'com.example.synthetic', 'android 9.9.9']) expect(text).toContain(s);
    expect(text).toContain(locale === 'en' ? 'Check 0' : locale === 'ja' ? 'Check 0（日本語）' : locale === 'zh-TW' ? '检测项0（繁）' : '检测项0');
  });
});

describe.skipIf(!HAS_PDFTOTEXT || !HAS_SOFFICE)('hostile strings', () => {
  it('<script>, RTL marks, emoji, control characters and 10,000-character strings break no format', async () => {
    const pdf = await renderReport(hostileInput(), { format: 'pdf', locale: 'zh-CN', range: 'ALL' });
    const pdfTxt = pdfText(pdf);
    expect(pdfTxt).toContain('<script>alert("x")</script>');
    // RTL override marks do not swallow what follows; Arabic letters themselves are outside the CJK font (drawn as missing glyphs).
    expect(pdfTxt).toContain('gnp.exe');
    // The 10,000-character name wraps over many lines but none of it is lost.
    expect((pdfTxt.match(/L/g) ?? []).length).toBeGreaterThanOrEqual(10_000);
    const office = await officeBatchTexts();
    for (const name of ['h-word.docx', 'h-excel.xlsx']) {
      const t = office.get(name);
      expect(t, `${name} did not convert`).toBeDefined();
      // CSV doubles the quotes of the extracted spreadsheet text.
      expect(t).toContain(name.endsWith('.xlsx') ? '<script>alert(""x"")</script>' : '<script>alert("x")</script>');
      expect(t).toContain('🔥');
      expect(t).toContain('مرحبا');
      expect(t).toContain('L'.repeat(10_000));
      expect(t).toContain('abcde');
    }
  }, 180_000);
});

describe.skipIf(!HAS_SOFFICE)('WORD and EXCEL', () => {
  it('open in LibreOffice in every language with the sections and items', async () => {
    const texts = await officeBatchTexts();
    for (const locale of LOCALES) {
      const l = LABELS[locale];
      for (const ext of ['docx', 'xlsx']) {
        const t = texts.get(`s-${locale}.${ext}`)!;
        expect(t, `${locale} ${ext}`).toBeDefined();
        for (const s of [l.reportTitle, l.purpose, l.solution, l.ruleList, 'com.example.synthetic', 'android.synthetic.rule_4', 'Umeng']) expect(t, `${locale} ${ext}: ${s}`).toContain(s);
      }
    }
  }, 240_000);
});

describe('report templates (layouts)', () => {
  const { assessment, rules } = syntheticAssessment(12);
  const input = { assessment, rules, site, generatedAt };
  // syntheticAssessment: every third item passes (i % 3 === 2), the rest fail.
  const passed = 'Check 2';
  const failed = 'Check 0';

  it('standard prints every item; brief only the problems; compliance every item with a checklist', () => {
    const standard = buildReport(input, { format: 'pdf', locale: 'en', range: 'ALL' });
    const brief = buildReport(input, { format: 'pdf', locale: 'en', range: 'ALL', template: 'brief' });
    const compliance = buildReport(input, { format: 'pdf', locale: 'en', range: 'ALL', template: 'compliance' });
    expect(standard.template).toBe('standard');
    expect(standard.items).toHaveLength(12);
    expect(brief.items).toHaveLength(8);
    expect(brief.items.every((i) => i.result === 'fail')).toBe(true);
    expect(brief.items.every((i) => i.testingSteps === '' && i.purpose === '' && i.solution !== '')).toBe(true);
    expect(brief.items[0]!.evidence).toHaveLength(2);
    // The summary still counts the whole range.
    expect(brief.summary).toEqual(standard.summary);
    expect(compliance.items).toHaveLength(12);
    expect(compliance.items.every((i) => i.evidence.length === 0 && i.testingSteps === '' && i.purpose !== '')).toBe(true);
    expect(compliance.checklist).toEqual([{ requirement: 'MASVS-CODE-4', items: 12, failed: 8, conforms: false, verdict: 'Does not conform' }]);
    expect(standard.checklist).toEqual([]);
    // An unknown template name falls back to the standard layout.
    expect(buildReport(input, { format: 'pdf', locale: 'en', range: 'ALL', template: 'fancy' as never }).template).toBe('standard');
  });

  it.skipIf(!HAS_PDFTOTEXT)('each layout renders differently in PDF', async () => {
    const pdf = async (template: 'standard' | 'brief' | 'compliance') => pdfText(await renderReport(input, { format: 'pdf', locale: 'en', range: 'ALL', template }));
    const l = LABELS.en;
    const standard = await pdf('standard');
    const brief = await pdf('brief');
    const compliance = await pdf('compliance');
    expect(standard).toContain(l.layoutTitles.standard);
    for (const s of [l.testingSteps, l.ruleList, l.sdkSection, passed, failed]) expect(standard).toContain(s);
    expect(standard).not.toContain(l.checklist);

    expect(brief).toContain(l.layoutTitles.brief);
    for (const s of [failed, l.solution, l.sdkSection]) expect(brief).toContain(s);
    for (const s of [passed, l.testingSteps, l.purpose, l.ruleList]) expect(brief).not.toContain(s);

    expect(compliance).toContain(l.layoutTitles.compliance);
    for (const s of [l.checklist, 'MASVS-CODE-4', l.notConforms, passed, failed, l.purpose, l.ruleList]) expect(compliance).toContain(s);
    for (const s of [l.testingSteps, l.sdkSection, 'invoke-virtual']) expect(compliance).not.toContain(s);
  }, 60_000);

  it.skipIf(!HAS_SOFFICE)('each layout renders differently in WORD and EXCEL (zh-CN)', async () => {
    const texts = await officeBatchTexts();
    const l = LABELS['zh-CN'];
    for (const ext of ['docx', 'xlsx']) {
      const brief = texts.get(`brief.${ext}`)!;
      const compliance = texts.get(`compliance.${ext}`)!;
      expect(brief, `brief.${ext}`).toContain(l.layoutTitles.brief);
      expect(brief).toContain('检测项0');
      expect(brief).not.toContain('检测项2');
      expect(brief).not.toContain(l.testingSteps);
      expect(compliance, `compliance.${ext}`).toContain(l.layoutTitles.compliance);
      for (const s of [l.checklist, 'MASVS-CODE-4', l.notConforms, '检测项2']) expect(compliance, `compliance.${ext}: ${s}`).toContain(s);
      expect(compliance).not.toContain(l.testingSteps);
    }
  }, 180_000);
});
