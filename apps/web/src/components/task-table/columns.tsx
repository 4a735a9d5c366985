/**
 * Task table columns per platform family (SPEC §3): apps show the app
 * assessment fields, SDKs name/version/category, source file/size/lines/version,
 * web name/address/version. Every family ends with creator, time, status,
 * progress and score. The ledger (all platforms) shows a generic target column.
 */
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Tooltip, Typography } from 'antd';
import { formatFileSize, type Platform } from '@citadel/contracts';
import type { TFunction } from 'i18next';
import { ProgressCell, ScoreCell, StatusCell } from './cells.tsx';
import { evaluationTitle } from './evaluation-routes.ts';
import { field, formatTime, orDash, type TaskTableRow } from './format.ts';

type Column = ColumnsType<TaskTableRow>[number];
type Lang = 'zh' | 'en';

type ColumnKey =
  | 'platform' | 'target' | 'app' | 'version' | 'file' | 'size'
  | 'sdk_name' | 'sdk_version' | 'category' | 'total_lines' | 'program_version'
  | 'web_name' | 'url' | 'web_version'
  | 'creator' | 'status' | 'progress' | 'score';

type Family = 'app' | 'sdk' | 'source' | 'web' | 'all';

/**
 * Status, progress and score come before the descriptive tail so they stay in
 * view at 1440 px; related fields share a cell (app name over package, file
 * name over size and MD5, creator over creation time).
 */
const STATE: ColumnKey[] = ['status', 'progress', 'score'];

const FAMILY_COLUMNS: Record<Family, ColumnKey[]> = {
  app: ['app', 'version', 'file', ...STATE, 'creator'],
  sdk: ['sdk_name', 'sdk_version', 'category', 'file', ...STATE, 'creator'],
  source: ['file', 'total_lines', 'program_version', ...STATE, 'creator'],
  web: ['web_name', 'url', 'web_version', ...STATE, 'creator'],
  all: ['platform', 'target', 'version', ...STATE, 'creator'],
};

const FAMILY_OF: Partial<Record<Platform, Family>> = {
  android_sdk: 'sdk',
  ios_sdk: 'sdk',
  source: 'source',
  web: 'web',
};

export function familyOf(platform: Platform | undefined): Family {
  return platform ? (FAMILY_OF[platform] ?? 'app') : 'all';
}

const ellipsis = (text: string | number) => (
  <Tooltip title={text} mouseEnterDelay={0.5} placement="topLeft">
    <span>{text}</span>
  </Tooltip>
);

/** A cell of two lines: the main value and a secondary one in grey. */
function TwoLines({ main, sub, width }: { main: ReactNode; sub?: ReactNode; width: number }) {
  return (
    <div style={{ maxWidth: width - 16, lineHeight: 1.45 }}>
      <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{main}</div>
      {sub ? <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: '#8c8c8c', fontSize: 12 }}>{sub}</div> : null}
    </div>
  );
}

function FileCell({ row, width }: { row: TaskTableRow; width: number }) {
  const size = row.size ? formatFileSize(row.size) : '';
  return (
    <TwoLines
      width={width}
      main={ellipsis(orDash(row.file_name))}
      sub={
        size || row.md5 ? (
          <span>
            {size}
            {size && row.md5 ? ' · ' : ''}
            {row.md5 ? (
              <Typography.Text copyable={{ text: row.md5 }} style={{ fontFamily: 'monospace', fontSize: 12, color: '#8c8c8c' }}>
                <Tooltip title={`MD5 ${row.md5}`} mouseEnterDelay={0.5}>
                  <span>MD5 {row.md5.slice(0, 8)}…</span>
                </Tooltip>
              </Typography.Text>
            ) : null}
          </span>
        ) : undefined
      }
    />
  );
}

function defineColumn(key: ColumnKey, t: TFunction, lang: Lang): Column {
  const base = { key, title: t(`tasks.col.${key}`) };
  const text = (read: (r: TaskTableRow) => string | number | null | undefined, width: number): Column => ({
    ...base,
    width,
    ellipsis: { showTitle: false },
    render: (_: unknown, r: TaskTableRow) => ellipsis(orDash(read(r))),
  });
  switch (key) {
    case 'platform':
      return { ...base, width: 130, render: (_, r) => evaluationTitle(r.platform)?.[lang] ?? r.platform };
    case 'target':
      return { ...base, width: 180, render: (_, r) => <TwoLines width={180} main={ellipsis(orDash(r.app_name || r.file_name || r.url))} sub={r.package_name || (r.app_name ? r.file_name || r.url : '')} /> };
    case 'app':
      return {
        ...base,
        width: 170,
        render: (_, r) => <TwoLines width={170} main={<span style={{ fontWeight: 500 }}>{ellipsis(orDash(r.app_name || field(r, 'app_name')))}</span>} sub={r.package_name ? ellipsis(r.package_name) : undefined} />,
      };
    case 'version':
      return text((r) => r.version, 84);
    case 'file':
      return { ...base, width: 180, render: (_, r) => <FileCell row={r} width={180} /> };
    case 'size':
      return { ...base, width: 100, render: (_, r) => (r.size ? formatFileSize(r.size) : '-') };
    case 'sdk_name':
      return text((r) => field(r, 'sdk_name') || r.app_name, 150);
    case 'sdk_version':
      return text((r) => field(r, 'sdk_version') || r.version, 100);
    case 'category':
      return { ...base, width: 90, render: (_, r) => (field(r, 'category') ? t(`evaluation.category.${field(r, 'category')}`) : '-') };
    case 'total_lines':
      return { ...base, width: 100, render: (_, r) => (r.total_lines ? r.total_lines.toLocaleString() : '-') };
    case 'program_version':
      return text((r) => field(r, 'program_version') || r.version, 110);
    case 'web_name':
      return text((r) => field(r, 'web_name') || r.app_name, 150);
    case 'url':
      return text((r) => r.url, 230);
    case 'web_version':
      return text((r) => field(r, 'web_version') || r.version, 100);
    case 'creator':
      return { ...base, width: 140, render: (_, r) => <TwoLines width={140} main={orDash(r.created_by_name)} sub={formatTime(r.created_at)} /> };
    case 'status':
      return { ...base, width: 100, render: (_, r) => <StatusCell row={r} /> };
    case 'progress':
      return { ...base, width: 136, render: (_, r) => <ProgressCell row={r} /> };
    case 'score':
      return { ...base, width: 96, render: (_, r) => <ScoreCell row={r} /> };
  }
}

export function taskColumns(platform: Platform | undefined, t: TFunction, lang: Lang): ColumnsType<TaskTableRow> {
  return FAMILY_COLUMNS[familyOf(platform)].map((key) => defineColumn(key, t, lang));
}
