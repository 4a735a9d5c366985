/**
 * Hardening strategies of one type (template view, SPEC §2): the built-in
 * presets (read-only, can be copied) and the customer's own strategies; "add
 * strategy" opens the strategy editor.
 */
import { Button, Form, Input, Tag } from 'antd';
import { can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard, SearchBox, usePagedList } from '../../components/index.ts';
import { EditableTable } from '../../components/editable-table/index.ts';
import { formatTime } from '../../components/task-table/format.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { useTitle } from '../../locales/i18n.ts';
import { type StrategyRow, deleteStrategies, listStrategies } from './api.ts';
import { TYPE_OF, shieldPaths, slugOf } from './paths.ts';
import './texts.ts';

export function StrategyListPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const navigate = useNavigate();
  const slug = slugOf(node.page);
  const type = TYPE_OF[slug] ?? 'h5';
  const list = usePagedList<StrategyRow, { keyword: string }>((q) => listStrategies(type, q), 10, [type]);
  const editor = shieldPaths(slug).templateAdd;

  return (
    <PageCard
      title={title(node.title)}
      testId={`page-${node.key}`}
      extra={
        can(subject, node.key, 'add') ? (
          <Button type="primary" onClick={() => void navigate(editor)} data-testid="shield-strategy-add">
            {t('shield.addStrategy')}
          </Button>
        ) : null
      }
    >
      <SearchBox<{ keyword?: string }> onSearch={list.search}>
        <Form.Item name="keyword" label={t('shield.name')}>
          <Input allowClear maxLength={50} />
        </Form.Item>
      </SearchBox>
      <EditableTable<StrategyRow>
        testId="shield-strategy-table"
        rowKey="id"
        {...list.tableProps}
        columns={[
          { title: t('shield.name'), dataIndex: 'name', width: 180, render: (v: string, r) => (r.is_default ? <>{v} <Tag>{t('shield.builtIn')}</Tag></> : v) },
          { title: t('shield.description'), dataIndex: 'description' },
          { title: t('shield.finishedAt'), dataIndex: 'updated_at', width: 165, render: (v: number) => (v ? formatTime(v) : '-') },
        ]}
        actions={{
          view: () => true,
          edit: (r) => !r.is_default && can(subject, node.key, 'edit'),
          delete: (r) => !r.is_default && can(subject, node.key, 'delete'),
        }}
        onAction={async (action, r) => {
          if (action === 'view') return void navigate(`${editor}?${r.is_default ? 'from' : 'id'}=${encodeURIComponent(r.id)}&readonly=1`);
          if (action === 'edit') return void navigate(`${editor}?id=${encodeURIComponent(r.id)}`);
          if (action === 'delete') {
            try {
              await deleteStrategies(type, [Number(r.id)]);
              feedback.success(t('common.operationSuccess'));
              void list.reload();
            } catch (err) {
              reportError(err);
            }
          }
        }}
      />
    </PageCard>
  );
}
