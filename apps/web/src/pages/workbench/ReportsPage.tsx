/**
 * Workbench → reports: the user's own finished tasks, each linking to its
 * result page and opening the report download dialog of SPEC §2 (the
 * download center's; the file then appears in the download progress panel).
 */
import { useState } from 'react';
import { Button, Empty } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { can, type RouteNode, type TaskRow } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccessSubject } from '../../access/useAccess.ts';
import { ReportDialog } from '../../components/downloads/index.ts';
import { KeywordSearch, PageCard, PagedTable, usePagedList } from '../../components/index.ts';
import { ScoreCell, formatTime, resultPath } from '../../components/task-table/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { fetchMyReports } from '../home/api.ts';
import '../home/texts.ts';

export function ReportsPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const subject = useAccessSubject();
  const [reportOf, setReportOf] = useState<TaskRow | null>(null);
  const list = usePagedList<TaskRow, { keyword: string }>(fetchMyReports);

  return (
    <PageCard title={title(node.title)} testId="page-workbench-reports">
      <KeywordSearch name="keyword" label={t('dash.reports.search')} onSearch={list.search} />
      <PagedTable<TaskRow>
        rowKey="task_uid"
        {...list.tableProps}
        locale={{ emptyText: <Empty description={t('dash.reports.empty')} /> }}
        data-testid="reports-table"
        columns={[
          { title: t('dash.target'), key: 'target', ellipsis: true, render: (_: unknown, r) => r.app_name || r.file_name || r.url },
          { title: t('dash.platform'), dataIndex: 'platform', width: 150, render: (p: string) => t(`dash.platforms.${p}`, { defaultValue: p }) },
          { title: t('dash.score'), key: 'score', width: 110, render: (_: unknown, r) => <ScoreCell row={r} /> },
          { title: t('dash.reports.finishedAt'), dataIndex: 'finished_at', width: 180, render: (v: number | null) => formatTime(v) },
          {
            title: t('samples.actions'),
            key: 'actions',
            width: 65 * 2 + 25,
            render: (_: unknown, r) => {
              const to = resultPath(r.platform, r.task_uid);
              return (
                <>
                  {to && <Button type="link" size="small" icon={<EyeOutlined />} title={t('dash.reports.view')} onClick={() => navigate(to)} />}
                  {can(subject, node.key, 'download') && (
                    <Button type="link" size="small" icon={<DownloadOutlined />} title={t('dash.reports.download')} data-testid={`report-download-${r.task_uid}`} onClick={() => setReportOf(r)} />
                  )}
                </>
              );
            },
          },
        ]}
      />
      {reportOf && <ReportDialog open task={reportOf} onClose={() => setReportOf(null)} />}
    </PageCard>
  );
}
