/**
 * A table with the portal's pagination (SPEC §9): page sizes 5, 10, 15, 20, 30,
 * 40, 50 and the layout total, sizes, prev, pager, next, jumper (antd renders
 * sizes after the pager; the order is restored in CSS, see styles.css).
 */
import { Table } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZES = [5, 10, 15, 20, 30, 40, 50] as const;

export interface PagedTableProps<T extends object> extends Omit<TableProps<T>, 'pagination'> {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
}

export function PagedTable<T extends object>({ total, page, pageSize, onPageChange, className, ...rest }: PagedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      size="middle"
      {...rest}
      className={['citadel-paged-table', className].filter(Boolean).join(' ')}
      pagination={{
        current: page,
        pageSize,
        total,
        pageSizeOptions: [...PAGE_SIZES],
        showSizeChanger: true,
        showQuickJumper: true,
        showTotal: (n) => t('common.total', { total: n }),
        onChange: onPageChange,
      }}
    />
  );
}
