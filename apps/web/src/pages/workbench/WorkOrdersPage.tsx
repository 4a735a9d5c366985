/**
 * Work orders: Workbench → pending orders and completed orders (the orders the
 * user submitted or handles) and Tools → work-order ledger (the customer's
 * orders). Submit an order, remind handlers one by one or in a batch behind
 * "确认批量催单吗？", link the task that answers an order (it completes when
 * that task finishes), delete from the ledger. Buttons follow the route's
 * granted operations; the server enforces them.
 */
import { useCallback, useState } from 'react';
import { App as AntApp, Button, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { BellOutlined, DeleteOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { can, type RouteNode, type WorkOrderRow, type WorkOrderView } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeywordSearch, PageCard, PagedTable, usePagedList } from '../../components/index.ts';
import { formatTime, resultPath } from '../../components/task-table/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { deleteWorkOrders, linkWorkOrderTask, listWorkOrders, remindWorkOrders } from '../home/api.ts';
import '../home/texts.ts';
import { WorkOrderFormDialog } from './WorkOrderFormDialog.tsx';

const VIEWS: Record<string, WorkOrderView> = { 'workbench-pending': 'pending', 'workbench-completed': 'completed', 'tools-workorders': 'ledger' };

export function WorkOrdersPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const { modal } = AntApp.useApp();
  const subject = useAccessSubject();
  const view = VIEWS[node.page ?? ''] ?? 'pending';
  const [selected, setSelected] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);

  const canCreate = view === 'ledger' ? can(subject, node.key, 'add') : view === 'pending' && can(subject, node.key, 'edit');
  const canRemind = view !== 'completed' && can(subject, node.key, 'edit');
  const canDelete = view === 'ledger' && can(subject, node.key, 'delete');

  const fetchPage = useCallback((q: { page: number; page_size: number; keyword?: string }) => listWorkOrders({ view, ...q }), [view]);
  const list = usePagedList<WorkOrderRow, { keyword: string }>(fetchPage);
  const load = list.reload;

  const remind = (ids: number[], batch: boolean) => {
    if (ids.length === 0) return feedback.warning(t('dash.wo.selectFirst'));
    modal.confirm({
      title: batch ? t('dash.wo.batchRemindConfirm') : t('dash.wo.remindConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { ...({ 'data-testid': 'wo-remind-ok' } as Record<`data-${string}`, string>) },
      onOk: async () => {
        const { reminded } = await remindWorkOrders(ids);
        feedback.success(t('dash.wo.reminded', { n: reminded }));
        setSelected([]);
        await load();
      },
    });
  };

  const link = (row: WorkOrderRow) => {
    let uid = '';
    modal.confirm({
      title: t('dash.wo.link'),
      content: <Input placeholder={t('dash.wo.linkPlaceholder')} data-testid="wo-link-input" onChange={(e) => (uid = e.target.value.trim())} />,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!uid) return;
        await linkWorkOrderTask(row.id, uid);
        feedback.success(t('common.operationSuccess'));
        await load();
      },
    });
  };

  const remove = (ids: number[]) =>
    modal.confirm({
      title: ids.length > 1 ? t('tasks.confirmBatchDelete') : t('dash.wo.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteWorkOrders(ids);
        feedback.success(t('common.operationSuccess'));
        setSelected([]);
        await load();
      },
    });

  return (
    <PageCard
      title={title(node.title)}
      testId={`page-workorders-${view}`}
      extra={
        <Space>
          {canRemind && (
            <Button icon={<BellOutlined />} data-testid="wo-batch-remind" disabled={selected.length === 0} onClick={() => remind(selected, true)}>
              {t('dash.wo.batchRemind')}
            </Button>
          )}
          {canDelete && (
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => remove(selected)}>
              {t('tasks.batchDelete')}
            </Button>
          )}
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} data-testid="wo-create" onClick={() => setCreating(true)}>
              {t('dash.wo.create')}
            </Button>
          )}
        </Space>
      }
    >
      <KeywordSearch name="keyword" label={t('dash.wo.title')} testId="wo-search" onSearch={list.search} />
      <PagedTable<WorkOrderRow>
        rowKey="id"
        {...list.tableProps}
        data-testid="wo-table"
        // Every column has a width and the table scrolls past their sum (selection included): below it the
        // unsized title and target columns collapsed to 0 px and the time slid under the sticky actions.
        scroll={{ x: 1720 }}
        {...(canRemind || canDelete
          ? { rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r: WorkOrderRow) => ({ disabled: !canDelete && r.status !== 'pending' }) } }
          : {})}
        columns={[
          { title: t('dash.wo.title'), dataIndex: 'title', width: 220, ellipsis: true, render: (v: string, r) => <span data-testid={`wo-row-${r.id}`}>{v}</span> },
          { title: t('dash.platform'), dataIndex: 'platform', width: 130, render: (p: string) => t(`dash.platforms.${p}`, { defaultValue: p }) },
          { title: t('dash.wo.target'), dataIndex: 'target', width: 200, ellipsis: true },
          { title: t('dash.wo.submitter'), dataIndex: 'submitter_name', width: 120 },
          { title: t('dash.wo.handler'), dataIndex: 'handler_name', width: 120, render: (v: string) => v || <Typography.Text type="secondary">{t('dash.wo.unassigned')}</Typography.Text> },
          {
            title: t('dash.wo.dueAt'),
            dataIndex: 'due_at',
            width: 170,
            render: (v: number | null, r) => (
              <Space size={4}>
                {formatTime(v)}
                {r.overdue && <Tag color="red">{t('dash.wo.overdue')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('dash.wo.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: string, r) => (
              <Tag color={s === 'completed' ? 'success' : 'processing'} data-testid={`wo-status-${r.id}`}>
                {t(`dash.wo.${s}`)}
              </Tag>
            ),
          },
          {
            title: t('dash.wo.reminders'),
            dataIndex: 'reminders',
            width: 100,
            render: (n: number, r) => (
              <Tooltip title={r.last_reminded_at ? `${t('dash.wo.lastReminded')}: ${formatTime(r.last_reminded_at)}` : undefined}>
                <span data-testid={`wo-reminders-${r.id}`}>{n}</span>
              </Tooltip>
            ),
          },
          {
            title: t('dash.wo.tasks'),
            key: 'tasks',
            width: 200,
            render: (_: unknown, r) => (
              <Space size={2} wrap>
                {r.tasks.map((task) => {
                  const to = task.status === 'FINISHED' ? resultPath(r.platform as never, task.task_uid) : undefined;
                  return <Tag key={task.task_uid}>{to ? <Link to={to}>{task.name || task.task_uid}</Link> : task.name || task.task_uid}</Tag>;
                })}
              </Space>
            ),
          },
          { title: view === 'completed' ? t('dash.wo.completedAt') : t('dash.wo.createdAt'), key: 'when', width: 170, render: (_: unknown, r) => formatTime(view === 'completed' ? r.completed_at : r.created_at) },
          {
            title: t('samples.actions'),
            key: 'actions',
            width: 65 * 2 + 25,
            fixed: 'right',
            render: (_: unknown, r) =>
              r.status === 'pending' && canRemind ? (
                <Space size={4}>
                  <Button type="link" size="small" icon={<BellOutlined />} title={t('dash.wo.remind')} data-testid={`wo-remind-${r.id}`} onClick={() => remind([r.id], false)} />
                  <Button type="link" size="small" icon={<LinkOutlined />} title={t('dash.wo.link')} data-testid={`wo-link-${r.id}`} onClick={() => link(r)} />
                </Space>
              ) : null,
          },
        ]}
      />
      {creating && (
        <WorkOrderFormDialog
          onClose={(saved) => {
            setCreating(false);
            if (saved) void load();
          }}
        />
      )}
    </PageCard>
  );
}
