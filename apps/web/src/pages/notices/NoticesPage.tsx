/**
 * System → notices (SPEC §1, §3): the platform administrator's list of notices
 * with title, display kind, targets, window, status and attachment; add, edit,
 * publish or withdraw (pushed live to the targeted users), delete.
 */
import { useState } from 'react';
import { Button, Form, Input, Tag } from 'antd';
import { can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard, type PageQuery, SearchBox, usePagedList } from '../../components/index.ts';
import { EditableTable } from '../../components/editable-table/index.ts';
import { formatTime } from '../../components/task-table/format.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { useTitle } from '../../locales/i18n.ts';
import { type NoticeRow, deleteNotices, listNotices, setNoticeStatus } from './api.ts';
import { NoticeDialog } from './NoticeDialog.tsx';
import './texts.ts';

export function NoticesPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const list = usePagedList<NoticeRow, { keyword: string }>((q: PageQuery & { keyword?: string }) => listNotices(q));
  const [editing, setEditing] = useState<NoticeRow | null | undefined>(undefined);

  const toggle = async (r: NoticeRow) => {
    try {
      await setNoticeStatus(r.id, r.status === 'published' ? 'draft' : 'published');
      feedback.success(t('common.operationSuccess'));
      void list.reload();
    } catch (err) {
      reportError(err);
    }
  };
  const windowText = (r: NoticeRow) => (r.start_at || r.end_at ? `${r.start_at ? formatTime(r.start_at) : '—'} ~ ${r.end_at ? formatTime(r.end_at) : '—'}` : '—');

  return (
    <PageCard
      title={title(node.title)}
      testId={`page-${node.key}`}
      extra={can(subject, node.key, 'add') ? <Button type="primary" onClick={() => setEditing(null)} data-testid="notice-add">{t('notices.add')}</Button> : null}
    >
      <SearchBox<{ keyword?: string }> onSearch={list.search}>
        <Form.Item name="keyword" label={t('notices.keyword')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
      </SearchBox>
      <EditableTable<NoticeRow>
        testId="notice-table"
        rowKey="id"
        {...list.tableProps}
        columns={[
          { title: t('notices.title'), dataIndex: 'title', ellipsis: true },
          { title: t('notices.kind'), dataIndex: 'is_float', width: 100, render: (v: boolean) => <Tag color={v ? 'purple' : 'blue'}>{t(v ? 'notices.float' : 'notices.banner')}</Tag> },
          { title: t('notices.targets'), dataIndex: 'customer_ids', width: 110, render: (ids: number[]) => (ids.length ? ids.length : t('notices.allTargets')) },
          { title: t('notices.window'), key: 'window', width: 300, render: (_v, r) => windowText(r) },
          { title: t('notices.attachment'), dataIndex: 'attachment_name', width: 160, ellipsis: true },
          { title: t('notices.status'), dataIndex: 'status', width: 90, render: (s: string) => <Tag color={s === 'published' ? 'green' : 'default'}>{t(`notices.${s}`)}</Tag> },
          { title: t('notices.updated'), dataIndex: 'updated_at', width: 170, render: formatTime },
        ]}
        actions={{ edit: () => can(subject, node.key, 'edit'), delete: () => can(subject, node.key, 'delete') }}
        onAction={async (action, r) => {
          if (action === 'edit') return setEditing(r);
          if (action !== 'delete') return;
          await deleteNotices([r.id]);
          feedback.success(t('common.operationSuccess'));
          void list.reload();
        }}
        extraActions={(r) =>
          can(subject, node.key, 'edit') ? (
            <Button type="link" size="small" onClick={() => void toggle(r)} data-testid="notice-toggle">
              {t(r.status === 'published' ? 'notices.withdraw' : 'notices.publish')}
            </Button>
          ) : null
        }
      />
      <NoticeDialog
        row={editing ?? null}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void list.reload();
        }}
      />
    </PageCard>
  );
}
