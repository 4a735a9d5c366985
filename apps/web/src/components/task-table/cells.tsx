/** Status, progress and score cells of the task table (SPEC §4 display rules). */
import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { TASK_STATUS_LABELS, scoreBand, type TaskRow } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../locales/i18n.ts';
import { TOOLTIP_DELAY_S } from '../IconButton.tsx';
import { ABNORMAL_STATUSES, progressView, statusKey, type StatusLabelKey } from './task-display.ts';

const STATUS_COLOURS: Record<StatusLabelKey, string> = {
  QUEUEING: 'default',
  DOWNLOADING: 'processing',
  PROCESSING: 'processing',
  REPORT_GENERATING: 'processing',
  SCRIPT_EXECUTING: 'processing',
  WAITING_PHONE: 'warning',
  FINISHED: 'success',
  EXCEPTION: 'error',
  DETECTION_FAILED: 'error',
  TIMED_OUT: 'error',
  CANCELED: 'default',
};

export function StatusCell({ row }: { row: TaskRow }) {
  const lang = useLang();
  const key = statusKey(row);
  const tag = (
    <Tag color={STATUS_COLOURS[key]} data-testid={`task-status-${row.task_uid}`} data-status={row.status}>
      {TASK_STATUS_LABELS[key][lang]}
      {ABNORMAL_STATUSES.includes(row.status) && row.fail_msg ? <ExclamationCircleOutlined style={{ marginInlineStart: 4 }} /> : null}
    </Tag>
  );
  if (!ABNORMAL_STATUSES.includes(row.status) || !row.fail_msg) return tag;
  return (
    <Tooltip title={row.fail_msg} mouseEnterDelay={TOOLTIP_DELAY_S}>
      {tag}
    </Tooltip>
  );
}

export function ProgressCell({ row }: { row: TaskRow }) {
  const { t } = useTranslation();
  const view = progressView(row);
  const caption = view.finished
    ? `${view.finished.done}/${view.finished.total}`
    : view.queuePosition
      ? t('tasks.queuePosition', { n: view.queuePosition })
      : null;
  const bar = (
    <div className="citadel-task-progress" data-testid={`task-progress-${row.task_uid}`} data-percent={view.percent}>
      {/* Always the number (SPEC §4: FINISHED 100 %, EXCEPTION its rounded percentage), never antd's status icon. */}
      <Progress percent={view.percent} status={view.state} size="small" format={(p) => `${p ?? 0}%`} style={{ marginBottom: 0, minWidth: 100 }} />
      {caption ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {caption}
        </Typography.Text>
      ) : null}
    </div>
  );
  if (row.status === 'EXCEPTION' && row.fail_msg) {
    return (
      <Tooltip title={row.fail_msg} mouseEnterDelay={TOOLTIP_DELAY_S}>
        {bar}
      </Tooltip>
    );
  }
  return bar;
}

export const BAND_COLOURS = { high: 'green', medium: 'orange', low: 'red' } as const;

/** The security score with its band (high > 80, medium 60–80, low < 60). */
export function ScoreCell({ row }: { row: TaskRow }) {
  const { t } = useTranslation();
  if (row.score === null || row.score === undefined) return <>-</>;
  const band = scoreBand(row.score);
  return (
    <Space size={6}>
      <span style={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{row.score}</span>
      <Tag color={BAND_COLOURS[band]}>{t(`result.band.${band}`)}</Tag>
    </Space>
  );
}
