/** The WORD report's first pages: the cover and the executive summary, with the charts as images. */
import { AlignmentType, BorderStyle, ImageRun, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun, VerticalAlign, WidthType } from 'docx';
import { BAND_COLOURS, RISK_COLOURS } from '../model/colours.ts';
import { fieldLabel } from '../model/field-labels.ts';
import type { ReportDocument } from '../model/types.ts';
import { heading, plain, runs, table } from './blocks.ts';
import { barPng, donutPng } from './chart-png.ts';

const NONE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const NO_BORDERS = { top: NONE, bottom: NONE, left: NONE, right: NONE, insideHorizontal: NONE, insideVertical: NONE };

export function cover(doc: ReportDocument): Paragraph[] {
  const out: Paragraph[] = [];
  if (doc.logo) {
    const scale = Math.min(1, 160 / doc.logo.width, 100 / doc.logo.height);
    out.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new ImageRun({ type: doc.logo.type, data: doc.logo.bytes, transformation: { width: Math.max(1, Math.round(doc.logo.width * scale)), height: Math.max(1, Math.round(doc.logo.height * scale)) } })],
      }),
    );
  }
  const centred = (text: string, size: number, bold = false, before = 200, color?: string) => new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before }, children: runs(text, { size, bold, ...(color ? { color } : {}) }) });
  const l = doc.labels;
  const facts: [string, string][] = [
    ...(doc.cover.customer ? ([[l.customer, doc.cover.customer]] as [string, string][]) : []),
    [l.target, doc.cover.target],
    [fieldLabel('platform', doc.locale), doc.cover.platform],
    [l.reportDate, doc.cover.date],
    [l.preparedBy, doc.siteTitle],
  ];
  out.push(
    centred(doc.siteTitle, 32, true, doc.logo ? 800 : 1600, '455A64'),
    centred(doc.title, 56, true, 600, '1A237E'),
    centred(doc.subtitle, 28),
    new Paragraph({ spacing: { before: 1200 }, children: [] }),
    ...facts.map(
      ([label, value]) =>
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { before: 80 },
          children: [new TextRun({ text: doc.locale === 'en' ? `${label}: ` : `${label}：`, size: 22, color: '78909C' }), new TextRun({ text: value, size: 22 })],
        }),
    ),
    new Paragraph({ children: [new PageBreak()] }),
  );
  return out;
}

function imageCell(data: Uint8Array, width: number, height: number, widthPct: number, extra: Paragraph[] = []): TableCell {
  return new TableCell({
    width: { size: widthPct, type: WidthType.PERCENTAGE },
    verticalAlign: VerticalAlign.CENTER,
    borders: { top: NONE, bottom: NONE, left: NONE, right: NONE },
    children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new ImageRun({ type: 'png', data, transformation: { width, height } })] }), ...extra],
  });
}

function textCell(text: string, widthPct: number, opts: { bold?: boolean; size?: number; align?: (typeof AlignmentType)[keyof typeof AlignmentType] } = {}): TableCell {
  return new TableCell({
    width: { size: widthPct, type: WidthType.PERCENTAGE },
    verticalAlign: VerticalAlign.CENTER,
    borders: { top: NONE, bottom: NONE, left: NONE, right: NONE },
    children: [new Paragraph({ alignment: opts.align, children: runs(text, { bold: opts.bold, size: opts.size ?? 18 }) })],
  });
}

/** The risk bars: label, bar image, count per row. */
function riskBars(doc: ReportDocument): Table {
  const max = Math.max(1, ...doc.summary.map((r) => r.failed));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: NO_BORDERS,
    rows: doc.summary.map(
      (r) =>
        new TableRow({
          children: [textCell(r.label, 18), imageCell(barPng(300, 16, r.failed / max, RISK_COLOURS[r.risk] ?? '#888888'), 240, 13, 70), textCell(String(r.failed), 12)],
        }),
    ),
  });
}

/** Executive summary: target, overview, score donut and risk bars side by side, counts, top problems, not executed. */
export function executive(doc: ReportDocument): (Paragraph | Table)[] {
  const l = doc.labels;
  const e = doc.executive;
  const donut = donutPng(240, doc.score.score / 100, BAND_COLOURS[doc.score.band] ?? '#555555');
  const scoreLines = [
    new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: String(doc.score.score), bold: true, size: 44, color: (BAND_COLOURS[doc.score.band] ?? '#555555').replace('#', '') })] }),
    new Paragraph({ alignment: AlignmentType.CENTER, children: runs(`${l.band}: ${doc.score.bandLabel}`, { size: 18 }) }),
  ];
  const charts = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: NO_BORDERS,
    rows: [
      new TableRow({
        children: [
          imageCell(donut, 110, 110, 30, scoreLines),
          new TableCell({ width: { size: 70, type: WidthType.PERCENTAGE }, borders: { top: NONE, bottom: NONE, left: NONE, right: NONE }, children: [plain(l.chart, { bold: true, size: 20 }), riskBars(doc)] }),
        ],
      }),
    ],
  });
  const out: (Paragraph | Table)[] = [
    heading(l.executive),
    plain(`${l.target}: ${e.target}`, { size: 21 }),
    plain(e.overview, { size: 21 }),
    new Paragraph({ children: [] }),
    charts,
    new Paragraph({ children: [] }),
    table([0.4, 0.3, 0.3], [l.riskLevel, l.failedItems, l.totalItems], doc.summary.map((r) => [r.label, String(r.failed), String(r.total)])),
    heading(l.topFindings, 2),
  ];
  if (e.top.length === 0) out.push(plain(l.noProblems));
  for (const t of e.top) {
    out.push(
      new Paragraph({ keepNext: true, spacing: { before: 80 }, children: [new TextRun({ text: `■ `, color: (RISK_COLOURS[t.risk] ?? '#888888').replace('#', '') }), new TextRun({ text: `[${t.riskLabel}] ${t.title}`, bold: true, size: 20 })] }),
      new Paragraph({ indent: { left: 280 }, children: runs(t.line, { size: 18, color: '455A64' }) }),
    );
  }
  if (e.topMore > 0) out.push(plain(l.more(e.topMore), { size: 18, color: '607D8B' }));
  out.push(heading(l.notExecutedSection, 2));
  if (e.notExecuted.length === 0) out.push(plain(l.allExecuted));
  else out.push(table([0.45, 0.55], [l.item, l.reason], [...e.notExecuted.map((n) => [n.title, n.reason]), ...(e.notExecutedMore > 0 ? [[l.more(e.notExecutedMore), '']] : [])]));
  out.push(new Paragraph({ children: [new PageBreak()] }));
  return out;
}
