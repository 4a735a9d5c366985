/**
 * The EXCEL export of finished assessments over a chosen period (POST
 * /report/cp_gen_excel, Tools → analysis reports): one row per task with its
 * target, creator, finish time, score, band and failed items per risk level,
 * then a totals row. The server picks the rows (a bounded number); this only draws them.
 */
import type { Locale, RiskLevel } from '@citadel/contracts';
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import { clean } from '../model/clean.ts';
import { LABELS } from '../model/labels.ts';

export interface LedgerRow {
  task_uid: string;
  platform: string;
  app_name: string;
  package_name: string;
  version: string;
  file_name: string;
  created_by: string;
  /** Epoch ms. */
  finished_at: number;
  score: number | null;
  band: 'high' | 'medium' | 'low' | null;
  /** Failed items per risk level. */
  counts: Partial<Record<RiskLevel, number>>;
}

export interface LedgerOptions {
  locale: Locale;
  siteTitle: string;
  /** The chosen period as the user picked it (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Rows left out past the export's limit. */
  truncated?: number;
}

const TITLES: Record<Locale, { sheet: string; title: string; period: string; uid: string; platform: string; app: string; pkg: string; version: string; file: string; creator: string; finished: string; total: string; truncated: (n: number) => string }> = {
  'zh-CN': { sheet: '测评结果', title: '测评结果导出', period: '时间范围', uid: '任务编号', platform: '平台', app: '应用名称', pkg: '包名', version: '版本', file: '文件名', creator: '创建人', finished: '完成时间', total: '合计', truncated: (n) => `另有 ${n} 条未导出，请缩小时间范围` },
  'zh-TW': { sheet: '測評結果', title: '測評結果匯出', period: '時間範圍', uid: '任務編號', platform: '平台', app: '應用名稱', pkg: '套件名稱', version: '版本', file: '檔案名稱', creator: '建立者', finished: '完成時間', total: '合計', truncated: (n) => `另有 ${n} 筆未匯出，請縮小時間範圍` },
  en: { sheet: 'Assessments', title: 'Assessment results', period: 'Period', uid: 'Task id', platform: 'Platform', app: 'App name', pkg: 'Package', version: 'Version', file: 'File name', creator: 'Created by', finished: 'Finished at', total: 'Total', truncated: (n) => `${n} more not exported; choose a shorter period` },
  ja: { sheet: '診断結果', title: '診断結果のエクスポート', period: '期間', uid: 'タスクID', platform: 'プラットフォーム', app: 'アプリ名', pkg: 'パッケージ名', version: 'バージョン', file: 'ファイル名', creator: '作成者', finished: '完了日時', total: '合計', truncated: (n) => `ほか ${n} 件は未出力です。期間を短くしてください` },
};

const RISKS: RiskLevel[] = ['serious', 'high', 'medium', 'low'];
const head = (value: string): Cell => ({ value, fontWeight: 'bold', backgroundColor: '#ECEFF1' });
const txt = (value: string): Cell => ({ value: clean(value, 2000), type: String });
const num = (value: number | null): Cell => (value === null ? null : { value, type: Number });

function when(ms: number): string {
  const d = new Date(ms);
  if (!Number.isFinite(d.getTime())) return '';
  return d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

export async function renderLedgerXlsx(rows: readonly LedgerRow[], opts: LedgerOptions): Promise<Uint8Array> {
  const t = TITLES[opts.locale];
  const l = LABELS[opts.locale];
  const header = [t.uid, t.platform, t.app, t.pkg, t.version, t.file, t.creator, t.finished, l.score, l.band, ...RISKS.map((r) => l.risks[r])];
  const totals = RISKS.map((r) => rows.reduce((n, row) => n + (row.counts[r] ?? 0), 0));
  const data: Row[] = [
    [{ value: clean(opts.siteTitle, 500), fontWeight: 'bold', fontSize: 14 }],
    [{ value: t.title, fontWeight: 'bold', fontSize: 16 }],
    [txt(t.period), txt(`${opts.from} – ${opts.to}`)],
    [],
    header.map(head),
    ...rows.map((r) => [
      txt(r.task_uid),
      txt(r.platform),
      txt(r.app_name),
      txt(r.package_name),
      txt(r.version),
      txt(r.file_name),
      txt(r.created_by),
      txt(when(r.finished_at)),
      num(r.score),
      txt(r.band ? l.bands[r.band] : ''),
      ...RISKS.map((risk) => num(r.counts[risk] ?? 0)),
    ]),
    [head(t.total), txt(String(rows.length)), null, null, null, null, null, null, null, null, ...totals.map(num)],
  ];
  if (opts.truncated) data.push([], [txt(t.truncated(opts.truncated))]);
  const buffer = await writeXlsxFile(data, { sheet: t.sheet, columns: [{ width: 36 }, { width: 14 }, { width: 28 }, { width: 30 }, { width: 12 }, { width: 28 }, { width: 14 }, { width: 20 }, { width: 8 }, { width: 10 }, ...RISKS.map(() => ({ width: 8 }))], stickyRowsCount: 5 }).toBuffer();
  return new Uint8Array(buffer);
}
