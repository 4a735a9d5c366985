/**
 * The statistics table as an .xlsx workbook (write-excel-file, generated on the
 * server and streamed): the period buckets shown on screen and the two top-10
 * rankings, with headers in the caller's language.
 */
import type { AnalysisAnswer } from '@citadel/contracts';
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';

type Lang = 'zh' | 'en';
const LABELS: Record<Lang, Record<string, string>> = {
  zh: {
    sheet: '统计', top: '应用排行', start: '周期开始', users: '新增用户', tasks: '任务数', finished: '已完成', risks: '发现风险', samples: '样本数', bytes: '样本大小(字节)', total: '合计',
    rank: '排名', app: '应用', platform: '平台', assessments: '测评次数', byAssessments: '按测评次数', byRisks: '按发现风险', period: '周期', day: '日', week: '周', month: '月',
  },
  en: {
    sheet: 'Statistics', top: 'App ranking', start: 'Period start', users: 'New users', tasks: 'Tasks', finished: 'Finished', risks: 'Risks found', samples: 'Samples', bytes: 'Sample bytes', total: 'Total',
    rank: 'Rank', app: 'App', platform: 'Platform', assessments: 'Assessments', byAssessments: 'By assessments', byRisks: 'By risks found', period: 'Period', day: 'Day', week: 'Week', month: 'Month',
  },
};

const head = (value: string): Cell => ({ value, fontWeight: 'bold', backgroundColor: '#ECEFF1' });
const n = (value: number): Cell => ({ value, type: Number });
/** Text cells: a leading = + - @ would be read as a formula by spreadsheet programs. */
const s = (value: string): Cell => ({ value: /^[=+\-@]/.test(value) ? `'${value}` : value.slice(0, 30_000), type: String });

export async function analysisWorkbook(a: AnalysisAnswer, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  const stats: Row[] = [
    [head(l.period!), s(l[a.period]!)],
    [head(l.start!), head(l.users!), head(l.tasks!), head(l.finished!), head(l.risks!), head(l.samples!), head(l.bytes!)],
    ...a.buckets.map((b) => [s(b.start), n(b.users), n(b.tasks), n(b.finished), n(b.risks), n(b.samples), n(b.sample_bytes)]),
    [head(l.total!), n(a.totals.users), n(a.totals.tasks), n(a.totals.finished), n(a.totals.risks), n(a.totals.samples), n(a.totals.sample_bytes)],
  ];
  const ranking = (title: string, rows: AnalysisAnswer['top_by_risks']): Row[] => [
    [head(title)],
    [head(l.rank!), head(l.app!), head(l.platform!), head(l.assessments!), head(l.risks!)],
    ...rows.map((r, i) => [n(i + 1), s(r.app), s(r.platform), n(r.assessments), n(r.risks)]),
    [],
  ];
  const top: Row[] = [...ranking(l.byAssessments!, a.top_by_assessments), ...ranking(l.byRisks!, a.top_by_risks)];
  return writeXlsxFile([
    { data: stats, sheet: l.sheet!, columns: [{ width: 14 }, ...Array.from({ length: 6 }, () => ({ width: 14 }))] },
    { data: top, sheet: l.top!, columns: [{ width: 8 }, { width: 40 }, { width: 18 }, { width: 14 }, { width: 14 }] },
  ]).toBuffer();
}
