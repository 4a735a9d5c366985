/** docx building blocks: multi-line runs, headings (kept with the next paragraph), labelled paragraphs and bordered tables. */
import { HeadingLevel, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';

/** Runs of a multi-line text: one break per newline (Word ignores raw newlines). */
export function runs(text: string, style: { bold?: boolean; size?: number; color?: string } = {}): TextRun[] {
  return text.split('\n').map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined, ...style }));
}

export function heading(text: string, level: 1 | 2 | 3 = 1): Paragraph {
  const h = level === 1 ? HeadingLevel.HEADING_1 : level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_3;
  return new Paragraph({ heading: h, keepNext: true, keepLines: true, children: runs(text), spacing: { before: 240, after: 120 } });
}

export function labelled(label: string, text: string): Paragraph[] {
  if (!text) return [];
  return [new Paragraph({ keepNext: true, children: runs(label, { bold: true, color: '37474F' }), spacing: { before: 80 } }), new Paragraph({ children: runs(text), spacing: { after: 60 } })];
}

export function plain(text: string, style: { bold?: boolean; size?: number; color?: string } = {}): Paragraph {
  return new Paragraph({ children: runs(text, style) });
}

function cell(text: string, widthPct: number, opts: { header?: boolean; fill?: string } = {}): TableCell {
  return new TableCell({
    width: { size: widthPct, type: WidthType.PERCENTAGE },
    shading: opts.header || opts.fill ? { type: ShadingType.CLEAR, color: 'auto', fill: opts.fill ?? 'ECEFF1' } : undefined,
    children: [new Paragraph({ children: runs(text, { bold: opts.header, size: 18 }) })],
  });
}

/** A full-width table; shares are percentages of the width. */
/** Text width of an A4 page with docx's default 1-inch margins, in twentieths of a point. */
const BODY_TWIPS = 11906 - 2 * 1440;

export function table(shares: number[], header: string[] | undefined, rows: string[][]): Table {
  const pct = shares.map((s) => Math.round(s * 100));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    // LibreOffice sizes columns from the grid, not from cell percentages (a 28/72 table came out 50/50).
    columnWidths: shares.map((s) => Math.round(s * BODY_TWIPS)),
    rows: [
      ...(header ? [new TableRow({ tableHeader: true, children: header.map((h, i) => cell(h, pct[i]!, { header: true })) })] : []),
      ...rows.map((r) => new TableRow({ children: r.map((c, i) => cell(c, pct[i]!, { fill: !header && i === 0 ? 'FAFAFA' : undefined })) })),
    ],
  });
}
