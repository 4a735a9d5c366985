/**
 * A whitelist screen (SO, resource files, debug-log functions, global): the
 * entries (file type, pattern, add time, enabled) with enable/disable (lock)
 * and delete, and a validated table to add several rows at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { EditableTable, ValidatedTable, type ValidatedTableHandle } from '../../components/editable-table/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { GLOBAL_FILE_TYPES, type WhitelistList, type WhitelistRow, deleteWhitelist, listWhitelist, saveWhitelist } from './api.ts';
import './texts.ts';
import { formatTime } from '../../components/task-table/format.ts';

const LIST_OF_PAGE: Record<string, WhitelistList> = { so: 'so', resource: 'resource', debuglog: 'debuglog', global: 'global' };

export function WhitelistPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const list = LIST_OF_PAGE[node.page?.split(':')[1] ?? ''] ?? 'global';
  const adder = useRef<ValidatedTableHandle>(null);
  const [query, setQuery] = useState({ page: 1, page_size: 10 });
  const [data, setData] = useState<{ total: number; list: WhitelistRow[] }>({ total: 0, list: [] });

  const load = useCallback(async () => {
    try {
      setData(await listWhitelist({ list, ...query }));
    } catch {
      // shown by the request layer
    }
  }, [list, query]);
  useEffect(() => void load(), [load]);

  const add = async () => {
    const rows = adder.current?.validate();
    if (!rows) return;
    await saveWhitelist(list, rows.map((r) => ({ pattern: r.pattern!, remark: r.remark ?? '', ...(list === 'global' ? { file_type: r.file_type! } : {}) })));
    feedback.success(t('common.operationSuccess'));
    adder.current?.reset();
    await load();
  };

  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      {can(subject, node.key, 'add') ? (
        <div style={{ marginBottom: 16 }}>
          <ValidatedTable
            ref={adder}
            testId="whitelist-add"
            columns={[
              ...(list === 'global' ? [{ key: 'file_type', title: t('testing.fileType'), required: true, width: 180, options: GLOBAL_FILE_TYPES.map((f) => ({ value: f, label: t(`testing.fileTypes.${f}`) })) }] : []),
              { key: 'pattern', title: t('testing.pattern'), required: true, placeholder: t('testing.patternHint') },
              { key: 'remark', title: t('testing.remark') },
            ]}
          />
          <Space style={{ marginTop: 8 }}>
            <Button type="primary" onClick={() => void add().catch(() => undefined)} data-testid="whitelist-save">
              {t('testing.save')}
            </Button>
          </Space>
        </div>
      ) : null}
      <EditableTable<WhitelistRow>
        testId="whitelist-table"
        rowKey="id"
        dataSource={data.list}
        total={data.total}
        page={query.page}
        pageSize={query.page_size}
        onPageChange={(page, page_size) => setQuery({ page, page_size })}
        columns={[
          { title: t('testing.fileType'), dataIndex: 'file_type', width: 160, render: (v: string) => t(`testing.fileTypes.${v}`) },
          { title: t('testing.pattern'), dataIndex: 'pattern', render: (v: string, r) => (r.client_key === 'default' ? <>{v} <Tag>{t('testing.shared')}</Tag></> : v) },
          { title: t('testing.remark'), dataIndex: 'remark' },
          { title: t('testing.addTime'), dataIndex: 'created_at', width: 180, render: (v: number) => formatTime(v) },
          { title: t('testing.enabled'), dataIndex: 'enabled', width: 90, render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'testing.on' : 'testing.off')}</Tag> },
        ]}
        actions={{ lock: (r) => r.editable && can(subject, node.key, 'edit'), delete: (r) => r.deletable && can(subject, node.key, 'delete') }}
        onAction={async (action, r) => {
          if (action === 'lock') await saveWhitelist(list, [{ id: r.id, file_type: r.file_type, pattern: r.pattern, remark: r.remark, enabled: !r.enabled }]);
          else if (action === 'delete') await deleteWhitelist(list, [r.id]);
          feedback.success(t('common.operationSuccess'));
          await load();
        }}
      />
    </PageCard>
  );
}
