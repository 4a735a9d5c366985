/**
 * The audit trail (SPEC issue 12): who did what, when and from where, newest
 * first, filtered by user, action, address and dates, paged.
 */
import { useCallback, useEffect, useState } from 'react';
import { Form, Input, Select } from 'antd';
import type { RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard, PagedTable, SearchBox } from '../../components/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { type AuditEntry, type Paged, auditApi } from './api.ts';

interface Filters {
  user_name?: string;
  action?: string;
  ip?: string;
  from?: string;
  to?: string;
}

const dayStart = (day?: string) => (day ? new Date(`${day}T00:00:00`).getTime() : undefined);
const dayEnd = (day?: string) => (day ? new Date(`${day}T23:59:59.999`).getTime() : undefined);

export function AuditLogPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, page_size: 20 });
  const [data, setData] = useState<Paged<AuditEntry>>({ total: 0, list: [] });
  const [actions, setActions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    auditApi.actions().then(setActions, () => undefined);
  }, []);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const q = { ...paging, user_name: filters.user_name?.trim() || undefined, action: filters.action || undefined, ip: filters.ip?.trim() || undefined, from: dayStart(filters.from), to: dayEnd(filters.to) };
      setData(await auditApi.list(JSON.parse(JSON.stringify(q)) as typeof q));
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false);
    }
  }, [filters, paging]);
  useEffect(() => void load(), [load]);

  return (
    <PageCard title={title(node.title)} testId="page-audit-log">
      <SearchBox<Filters>
        onSearch={(v) => {
          setFilters(v);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="user_name" label={t('system.audit.user')}>
          <Input allowClear style={{ width: 140 }} data-testid="audit-user" />
        </Form.Item>
        <Form.Item name="action" label={t('system.audit.action')}>
          <Select allowClear style={{ width: 200 }} options={actions.map((a) => ({ value: a, label: a }))} data-testid="audit-action" />
        </Form.Item>
        <Form.Item name="ip" label={t('system.audit.ip')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="from" label={t('system.audit.from')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="to" label={t('system.audit.to')}>
          <Input type="date" />
        </Form.Item>
      </SearchBox>
      <PagedTable<AuditEntry>
        rowKey="id"
        loading={loading}
        dataSource={data.list}
        total={data.total}
        page={paging.page}
        pageSize={paging.page_size}
        onPageChange={(page, page_size) => setPaging({ page, page_size })}
        data-testid="audit-table"
        columns={[
          { title: t('system.audit.at'), dataIndex: 'at', width: 180, render: (at: number) => new Date(at).toLocaleString() },
          { title: t('system.audit.user'), dataIndex: 'user_name', width: 140 },
          { title: t('system.audit.ip'), dataIndex: 'ip', width: 140 },
          { title: t('system.audit.action'), dataIndex: 'action', width: 200 },
          { title: t('system.audit.detail'), dataIndex: 'detail', ellipsis: true },
        ]}
      />
    </PageCard>
  );
}
