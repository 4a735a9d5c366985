/** The PDF's first pages: the cover (logo, site, title, customer, target, date) and the executive summary with the score chart. */
import { RISK_COLOURS } from '../model/colours.ts';
import { fieldLabel } from '../model/field-labels.ts';
import type { ReportDocument } from '../model/types.ts';
import { drawRiskBars, drawScoreDonut } from './chart.ts';
import { fitWidth } from './fit.ts';
import { type Fonts, bodyWidth, ensureSpace, heading, table } from './layout.ts';

type Pdf = PDFKit.PDFDocument;

export function cover(pdf: Pdf, doc: ReportDocument, fonts: Fonts): void {
  const w = bodyWidth(pdf);
  const left = pdf.page.margins.left;
  if (doc.logo) {
    try {
      pdf.image(Buffer.from(doc.logo.bytes), left + w / 2 - 60, 90, { fit: [120, 80], align: 'center' });
    } catch {
      // A logo pdfkit cannot decode (a truncated PNG) leaves the cover without it rather than failing the report.
    }
  }
  const centred = (text: string, size: number, font: string, colour: string, gap = 0) => {
    pdf.moveDown(gap).font(font).fontSize(size).fillColor(colour);
    pdf.text(fitWidth(pdf, text, w), left, pdf.y, { width: w, align: 'center' });
  };
  pdf.y = 200;
  centred(doc.siteTitle.slice(0, 300), 16, fonts.bold, '#455a64');
  centred(doc.title, 28, fonts.bold, '#1a237e', 1.5);
  centred(doc.subtitle.slice(0, 600), 14, fonts.regular, '#212121', 0.8);
  // The cover's facts as a small table-like block: label on the left, value on the right.
  const l = doc.labels;
  const facts: [string, string][] = [
    ...(doc.cover.customer ? ([[l.customer, doc.cover.customer]] as [string, string][]) : []),
    [l.target, doc.cover.target],
    [fieldLabel('platform', doc.locale), doc.cover.platform],
    [l.reportDate, doc.cover.date],
    [l.preparedBy, doc.siteTitle.slice(0, 300)],
  ];
  let y = Math.max(pdf.y + 50, 470);
  const labelW = w * 0.35;
  for (const [label, value] of facts) {
    pdf.font(fonts.regular).fontSize(11);
    const v = fitWidth(pdf, value, w - labelW - 12);
    const h = Math.max(pdf.heightOfString(v, { width: w - labelW - 12 }), 14);
    pdf.fillColor('#78909c').text(label, left, y, { width: labelW, align: 'right' });
    pdf.fillColor('#212121').text(v, left + labelW + 12, y, { width: w - labelW - 12 });
    y += h + 8;
  }
  pdf.moveTo(left + w * 0.2, 455).lineTo(left + w * 0.8, 455).lineWidth(0.8).strokeColor('#1a237e').stroke();
}

/** Executive summary: target and score with the charts, counts per risk, top problems, what was not executed. */
export function executive(pdf: Pdf, doc: ReportDocument, fonts: Fonts): void {
  const l = doc.labels;
  const e = doc.executive;
  const w = bodyWidth(pdf);
  const left = pdf.page.margins.left;
  heading(pdf, fonts, l.executive);
  pdf.font(fonts.regular).fontSize(10.5).fillColor('#212121');
  pdf.text(fitWidth(pdf, `${l.target}: ${e.target}`, w), left, pdf.y, { width: w });
  pdf.text(fitWidth(pdf, e.overview, w), { width: w });
  pdf.moveDown(0.6);
  ensureSpace(pdf, 130);
  const top = pdf.y;
  const h1 = drawScoreDonut(pdf, doc, left, top, fonts);
  pdf.font(fonts.bold).fontSize(10).fillColor('#333').text(l.chart, left + 140, top, { lineBreak: false });
  const h2 = drawRiskBars(pdf, doc, left + 140, top + 18, w - 140, fonts);
  pdf.x = left;
  pdf.y = top + Math.max(h1, h2 + 18) + 10;
  table(
    pdf,
    fonts,
    [{ title: l.riskLevel, share: 0.4 }, { title: l.failedItems, share: 0.3 }, { title: l.totalItems, share: 0.3 }],
    doc.summary.map((r) => [r.label, String(r.failed), String(r.total)]),
  );

  heading(pdf, fonts, l.topFindings, 13);
  if (e.top.length === 0) pdf.font(fonts.regular).fontSize(10).fillColor('#555').text(l.noProblems, left, pdf.y, { width: w });
  for (const t of e.top) {
    pdf.font(fonts.bold).fontSize(10);
    const title = fitWidth(pdf, `[${t.riskLabel}] ${t.title}`, w - 12);
    pdf.font(fonts.regular).fontSize(9);
    const line = fitWidth(pdf, t.line, w - 12);
    ensureSpace(pdf, pdf.heightOfString(line, { width: w - 12 }) + 24);
    const y = pdf.y;
    pdf.rect(left, y + 2, 4, 11).fillColor(RISK_COLOURS[t.risk] ?? '#888').fill();
    pdf.font(fonts.bold).fontSize(10).fillColor('#212121').text(title, left + 12, y, { width: w - 12 });
    pdf.font(fonts.regular).fontSize(9).fillColor('#455a64').text(line, left + 12, pdf.y, { width: w - 12 });
    pdf.moveDown(0.35);
  }
  if (e.topMore > 0) pdf.font(fonts.regular).fontSize(9).fillColor('#607d8b').text(l.more(e.topMore), left + 12, pdf.y, { width: w - 12 });

  heading(pdf, fonts, l.notExecutedSection, 13);
  if (e.notExecuted.length === 0) pdf.font(fonts.regular).fontSize(10).fillColor('#555').text(l.allExecuted, left, pdf.y, { width: w });
  else table(pdf, fonts, [{ title: l.item, share: 0.45 }, { title: l.reason, share: 0.55 }], [...e.notExecuted.map((n) => [n.title, n.reason]), ...(e.notExecutedMore > 0 ? [[l.more(e.notExecutedMore), '']] : [])]);
}
