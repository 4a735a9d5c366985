/** Small layout helpers over pdfkit: page-break checks, headings, labelled paragraphs and bordered tables. */
import { fitWidth } from './fit.ts';

type Pdf = PDFKit.PDFDocument;

export interface Fonts {
  regular: string;
  bold: string;
}

export function bodyWidth(pdf: Pdf): number {
  return pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
}

function bottom(pdf: Pdf): number {
  return pdf.page.height - pdf.page.margins.bottom;
}

/** Starts a new page unless `height` points still fit on this one. */
export function ensureSpace(pdf: Pdf, height: number): void {
  if (pdf.y + height > bottom(pdf)) pdf.addPage();
}

/** A heading kept with the start of what follows it (never alone at the bottom of a page). */
export function heading(pdf: Pdf, fonts: Fonts, text: string, size = 15, colour = '#1a237e'): void {
  ensureSpace(pdf, size * 3 + 60);
  pdf.moveDown(0.4).font(fonts.bold).fontSize(size).fillColor(colour).text(text, pdf.page.margins.left, pdf.y, { width: bodyWidth(pdf) });
  pdf.moveDown(0.3);
}

export function paragraph(pdf: Pdf, fonts: Fonts, label: string, text: string): void {
  if (!text) return;
  // The label and at least two lines of its text stay together.
  ensureSpace(pdf, 44);
  pdf.font(fonts.bold).fontSize(9.5).fillColor('#37474f').text(label, pdf.page.margins.left, pdf.y, { width: bodyWidth(pdf) });
  pdf.font(fonts.regular).fontSize(9.5).fillColor('#212121').text(fitWidth(pdf, text, bodyWidth(pdf)), { width: bodyWidth(pdf), lineGap: 1.5 });
  pdf.moveDown(0.35);
}

export interface Column {
  title: string;
  /** Share of the body width. */
  share: number;
}

const PAD = 4;
const TABLE_SIZE = 9;

/**
 * A bordered table with a repeated header row. A row too tall for a whole page
 * (a 10,000-character value) is printed as labelled paragraphs instead, which flow across pages.
 */
export function table(pdf: Pdf, fonts: Fonts, columns: Column[], rows: string[][], opts: { header?: boolean } = {}): void {
  const left = pdf.page.margins.left;
  const total = bodyWidth(pdf);
  const widths = columns.map((c) => c.share * total);
  const pageBody = pdf.page.height - pdf.page.margins.top - pdf.page.margins.bottom;
  pdf.font(fonts.regular).fontSize(TABLE_SIZE);
  rows = rows.map((r) => r.map((c, i) => fitWidth(pdf, c, widths[i]! - 2 * PAD)));
  const measure = (cells: string[], font: string) => {
    pdf.font(font).fontSize(TABLE_SIZE);
    return Math.max(...cells.map((c, i) => pdf.heightOfString(c || ' ', { width: widths[i]! - 2 * PAD }))) + 2 * PAD;
  };
  const drawRow = (cells: string[], font: string, h: number, fill?: string) => {
    let x = left;
    const y = pdf.y;
    cells.forEach((c, i) => {
      const w = widths[i]!;
      if (fill) pdf.rect(x, y, w, h).fillColor(fill).fill();
      pdf.rect(x, y, w, h).lineWidth(0.5).strokeColor('#b0bec5').stroke();
      pdf.font(font).fontSize(TABLE_SIZE).fillColor('#212121').text(c, x + PAD, y + PAD, { width: w - 2 * PAD });
      x += w;
    });
    pdf.x = left;
    pdf.y = y + h;
  };
  pdf.font(fonts.bold).fontSize(TABLE_SIZE);
  const titles = columns.map((c, i) => fitWidth(pdf, c.title, widths[i]! - 2 * PAD));
  const withHeader = opts.header !== false;
  const headerH = withHeader ? measure(titles, fonts.bold) : 0;
  const header = () => withHeader && drawRow(titles, fonts.bold, headerH, '#eceff1');
  ensureSpace(pdf, headerH + 20);
  header();
  rows.forEach((cells) => {
    const h = measure(cells, fonts.regular);
    if (h + headerH > pageBody) {
      cells.forEach((c, i) => paragraph(pdf, fonts, columns[i]!.title, c));
      return;
    }
    if (pdf.y + h > bottom(pdf)) {
      pdf.addPage();
      header();
    }
    drawRow(cells, fonts.regular, h, withHeader ? undefined : '#fafafa');
  });
  pdf.moveDown(0.6);
}
