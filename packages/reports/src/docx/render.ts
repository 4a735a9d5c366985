/** WORD (.docx) reports with docx: the same sections as the PDF, with the charts as PNG images (chart-png.ts). */
import { AlignmentType, Document, Footer, Packer, PageBreak, PageNumber, Paragraph, type Table, TextRun } from 'docx';
import type { ReportDocument } from '../model/types.ts';
import { heading, labelled, plain, table } from './blocks.ts';
import { cover, executive } from './front.ts';

const EAST_ASIA_FONT: Record<string, string> = { 'zh-CN': 'Noto Sans CJK SC', en: 'Noto Sans CJK SC', 'zh-TW': 'Noto Sans CJK TC', ja: 'Noto Sans CJK JP' };

export async function renderDocx(doc: ReportDocument): Promise<Uint8Array> {
  const l = doc.labels;
  const children: (Paragraph | Table)[] = [];
  children.push(...cover(doc), ...executive(doc));
  children.push(heading(l.targetInfo), table([0.28, 0.72], undefined, doc.target.map((r) => [r.label, r.value])));
  if (doc.checklist.length) {
    children.push(heading(l.checklist), table([0.4, 0.2, 0.2, 0.2], [l.requirement, l.totalItems, l.failedItems, l.verdict], doc.checklist.map((r) => [r.requirement, String(r.items), String(r.failed), r.verdict])));
  }
  children.push(heading(l.details));
  if (doc.items.length === 0) children.push(plain(l.noItems));
  for (const it of doc.items) {
    children.push(
      heading(`${it.index}. ${it.title}`, 2),
      plain([`${l.ruleId}: ${it.ruleId}`, `${l.riskLevel}: ${it.riskLabel}`, `${l.result}: ${it.resultLabel}`, `${l.category}: ${it.category}`, `${l.owner}: ${it.owner}`, it.cwe, it.owasp].filter(Boolean).join('  ·  '), { size: 17, color: '607D8B' }),
      ...labelled(l.purpose, it.purpose),
      ...labelled(l.description, it.description),
      ...labelled(l.testingSteps, it.testingSteps),
      ...labelled(l.resultDescription, it.resultDescription),
      ...labelled(l.evidence, it.evidence.join('\n')),
      ...labelled(l.solution, it.solution),
    );
  }
  if (doc.range !== 'MAIN' && doc.layout.sdkTable) {
    children.push(heading(l.sdkSection));
    children.push(doc.sdks.length ? table([0.3, 0.15, 0.4, 0.15], [l.sdkName, l.sdkCategory, l.sdkMatched, l.sdkVersion], doc.sdks.map((s) => [s.name, s.category, s.matched, s.version])) : plain(l.noSdk));
  }
  children.push(new Paragraph({ children: [new PageBreak()] }), heading(l.appendix));
  if (doc.layout.ruleList) {
    children.push(heading(l.ruleList, 2), table([0.38, 0.4, 0.1, 0.12], [l.ruleId, l.item, l.riskLevel, l.category], doc.appendix.map((r) => [r.ruleId, r.title, r.risk, r.category])));
  }
  if (doc.unreadable.length) children.push(heading(l.unreadable, 2), table([0.4, 0.6], [l.unreadablePart, l.unreadableReason], doc.unreadable.map((u) => [u.label, u.value])));
  children.push(...labelled(l.engine, doc.engine));

  const document = new Document({
    creator: 'Citadel',
    title: `${doc.title} - ${doc.subtitle}`.slice(0, 250),
    styles: { default: { document: { run: { font: { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: EAST_ASIA_FONT[doc.locale] }, size: 20 } } } },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: `${doc.siteTitle.slice(0, 80)}  ·  `, size: 16 }), new TextRun({ children: [PageNumber.CURRENT], size: 16 })] })],
          }),
        },
        children,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
