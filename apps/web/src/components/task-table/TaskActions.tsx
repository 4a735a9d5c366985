/** Row actions of the task table: view result, cancel, retry, delete (each only when allowed). */
import { Space } from 'antd';
import { DeleteOutlined, EyeOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import type { TaskRow } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../IconButton.tsx';
import type { TaskAbilities } from './abilities.ts';

export interface TaskActionHandlers {
  onView: (row: TaskRow) => void;
  onCancel: (row: TaskRow) => void;
  onRetry: (row: TaskRow) => void;
  onDelete: (row: TaskRow) => void;
}

export function TaskActions({ row, can, handlers }: { row: TaskRow; can: TaskAbilities; handlers: TaskActionHandlers }) {
  const { t } = useTranslation();
  const uid = row.task_uid;
  return (
    <Space size={0}>
      {can.view ? <IconButton icon={<EyeOutlined />} tip={t('tasks.action.view')} onClick={() => handlers.onView(row)} data-testid={`task-action-view-${uid}`} /> : null}
      {can.cancel ? <IconButton icon={<StopOutlined />} tip={t('tasks.action.cancel')} onClick={() => handlers.onCancel(row)} data-testid={`task-action-cancel-${uid}`} /> : null}
      {can.retry ? <IconButton icon={<RedoOutlined />} tip={t('tasks.action.retry')} onClick={() => handlers.onRetry(row)} data-testid={`task-action-retry-${uid}`} /> : null}
      {can.delete ? (
        <IconButton icon={<DeleteOutlined />} tip={t('tasks.action.delete')} danger onClick={() => handlers.onDelete(row)} data-testid={`task-action-delete-${uid}`} />
      ) : null}
    </Space>
  );
}
