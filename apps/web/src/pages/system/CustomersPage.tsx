/**
 * Customer management (clients, SPEC §3): key, name, enabled, expiry and the
 * number of accounts. Disabling or expiring a customer shuts its users out at
 * once (server side). Non-admin managers see their own customer only.
 */
import { useCallback, useEffect, useState } from 'react';
import { App as AntApp, Button, Form, Input, Modal, Space, Switch, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { type CustomerRow, customersApi } from './api.ts';
import { submitForm } from './form-submit.ts';

interface CustomerForm {
  client_key: string;
  name: string;
  enabled: boolean;
  /** yyyy-mm-dd from the native date input; empty = never expires. */
  expires: string;
}

const toDay = (at: number | null) => (at === null ? '' : new Date(at).toISOString().slice(0, 10));
/** The end of the chosen day in the browser's time zone. */
const fromDay = (day: string) => (day ? new Date(`${day}T23:59:59`).getTime() : null);

export function CustomersPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const { modal } = AntApp.useApp();
  const subject = useAccessSubject();
  const [rows, setRows] = useState<CustomerRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<CustomerRow | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<CustomerForm>();
  // Changing customers is admin's alone (the server refuses anyone else).
  const admin = subject.isAdmin;

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await customersApi.list());
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const open = (row: CustomerRow | 'new') => {
    form.resetFields();
    if (row !== 'new') form.setFieldsValue({ client_key: row.client_key, name: row.name, enabled: row.enabled, expires: toDay(row.expires_at) });
    setEditing(row);
  };

  const submit = () =>
    submitForm(form, setSaving, async (v) => {
      const values = { client_key: v.client_key.trim(), name: v.name.trim(), enabled: v.enabled, expires_at: fromDay(v.expires) };
      if (editing === 'new') await customersApi.create(values);
      else if (editing) await customersApi.update(editing.id, editing.is_default ? { name: values.name } : values);
      feedback.success(t('common.operationSuccess'));
      setEditing(null);
      await load();
    });

  const confirmDelete = (row: CustomerRow) =>
    modal.confirm({
      title: t('system.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await customersApi.remove(row.id);
          feedback.success(t('common.operationSuccess'));
        } catch {
          // Shown by the request layer.
        }
        await load();
      },
    });

  const isDefault = editing !== null && editing !== 'new' && editing.is_default;
  return (
    <PageCard
      title={title(node.title)}
      testId="page-customers"
      extra={admin && can(subject, node.key, 'add') && <Button type="primary" icon={<PlusOutlined />} data-testid="customer-add" onClick={() => open('new')}>{t('system.add')}</Button>}
    >
      <Table<CustomerRow>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        data-testid="customer-table"
        columns={[
          { title: t('system.customers.key'), dataIndex: 'client_key', render: (key: string, row) => (row.is_default ? <Space>{key}<Tag>{t('system.customers.isDefault')}</Tag></Space> : key) },
          { title: t('system.customers.name'), dataIndex: 'name' },
          {
            title: t('system.status'),
            key: 'status',
            width: 160,
            render: (_: unknown, row) => (
              <Space size={4}>
                {row.enabled ? <Tag color="green">{t('system.enabled')}</Tag> : <Tag>{t('system.disabled')}</Tag>}
                {row.expired && <Tag color="red">{t('system.customers.expired')}</Tag>}
              </Space>
            ),
          },
          { title: t('system.customers.expiresAt'), dataIndex: 'expires_at', width: 140, render: (at: number | null) => (at === null ? t('system.customers.never') : toDay(at)) },
          { title: t('system.customers.accounts'), dataIndex: 'accounts', width: 100 },
          {
            title: t('system.actions'),
            key: 'actions',
            width: 65 * 2 + 25,
            render: (_: unknown, row) =>
              admin && (
                <Space size={0}>
                  {can(subject, node.key, 'edit') && <Button type="link" size="small" icon={<EditOutlined />} title={t('system.edit')} onClick={() => open(row)} />}
                  {can(subject, node.key, 'delete') && !row.is_default && <Button type="link" danger size="small" icon={<DeleteOutlined />} title={t('system.delete')} onClick={() => confirmDelete(row)} />}
                </Space>
              ),
          },
        ]}
      />
      <Modal
        title={t(editing === 'new' ? 'system.customers.createTitle' : 'system.customers.editTitle')}
        open={editing !== null}
        width={600}
        onOk={submit}
        onCancel={() => setEditing(null)}
        confirmLoading={saving}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        forceRender
      >
        <Form<CustomerForm> form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" initialValues={{ enabled: true, expires: '' }}>
          <Form.Item
            name="client_key"
            label={t('system.customers.key')}
            rules={[{ required: true, whitespace: true, message: t('system.accounts.required', { field: t('system.customers.key') }) }, { pattern: /^[A-Za-z0-9_-]{1,100}$/, message: t('system.customers.keyRule') }]}
          >
            <Input disabled={isDefault} />
          </Form.Item>
          <Form.Item name="name" label={t('system.customers.name')} rules={[{ required: true, whitespace: true, message: t('system.accounts.required', { field: t('system.customers.name') }) }, { max: 200 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="enabled" label={t('system.status')} valuePropName="checked">
            <Switch disabled={isDefault} checkedChildren={t('system.enabled')} unCheckedChildren={t('system.disabled')} />
          </Form.Item>
          <Form.Item name="expires" label={t('system.customers.expiresAt')} extra={t('system.customers.never')}>
            <Input type="date" disabled={isDefault} />
          </Form.Item>
        </Form>
      </Modal>
    </PageCard>
  );
}
