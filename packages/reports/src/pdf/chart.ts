/** Vector charts for the PDF score section: a donut of the score and bars of failed items per risk level. */
import { BAND_COLOURS, RISK_COLOURS } from '../model/colours.ts';
import type { ReportDocument } from '../model/types.ts';

type Pdf = PDFKit.PDFDocument;


function arcPath(cx: number, cy: number, r: number, from: number, to: number): string {
  const x1 = cx + r * Math.cos(from);
  const y1 = cy + r * Math.sin(from);
  const x2 = cx + r * Math.cos(to);
  const y2 = cy + r * Math.sin(to);
  const large = to - from > Math.PI ? 1 : 0;
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${r} ${r} 0 ${large} 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

/** Draws the score donut at (x, y) (top-left of its box) and returns the box height. */
export function drawScoreDonut(pdf: Pdf, doc: ReportDocument, x: number, y: number, fonts: { bold: string; regular: string }): number {
  const r = 48;
  const cx = x + r + 8;
  const cy = y + r + 8;
  const share = Math.max(0, Math.min(100, doc.score.score)) / 100;
  pdf.save().lineWidth(14).strokeColor('#e0e0e0').circle(cx, cy, r).stroke();
  if (share > 0) {
    const start = -Math.PI / 2;
    const end = start + Math.min(share, 0.9999) * 2 * Math.PI;
    pdf.path(arcPath(cx, cy, r, start, end)).lineWidth(14).strokeColor(BAND_COLOURS[doc.score.band] ?? '#555').stroke();
  }
  pdf.restore();
  pdf.font(fonts.bold).fontSize(22).fillColor('#222').text(String(doc.score.score), cx - r, cy - 16, { width: 2 * r, align: 'center', lineBreak: false });
  pdf.font(fonts.regular).fontSize(9).fillColor('#555').text(doc.score.bandLabel, cx - r, cy + 10, { width: 2 * r, align: 'center', lineBreak: false });
  return 2 * r + 16;
}

/** Horizontal bars of failed items per risk level, scaled to the largest count. */
export function drawRiskBars(pdf: Pdf, doc: ReportDocument, x: number, y: number, width: number, fonts: { regular: string }): number {
  const rows = doc.summary;
  const max = Math.max(1, ...rows.map((r) => r.failed));
  const labelW = 70;
  const barH = 14;
  const gap = 6;
  const barArea = width - labelW - 40;
  rows.forEach((row, i) => {
    const ry = y + i * (barH + gap);
    pdf.font(fonts.regular).fontSize(9).fillColor('#333').text(row.label, x, ry + 2, { width: labelW - 6, lineBreak: false, ellipsis: true });
    pdf.rect(x + labelW, ry, barArea, barH).fillColor('#f0f0f0').fill();
    const w = (row.failed / max) * barArea;
    if (w > 0) pdf.rect(x + labelW, ry, w, barH).fillColor(RISK_COLOURS[row.risk] ?? '#888').fill();
    pdf.fillColor('#333').text(String(row.failed), x + labelW + barArea + 6, ry + 2, { width: 34, lineBreak: false });
  });
  return rows.length * (barH + gap);
}
