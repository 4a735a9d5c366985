/**
 * The editable data table of SPEC §2: the portal's paged table plus an
 * operation column of row actions (view, edit, lock, download, delete) shown
 * per row by the caller's predicates; delete asks "Are you sure to delete?"
 * first. Width follows SPEC §9: 65 per built-in action plus 25.
 */
import type { ReactNode } from 'react';
import { App as AntApp, Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PagedTableProps } from '../PagedTable.tsx';
import './texts.ts';

export const ROW_ACTIONS = ['view', 'edit', 'lock', 'download', 'delete'] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

export interface EditableTableProps<T extends object> extends Omit<PagedTableProps<T>, 'columns'> {
  columns: ColumnsType<T>;
  /** The actions offered, each shown on a row when its predicate (if any) says so. */
  actions: Partial<Record<RowAction, (row: T) => boolean>>;
  onAction: (action: RowAction, row: T) => void | Promise<void>;
  /** Extra named actions rendered after the built-in ones. */
  extraActions?: (row: T) => ReactNode;
  testId?: string;
}

export function EditableTable<T extends object>({ columns, actions, onAction, extraActions, testId, ...rest }: EditableTableProps<T>) {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const offered = ROW_ACTIONS.filter((a) => actions[a]);
  const run = (action: RowAction, row: T) => {
    if (action !== 'delete') return void onAction(action, row);
    modal.confirm({
      title: t('table.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'table-delete-ok' } as Record<`data-${string}`, string>) },
      onOk: () => onAction('delete', row),
    });
  };
  const operation: ColumnsType<T>[number] = {
    title: t('table.actions'),
    key: '__actions',
    width: 65 * offered.length + (extraActions ? 120 : 0) + 25,
    render: (_: unknown, row: T) => (
      <Space size={0}>
        {offered.map((a) =>
          actions[a]!(row) ? (
            <Button key={a} type="link" size="small" danger={a === 'delete'} onClick={() => run(a, row)} data-testid={`row-${a}`}>
              {t(`table.${a}`)}
            </Button>
          ) : null,
        )}
        {extraActions?.(row)}
      </Space>
    ),
  };
  return (
    <div data-testid={testId}>
      <PagedTable<T> {...rest} columns={[...columns, operation]} />
    </div>
  );
}
