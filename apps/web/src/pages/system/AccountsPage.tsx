/**
 * Account management (system/systemAccout): search with Reset and Query, the
 * paged table, create and change dialogs, lock/unlock, enable/disable, reset
 * password and delete behind the SPEC §8 warning that the account's detection
 * tasks go too. Buttons follow the granted operations; the server decides.
 */
import { useState } from 'react';
import { App as AntApp, Button, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, LockOutlined, PlusOutlined, StopOutlined, CheckCircleOutlined, UnlockOutlined } from '@ant-design/icons';
import { can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { KeywordSearch, PageCard, PagedTable, usePagedList } from '../../components/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { useSession } from '../../app/session-store.ts';
import { useTitle } from '../../locales/i18n.ts';
import { AccountFormDialog, ResetPasswordDialog } from './AccountFormDialog.tsx';
import { type AccountRow, accountsApi } from './api.ts';
import { formatTime } from '../../components/task-table/format.ts';
import { roleName } from '../../components/builtin-names.ts';

const when = (at: number | null) => formatTime(at);

export function AccountsPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const { modal } = AntApp.useApp();
  const subject = useAccessSubject();
  const session = useSession();
  const me = session.user?.name;
  const list = usePagedList<AccountRow, { search: string }>(accountsApi.list);
  const load = list.reload;
  const [dialog, setDialog] = useState<{ open: boolean; editing: AccountRow | null }>({ open: false, editing: null });
  const [resetting, setResetting] = useState<AccountRow | null>(null);
  const allowed = (op: 'add' | 'edit' | 'delete') => can(subject, node.key, op);

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      feedback.success(t('common.operationSuccess'));
    } catch {
      // Shown by the request layer.
    }
    await load();
  };

  const confirmDelete = (row: AccountRow) =>
    modal.confirm({
      title: t('system.deleteConfirm'),
      content: t('system.accounts.deleteWarning'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'account-delete-ok' } as object) },
      onOk: () => act(() => accountsApi.remove(row.id)),
    });

  const self = (row: AccountRow) => row.name === me;

  return (
    <PageCard
      title={title(node.title)}
      testId="page-accounts"
      extra={
        allowed('add') && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="account-add" onClick={() => setDialog({ open: true, editing: null })}>
            {t('system.add')}
          </Button>
        )
      }
    >
      <KeywordSearch name="search" label={t('system.accounts.search')} placeholder={t('system.accounts.searchPlaceholder')} testId="account-search" width={220} onSearch={list.search} />
      <PagedTable<AccountRow>
        rowKey="id"
        {...list.tableProps}
        data-testid="account-table"
        onRow={(row) => ({ 'data-testid': `account-row-${row.name}` }) as object}
        columns={[
          { title: t('system.accounts.name'), dataIndex: 'name', ellipsis: true },
          { title: t('system.accounts.realName'), dataIndex: 'real_name', ellipsis: true },
          { title: t('system.accounts.customer'), dataIndex: 'customer_name', ellipsis: true },
          { title: t('system.accounts.role'), dataIndex: 'role_name', ellipsis: true, render: (v: string) => roleName(v) },
          { title: t('system.accounts.email'), dataIndex: 'email', ellipsis: true },
          { title: t('system.accounts.phone'), dataIndex: 'phone', width: 140 },
          {
            title: t('system.status'),
            key: 'status',
            width: 140,
            render: (_: unknown, row: AccountRow) => (
              <Space size={4}>
                {row.enabled ? <Tag color="green">{t('system.enabled')}</Tag> : <Tag data-testid="account-disabled-tag">{t('system.disabled')}</Tag>}
                {row.locked && <Tag color="red">{t('system.accounts.locked')}</Tag>}
              </Space>
            ),
          },
          { title: t('system.accounts.lastLogin'), dataIndex: 'last_login_at', width: 170, render: when },
          {
            title: t('system.actions'),
            key: 'actions',
            width: 65 * 5 + 25,
            render: (_: unknown, row: AccountRow) => (
              <Space size={0}>
                {allowed('edit') && (
                  <Button type="link" size="small" icon={<EditOutlined />} title={t('system.edit')} data-testid="account-edit" onClick={() => setDialog({ open: true, editing: row })} />
                )}
                {allowed('edit') && !self(row) && !row.is_admin && (
                  <Button
                    type="link"
                    size="small"
                    icon={row.enabled ? <StopOutlined /> : <CheckCircleOutlined />}
                    title={t(row.enabled ? 'system.accounts.disable' : 'system.accounts.enable')}
                    data-testid={row.enabled ? 'account-disable' : 'account-enable'}
                    onClick={() => void act(() => accountsApi.enable(row.id, !row.enabled))}
                  />
                )}
                {allowed('edit') && !self(row) && !row.is_admin && (
                  <Button
                    type="link"
                    size="small"
                    icon={row.locked ? <UnlockOutlined /> : <LockOutlined />}
                    title={t(row.locked ? 'system.accounts.unlock' : 'system.accounts.lock')}
                    data-testid={row.locked ? 'account-unlock' : 'account-lock'}
                    onClick={() => void act(() => accountsApi.lock(row.id, !row.locked))}
                  />
                )}
                {allowed('edit') && (
                  <Button type="link" size="small" icon={<KeyOutlined />} title={t('system.accounts.resetPassword')} data-testid="account-reset" onClick={() => setResetting(row)} />
                )}
                {allowed('delete') && !self(row) && !row.is_default && (subject.isAdmin || row.own) && (
                  <Button type="link" danger size="small" icon={<DeleteOutlined />} title={t('system.delete')} data-testid="account-delete" onClick={() => confirmDelete(row)} />
                )}
              </Space>
            ),
          },
        ]}
      />
      <AccountFormDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={() => {
          setDialog({ open: false, editing: null });
          void load();
        }}
      />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
    </PageCard>
  );
}
