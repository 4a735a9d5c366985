/**
 * Workbench → reports: the user's own finished tasks, each linking to its
 * result page. Report export (the download dialog of SPEC §2) is being built
 * in components/downloads; until it lands the download button says so
 * ("报告导出即将开放") instead of pretending.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Form, Input, Tooltip } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { RouteNode, TaskRow } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard, PagedTable, SearchBox } from '../../components/index.ts';
import { ScoreCell, formatTime, resultPath } from '../../components/task-table/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { fetchMyReports } from '../home/api.ts';
import '../home/texts.ts';

export function ReportsPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const [query, setQuery] = useState({ page: 1, page_size: 10, keyword: '' });
  const [data, setData] = useState<{ total: number; list: TaskRow[] }>({ total: 0, list: [] });
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchMyReports({ page: query.page, page_size: query.page_size, ...(query.keyword ? { keyword: query.keyword } : {}) }));
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  }, [query]);
  useEffect(() => void load(), [load]);

  return (
    <PageCard title={title(node.title)} testId="page-workbench-reports">
      <SearchBox<{ keyword?: string }> onSearch={(v) => setQuery((q) => ({ ...q, page: 1, keyword: v.keyword?.trim() ?? '' }))}>
        <Form.Item name="keyword" label={t('dash.reports.search')}>
          <Input allowClear style={{ width: 240 }} />
        </Form.Item>
      </SearchBox>
      <PagedTable<TaskRow>
        rowKey="task_uid"
        loading={loading}
        dataSource={data.list}
        total={data.total}
        page={query.page}
        pageSize={query.page_size}
        onPageChange={(page, page_size) => setQuery((q) => ({ ...q, page, page_size }))}
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
                  <Tooltip title={t('dash.reports.comingSoon')}>
                    <Button type="link" size="small" icon={<DownloadOutlined />} disabled data-testid="report-download-soon" aria-label={t('dash.reports.download')} />
                  </Tooltip>
                </>
              );
            },
          },
        ]}
      />
    </PageCard>
  );
}
