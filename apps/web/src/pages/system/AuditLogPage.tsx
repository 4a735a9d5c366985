/**
 * The audit trail (SPEC issue 12): who did what, when and from where, newest
 * first, filtered by user, action, address and dates, paged.
 */
import { useEffect, useState } from 'react';
import { Form, Input, Select } from 'antd';
import type { RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard, PagedTable, SearchBox, type PageQuery, usePagedList } from '../../components/index.ts';
import { formatTime } from '../../components/task-table/format.ts';
import i18n, { useTitle } from '../../locales/i18n.ts';
import { type AuditEntry, auditApi } from './api.ts';

type Filters = {
  user_name: string;
  action: string;
  ip: string;
  from: string;
  to: string;
};

const dayStart = (day?: string) => (day ? new Date(`${day}T00:00:00`).getTime() : undefined);
const dayEnd = (day?: string) => (day ? new Date(`${day}T23:59:59.999`).getTime() : undefined);

/** The form's days become the API's bounds in milliseconds (local time). */
const fetchAuditPage = ({ from, to, ...rest }: PageQuery & Partial<Filters>) =>
  auditApi.list(JSON.parse(JSON.stringify({ ...rest, from: dayStart(from), to: dayEnd(to) })) as Parameters<typeof auditApi.list>[0]);

export function AuditLogPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  // Action codes are the server's; the page names them in the user's language (an unknown new code shows as is).
  const actionLabel = (a: string) => (i18n.exists(`system.audit.actions.${a}`) ? t(`system.audit.actions.${a}`) : a);
  const title = useTitle();
  const list = usePagedList<AuditEntry, Filters>(fetchAuditPage, 20);
  const [actions, setActions] = useState<string[]>([]);

  useEffect(() => {
    auditApi.actions().then(setActions, () => undefined);
  }, []);

  return (
    <PageCard title={title(node.title)} testId="page-audit-log">
      <SearchBox<Partial<Filters>> onSearch={list.search}>
        <Form.Item name="user_name" label={t('system.audit.user')}>
          <Input allowClear style={{ width: 140 }} data-testid="audit-user" />
        </Form.Item>
        <Form.Item name="action" label={t('system.audit.action')}>
          <Select allowClear style={{ width: 200 }} options={actions.map((a) => ({ value: a, label: actionLabel(a) }))} data-testid="audit-action" />
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
        {...list.tableProps}
        data-testid="audit-table"
        columns={[
          { title: t('system.audit.at'), dataIndex: 'at', width: 180, render: (at: number) => formatTime(at) },
          { title: t('system.audit.user'), dataIndex: 'user_name', width: 140 },
          { title: t('system.audit.ip'), dataIndex: 'ip', width: 140 },
          { title: t('system.audit.action'), dataIndex: 'action', width: 200, render: (a: string) => actionLabel(a) },
          { title: t('system.audit.detail'), dataIndex: 'detail', ellipsis: true },
        ]}
      />
    </PageCard>
  );
}
