/**
 * The Task table of SPEC §2: search panel, batch bar and paginated table, live
 * through the socket. One platform's tasks (evaluation list pages) or every
 * platform the user may view (Tools → task ledger, Workbench → my tasks).
 */
import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { App, Button, Space, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { EVALUATIONS, can, type Platform, type TaskRow } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../PagedTable.tsx';
import { useAccessSubject } from '../../access/index.ts';
import { useSession } from '../../app/session-store.ts';
import { feedback } from '../../app/feedback.ts';
import { useLang } from '../../locales/i18n.ts';
import { cancelTask, deleteTasks, retryTask } from '../../api/tasks.ts';
import { taskAbilities } from './abilities.ts';
import { taskColumns } from './columns.tsx';
import { resultPath } from './evaluation-routes.ts';
import { TaskActions, type TaskActionHandlers } from './TaskActions.tsx';
import { TaskSearch } from './TaskSearch.tsx';
import { useTaskList } from './useTaskList.ts';
import type { TaskTableRow } from './format.ts';

export interface TaskTableProps {
  /** One platform's tasks; without it, every platform the user may view. */
  platform?: Platform;
  /** Only the user's own tasks (Workbench → my tasks). */
  mine?: boolean;
  /** The page's own permission resource (ledger pages grant row operations through it). */
  pageResource?: string;
  /** Buttons on the left of the batch bar (e.g. "new evaluation"). */
  toolbar?: ReactNode;
}

/** SPEC §9 operation column: 65 per built-in action (at most two show at once) plus 25. */
const ACTIONS_WIDTH = 65 * 2 + 25;
const CONFIRM_OK = { 'data-testid': 'confirm-ok' } as ButtonProps;

export function TaskTable({ platform, mine, pageResource, toolbar }: TaskTableProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const subject = useAccessSubject();
  const { buttons, user } = useSession();
  const list = useTaskList({ platform, mine });
  const [selected, setSelected] = useState<string[]>([]);

  const platforms = useMemo(
    () => (platform ? undefined : EVALUATIONS.filter((e) => can(subject, e.key, 'view')).map((e) => e.platform as Platform)),
    [platform, subject],
  );
  const abilities = (row: TaskRow) => taskAbilities(row, buttons, user, pageResource);
  const deleteGranted = (platform ? [platform] : (platforms ?? [])).some((p) =>
    taskAbilities({ platform: p, status: 'FINISHED', created_by: user?.user_id ?? -1 } as TaskRow, buttons, user, pageResource).delete,
  );

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      feedback.success(t('common.operationSuccess'));
    } finally {
      list.reload();
    }
  };
  const confirmDelete = (uids: string[], title: string) =>
    modal.confirm({
      title,
      okButtonProps: CONFIRM_OK,
      okType: 'danger',
      onOk: () =>
        run(() => deleteTasks(uids)).then(() => setSelected((s) => s.filter((uid) => !uids.includes(uid)))).catch(() => undefined),
    });

  const handlers: TaskActionHandlers = {
    onView: (row) => {
      const path = resultPath(row.platform, row.task_uid);
      if (path) navigate(path);
    },
    onCancel: (row) => void run(() => cancelTask(row.task_uid)).catch(() => undefined),
    onRetry: (row) => void run(() => retryTask(row.task_uid)).catch(() => undefined),
    onDelete: (row) => confirmDelete([row.task_uid], t('tasks.confirmDelete')),
  };

  const columns = [
    ...taskColumns(platform, t, lang),
    {
      key: 'actions',
      title: t('tasks.col.actions'),
      width: ACTIONS_WIDTH,
      fixed: 'right' as const,
      render: (_: unknown, row: TaskTableRow) => <TaskActions row={row} can={abilities(row)} handlers={handlers} />,
    },
  ];

  return (
    <div className="citadel-task-table" data-testid="task-table">
      <TaskSearch platforms={platforms} onSearch={list.search} />
      <div className="citadel-batch-bar" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', margin: '16px 0 12px' }}>
        <Space>
          {toolbar}
          {deleteGranted ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              data-testid="batch-delete"
              onClick={() => confirmDelete(selected, t('tasks.confirmBatchDelete'))}
            >
              {t('tasks.batchDelete')}
            </Button>
          ) : null}
        </Space>
        {selected.length > 0 ? <Typography.Text type="secondary">{t('tasks.selected', { n: selected.length })}</Typography.Text> : null}
      </div>
      <PagedTable<TaskTableRow>
        rowKey="task_uid"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.changePage}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': `task-row-${row.task_uid}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={
          deleteGranted
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (row) => ({ disabled: !abilities(row).delete }),
                preserveSelectedRowKeys: false,
              }
            : undefined
        }
      />
    </div>
  );
}
