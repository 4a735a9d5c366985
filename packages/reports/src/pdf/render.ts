/**
 * PDF reports with pdfkit: a subset of a real CJK font is embedded so Chinese
 * and Japanese render and extract (pdftotext) correctly; the score chart is
 * vector graphics; pages are numbered once all are written.
 */
import PDFDocument from 'pdfkit';
import type { ReportDocument } from '../model/types.ts';
import { RISK_COLOURS } from '../model/colours.ts';
import { fitWidth } from './fit.ts';
import { findCjkFont } from './fonts.ts';
import { cover, executive } from './front.ts';
import { registerFastFont } from './shaping/install.ts';
import { type Fonts, bodyWidth, ensureSpace, heading, paragraph, table } from './layout.ts';

type Pdf = PDFKit.PDFDocument;

export interface PdfOptions {
  fontPath?: string;
  onProgress?: (done: number, total: number) => void;
}

export async function renderPdf(doc: ReportDocument, opts: PdfOptions = {}): Promise<Uint8Array> {
  const font = findCjkFont(doc.locale, opts.fontPath);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 50, right: 50 },
    bufferPages: true,
    // Layout is cached per piece by the fast layout (shaping/); pdfkit's own cache kept every line for the whole document.
    fontLayoutCache: false,
    lang: doc.locale,
    info: { Title: `${doc.title} - ${doc.subtitle}`.slice(0, 500), Author: doc.siteTitle.slice(0, 200), Creator: 'Citadel' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  registerFastFont(pdf, 'body', font.regular.path, font.regular.family);
  registerFastFont(pdf, 'body-bold', font.bold.path, font.bold.family);
  const fonts: Fonts = { regular: 'body', bold: 'body-bold' };

  cover(pdf, doc, fonts);
  pdf.addPage();
  executive(pdf, doc, fonts);
  pdf.addPage();
  heading(pdf, fonts, doc.labels.targetInfo);
  table(pdf, fonts, [{ title: doc.labels.targetInfo, share: 0.28 }, { title: '', share: 0.72 }], doc.target.map((r) => [r.label, r.value]), { header: false });
  checklistSection(pdf, doc, fonts);
  items(pdf, doc, fonts, opts.onProgress);
  sdkSection(pdf, doc, fonts);
  appendix(pdf, doc, fonts);
  numberPages(pdf, doc, fonts);
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** The compliance layout's conformity per requirement. */
function checklistSection(pdf: Pdf, doc: ReportDocument, fonts: Fonts): void {
  if (doc.checklist.length === 0) return;
  const l = doc.labels;
  heading(pdf, fonts, l.checklist);
  table(
    pdf,
    fonts,
    [{ title: l.requirement, share: 0.4 }, { title: l.totalItems, share: 0.2 }, { title: l.failedItems, share: 0.2 }, { title: l.verdict, share: 0.2 }],
    doc.checklist.map((r) => [r.requirement, String(r.items), String(r.failed), r.verdict]),
  );
}

function items(pdf: Pdf, doc: ReportDocument, fonts: Fonts, onProgress?: (done: number, total: number) => void): void {
  const l = doc.labels;
  heading(pdf, fonts, l.details);
  if (doc.items.length === 0) pdf.font(fonts.regular).fontSize(10).fillColor('#555').text(l.noItems);
  const left = pdf.page.margins.left;
  doc.items.forEach((it, i) => {
    // The item's title, its line of facts and the start of its first text stay together.
    ensureSpace(pdf, 90);
    const y = pdf.y;
    const w = bodyWidth(pdf);
    pdf.rect(left, y, 4, 16).fillColor(RISK_COLOURS[it.risk] ?? '#888').fill();
    pdf.font(fonts.bold).fontSize(11.5).fillColor('#212121');
    pdf.text(fitWidth(pdf, `${it.index}. ${it.title}`, w - 10), left + 10, y, { width: w - 10 });
    pdf.font(fonts.regular).fontSize(8.5).fillColor('#607d8b');
    pdf.text(fitWidth(pdf, [`${l.ruleId}: ${it.ruleId}`, `${l.riskLevel}: ${it.riskLabel}`, `${l.result}: ${it.resultLabel}`, `${l.category}: ${it.category}`, `${l.owner}: ${it.owner}`, it.cwe, it.owasp].filter(Boolean).join('  ·  '), w), left, pdf.y, { width: w });
    pdf.moveDown(0.3);
    paragraph(pdf, fonts, l.purpose, it.purpose);
    paragraph(pdf, fonts, l.description, it.description);
    paragraph(pdf, fonts, l.testingSteps, it.testingSteps);
    paragraph(pdf, fonts, l.resultDescription, it.resultDescription);
    paragraph(pdf, fonts, l.evidence, it.evidence.join('\n'));
    paragraph(pdf, fonts, l.solution, it.solution);
    pdf.moveDown(0.5);
    if (onProgress && (i % 50 === 49 || i === doc.items.length - 1)) onProgress(i + 1, doc.items.length);
  });
}

function sdkSection(pdf: Pdf, doc: ReportDocument, fonts: Fonts): void {
  if (doc.range === 'MAIN' || !doc.layout.sdkTable) return;
  const l = doc.labels;
  heading(pdf, fonts, l.sdkSection);
  if (doc.sdks.length === 0) {
    pdf.font(fonts.regular).fontSize(10).fillColor('#555').text(l.noSdk);
    return;
  }
  table(
    pdf,
    fonts,
    [{ title: l.sdkName, share: 0.3 }, { title: l.sdkCategory, share: 0.15 }, { title: l.sdkMatched, share: 0.4 }, { title: l.sdkVersion, share: 0.15 }],
    doc.sdks.map((s) => [s.name, s.category, s.matched, s.version]),
  );
}

function appendix(pdf: Pdf, doc: ReportDocument, fonts: Fonts): void {
  const l = doc.labels;
  pdf.addPage();
  heading(pdf, fonts, l.appendix);
  if (doc.layout.ruleList) {
    heading(pdf, fonts, l.ruleList, 12);
    table(
      pdf,
      fonts,
      [{ title: l.ruleId, share: 0.38 }, { title: l.item, share: 0.4 }, { title: l.riskLevel, share: 0.1 }, { title: l.category, share: 0.12 }],
      doc.appendix.map((r) => [r.ruleId, r.title, r.risk, r.category]),
    );
  }
  if (doc.unreadable.length) {
    heading(pdf, fonts, l.unreadable, 12);
    table(pdf, fonts, [{ title: l.unreadablePart, share: 0.4 }, { title: l.unreadableReason, share: 0.6 }], doc.unreadable.map((u) => [u.label, u.value]));
  }
  paragraph(pdf, fonts, l.engine, doc.engine);
}

/** Footer on every page but the cover; the bottom margin is lifted so the footer does not start a new page. */
function numberPages(pdf: Pdf, doc: ReportDocument, fonts: Fonts): void {
  const range = pdf.bufferedPageRange();
  for (let i = 1; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font(fonts.regular).fontSize(8).fillColor('#90a4ae').text(`${doc.siteTitle.slice(0, 80)}  ·  ${i + 1} / ${range.count}`, pdf.page.margins.left, pdf.page.height - 36, {
      width: bodyWidth(pdf),
      align: 'center',
      lineBreak: false,
    });
    pdf.page.margins.bottom = margin;
  }
}
