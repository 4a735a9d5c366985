/**
 * System → 漏洞库 (issue 22): each OSV/NVD source with its record count, bad
 * records, data age and last import; imports (upload, server folder, mirror)
 * running in the background with their progress; the mirror settings; and a
 * look-up of a purl, a component or a device. Changing the data is for the
 * platform admin (the server enforces it; others only read and look up).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Space, Table, Typography } from 'antd';
import type { RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { useSession } from '../../app/session-store.ts';
import { type Overview, type SourceRow, vulndbApi } from './api.ts';
import { ImportPanel, JobStatus } from './ImportPanel.tsx';
import { MirrorPanel } from './MirrorPanel.tsx';
import { LookupPanel } from './LookupPanel.tsx';
import './texts.ts';
import { formatTime } from '../../components/task-table/format.ts';

const when = (ms?: number) => (ms ? formatTime(ms) : undefined);

export function VulnDataPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const isAdmin = useSession().user?.is_admin ?? false;
  const [overview, setOverview] = useState<Overview>();

  const refresh = useCallback(async () => {
    setOverview(await vulndbApi.overview());
  }, []);

  useEffect(() => {
    void refresh().catch(() => undefined);
  }, [refresh]);

  // While an import runs, follow its progress.
  const running = overview?.job?.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh().catch(() => undefined), 1500);
    return () => clearInterval(timer);
  }, [running, refresh]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="page-vulndb">
      <PageCard title={title(node.title)} extra={overview && <Typography.Text data-testid="vulndb-total">{t('vulndb.total', { n: overview.total })}</Typography.Text>}>
        <Table<SourceRow>
          rowKey="source"
          size="small"
          pagination={false}
          dataSource={overview?.sources ?? []}
          loading={!overview}
          locale={{ emptyText: t('vulndb.empty') }}
          data-testid="vulndb-sources"
          columns={[
            { title: t('vulndb.source'), dataIndex: 'source' },
            { title: t('vulndb.records'), dataIndex: 'records', align: 'right' },
            { title: t('vulndb.bad'), dataIndex: 'bad', align: 'right' },
            { title: t('vulndb.newest'), dataIndex: 'newestModified', render: (v?: string) => (v ? formatTime(Date.parse(v)) : '-') },
            { title: t('vulndb.age'), dataIndex: 'ageDays', render: (n?: number) => (n === undefined ? '-' : t('vulndb.ageDays', { n })) },
            { title: t('vulndb.lastImport'), dataIndex: 'lastImportAt', render: (v?: number) => when(v) ?? t('vulndb.never') },
          ]}
        />
        {overview?.job && <JobStatus job={overview.job} />}
      </PageCard>
      {isAdmin ? (
        <>
          <ImportPanel busy={running} onStarted={refresh} />
          {overview && <MirrorPanel mirror={overview.mirror} busy={running} onChanged={refresh} />}
        </>
      ) : (
        <Alert type="info" showIcon message={t('vulndb.adminOnly')} />
      )}
      <LookupPanel />
    </Space>
  );
}
