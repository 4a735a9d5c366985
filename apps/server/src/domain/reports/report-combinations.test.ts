/**
 * Every report combination for a real finished Android assessment (the corpus
 * diva.apk): 3 formats × 4 languages × ALL/MAIN/SDK, with the rule texts of the
 * installed catalogue. PDFs are read back with pdftotext, WORD and EXCEL through
 * LibreOffice headless; each must carry the target, its language's headings and
 * the texts of a known failed rule.
 */
import { type Assessment, LOCALES, type RuleItem } from '@citadel/contracts';
import { text } from '@citadel/engine-core';
import { FILE_EXTENSIONS, LABELS, REPORT_FORMATS, type ReportInput, rangesFor, renderReport } from '@citadel/reports';
import { HAS_PDFTOTEXT, HAS_SOFFICE, officeTexts, pdfText } from '@citadel/reports/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleCatalogue } from '../tasks/rule-texts.ts';
import { HAS_DIVA, divaAssessment } from './test-fixtures.ts';

describe.skipIf(!HAS_DIVA || !HAS_PDFTOTEXT || !HAS_SOFFICE)('reports of diva.apk in every format, language and range', () => {
  let assessment: Assessment;
  let input: ReportInput;
  let debuggable: RuleItem;

  beforeAll(async () => {
    assessment = await divaAssessment();
    const catalogue = await ruleCatalogue();
    debuggable = catalogue.get('android.manifest.debuggable')!;
    input = { assessment, rules: catalogue, site: { title: '安全服务门户' }, task: { fileName: 'diva.apk', createdBy: '测试员' } };
  }, 120_000);

  it('are generated and read back with the target, headings and rule texts', async () => {
    expect(assessment.findings.find((f) => f.ruleId === 'android.manifest.debuggable')?.result).toBe('fail');
    const office = new Map<string, Uint8Array>();
    const expectations: { name: string; locale: (typeof LOCALES)[number]; range: string; text?: string }[] = [];
    for (const locale of LOCALES) {
      for (const range of rangesFor('android')) {
        for (const format of REPORT_FORMATS) {
          const bytes = await renderReport(input, { format, locale, range });
          const name = `diva-${locale}-${range}.${FILE_EXTENSIONS[format]}`;
          if (format === 'pdf') expectations.push({ name, locale, range, text: pdfText(bytes) });
          else {
            office.set(name, bytes);
            expectations.push({ name, locale, range });
          }
        }
      }
    }
    const texts = officeTexts(office);
    expect(expectations).toHaveLength(36);
    for (const e of expectations) {
      const t = e.text ?? texts.get(e.name);
      expect(t, `${e.name} could not be read back`).toBeDefined();
      const l = LABELS[e.locale];
      for (const s of ['jakhar.aseem.diva', '82ab8b2193b3cfb1c737e3a786be363a', l.reportTitle.slice(0, 4), l.rangeNames[e.range as 'ALL'], l.ruleList]) expect(t, `${e.name}: ${s}`).toContain(s);
      if (e.range !== 'SDK') {
        // The app's own failed rule is printed with its texts in this language (PDF lines wrap, so the title only).
        expect(t, `${e.name}: debuggable title`).toContain(text(debuggable, 'title', e.locale));
        if (!e.text) expect(t, `${e.name}: debuggable solution`).toContain(text(debuggable, 'solution', e.locale).slice(0, 20));
      } else {
        expect(t, `${e.name}: SDK table`).toContain('Android Support Library');
      }
    }
  }, 600_000);

  it('the compliance and brief layouts of the real assessment differ as their templates say', async () => {
    const l = LABELS['zh-CN'];
    const compliance = pdfText(await renderReport(input, { format: 'pdf', locale: 'zh-CN', range: 'ALL', template: 'compliance' }));
    const brief = pdfText(await renderReport(input, { format: 'pdf', locale: 'zh-CN', range: 'ALL', template: 'brief' }));
    // The installed catalogue maps rules to OWASP MASVS: the checklist lists those requirements with a verdict.
    for (const s of [l.layoutTitles.compliance, l.checklist, 'MASVS-', l.notConforms, text(debuggable, 'title', 'zh-CN')]) expect(compliance, s).toContain(s);
    expect(compliance).not.toContain(l.testingSteps);
    expect(brief).toContain(l.layoutTitles.brief);
    expect(brief).toContain(text(debuggable, 'title', 'zh-CN'));
    expect(brief).not.toContain(l.ruleList);
    // Items that passed are left out of the brief report.
    const passed = assessment.findings.filter((f) => f.result === 'pass').length;
    expect(passed).toBeGreaterThan(0);
    expect(brief.length).toBeLessThan(compliance.length);
  }, 120_000);
});
