/**
 * Role management (system/permission): roles with their modules and linked
 * account counts; create and change in a dialog with the module picker; delete
 * behind a confirmation (the server refuses built-in roles and roles with
 * linked accounts, SPEC §5).
 */
import { useCallback, useEffect, useState } from 'react';
import { App as AntApp, Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { can, type PermissionEntry, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { PermissionPicker } from './PermissionPicker.tsx';
import { type RoleRow, rolesApi } from './api.ts';
import { submitForm } from './form-submit.ts';
import { roleDescription, roleName } from '../../components/builtin-names.ts';

interface RoleForm {
  name: string;
  description?: string;
  permissions: PermissionEntry[];
}

export function RolesPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const { modal } = AntApp.useApp();
  const subject = useAccessSubject();
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<RoleForm>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRoles(await rolesApi.list());
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const open = (role: RoleRow | 'new') => {
    form.resetFields();
    if (role !== 'new') form.setFieldsValue({ name: role.name, description: role.description, permissions: role.permissions });
    setEditing(role);
  };

  const submit = () =>
    submitForm(form, setSaving, async (v) => {
      const values = { name: v.name.trim(), description: v.description?.trim() ?? '', permissions: v.permissions };
      if (editing === 'new') await rolesApi.create(values);
      else if (editing) await rolesApi.update(editing.id, values);
      feedback.success(t('common.operationSuccess'));
      setEditing(null);
      await load();
    });

  const confirmDelete = (role: RoleRow) =>
    modal.confirm({
      title: t('system.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'role-delete-ok' } as object) },
      onOk: async () => {
        try {
          await rolesApi.remove(role.id);
          feedback.success(t('common.operationSuccess'));
        } catch {
          // Shown by the request layer (role has accounts, built-in role).
        }
        await load();
      },
    });

  return (
    <PageCard
      title={title(node.title)}
      testId="page-roles"
      extra={
        can(subject, node.key, 'add') && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="role-add" onClick={() => open('new')}>
            {t('system.add')}
          </Button>
        )
      }
    >
      <Table<RoleRow>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={roles}
        pagination={false}
        data-testid="role-table"
        onRow={(row) => ({ 'data-testid': `role-row-${row.name}` }) as object}
        columns={[
          { title: t('system.roles.name'), dataIndex: 'name', render: (name: string, row) => (row.is_default ? <Space>{roleName(name)}<Tag>{t('system.roles.builtIn')}</Tag></Space> : name) },
          { title: t('system.roles.description'), dataIndex: 'description', ellipsis: true, render: (d: string, row) => (row.is_default ? roleDescription(row.name, d) : d) },
          { title: t('system.roles.modules'), key: 'modules', width: 120, render: (_: unknown, row) => row.permissions.length },
          { title: t('system.roles.accounts'), dataIndex: 'accounts', width: 120 },
          {
            title: t('system.actions'),
            key: 'actions',
            width: 65 * 2 + 25,
            render: (_: unknown, row) => (
              <Space size={0}>
                {can(subject, node.key, 'edit') && <Button type="link" size="small" icon={<EditOutlined />} title={t('system.edit')} data-testid="role-edit" onClick={() => open(row)} />}
                {can(subject, node.key, 'delete') && !row.is_default && (
                  <Button type="link" danger size="small" icon={<DeleteOutlined />} title={t('system.delete')} data-testid="role-delete" onClick={() => confirmDelete(row)} />
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={t(editing === 'new' ? 'system.roles.createTitle' : 'system.roles.editTitle')}
        open={editing !== null}
        width={900}
        onOk={submit}
        onCancel={() => setEditing(null)}
        confirmLoading={saving}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'role-submit' } as Record<`data-${string}`, string>}
        forceRender
      >
        <Form<RoleForm> form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 19 }} autoComplete="off" initialValues={{ permissions: [] }} data-testid="role-form">
          <Form.Item name="name" label={t('system.roles.name')} rules={[{ required: true, whitespace: true, message: t('system.accounts.required', { field: t('system.roles.name') }) }, { max: 100 }]}>
            <Input data-testid="role-name" />
          </Form.Item>
          <Form.Item name="description" label={t('system.roles.description')} rules={[{ max: 500 }]}>
            <Input data-testid="role-description" />
          </Form.Item>
          <Form.Item
            name="permissions"
            label={t('system.roles.permissions')}
            rules={[{ validator: async (_, v: PermissionEntry[] | undefined) => { if (!v || v.length === 0) throw new Error(t('system.roles.pickOne')); } }]}
          >
            <PermissionPicker />
          </Form.Item>
        </Form>
      </Modal>
    </PageCard>
  );
}
