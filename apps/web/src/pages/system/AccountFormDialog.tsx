/**
 * The account create/change dialog (SPEC §3 account fields, §5 rules): real
 * name, owning customer, account, role, email, phone, password and
 * confirmation, enabled. Account and real name are read-only when changing.
 * The browser's checks are a convenience; the server's answer is shown as is.
 */
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { ACCOUNT_PATTERN, PASSWORD_FORM_MIN } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { type AccountRow, type Option, accountsApi } from './api.ts';
import { submitForm } from './form-submit.ts';
import { roleName } from '../../components/builtin-names.ts';

interface AccountForm {
  real_name: string;
  customer_id: number;
  name: string;
  role_id: number;
  email: string;
  phone: string;
  password?: string;
  password_confirm?: string;
  enabled: boolean;
}

export function AccountFormDialog({ open, editing, onClose, onSaved }: { open: boolean; editing: AccountRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccountForm>();
  const [options, setOptions] = useState<{ roles: Option[]; customers: Option[] }>({ roles: [], customers: [] });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    accountsApi.options().then(setOptions, () => undefined);
    form.resetFields();
    if (editing) form.setFieldsValue(editing);
  }, [open, editing, form]);

  const required = (field: string, select = false) => ({ required: true, ...(select ? { type: 'number' as const } : { whitespace: true }), message: t(select ? 'system.accounts.selectRequired' : 'system.accounts.required', { field: t(`system.accounts.${field}`) }) });

  const submit = () =>
    submitForm(form, setSaving, async (v) => {
      const fields = { customer_id: v.customer_id, role_id: v.role_id, email: v.email.trim(), phone: v.phone.trim(), enabled: v.enabled };
      if (editing) await accountsApi.update(editing.id, fields);
      else await accountsApi.create({ ...fields, name: v.name.trim(), real_name: v.real_name.trim() }, v.password ?? '', v.password_confirm ?? '');
      feedback.success(t('common.operationSuccess'));
      onSaved();
    });

  return (
    <Modal
      title={t(editing ? 'system.accounts.editTitle' : 'system.accounts.createTitle')}
      open={open}
      width={600}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'account-submit' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Form<AccountForm> form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" initialValues={{ enabled: true }} data-testid="account-form">
        <Form.Item name="real_name" label={t('system.accounts.realName')} rules={[required('realName'), { max: 100 }]}>
          <Input disabled={Boolean(editing)} data-testid="account-real-name" />
        </Form.Item>
        <Form.Item name="customer_id" label={t('system.accounts.customer')} rules={[required('customer', true)]}>
          <Select options={options.customers.map((c) => ({ value: c.id, label: c.name }))} data-testid="account-customer" />
        </Form.Item>
        <Form.Item name="name" label={t('system.accounts.name')} rules={[required('name'), { pattern: ACCOUNT_PATTERN, message: t('system.accounts.nameRule') }]}>
          <Input disabled={Boolean(editing)} data-testid="account-name" />
        </Form.Item>
        <Form.Item name="role_id" label={t('system.accounts.role')} rules={[required('role', true)]}>
          <Select options={options.roles.map((r) => ({ value: r.id, label: roleName(r.name) }))} data-testid="account-role" />
        </Form.Item>
        <Form.Item name="email" label={t('system.accounts.email')} rules={[required('email'), { type: 'email', message: t('system.accounts.emailRule') }]}>
          <Input data-testid="account-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('system.accounts.phone')} rules={[required('phone'), { max: 30 }]}>
          <Input data-testid="account-phone" />
        </Form.Item>
        {!editing && (
          <>
            <Form.Item name="password" label={t('system.accounts.password')} extra={t('password.policyHint')} rules={[required('password'), { min: PASSWORD_FORM_MIN, message: t('password.minLength') }]}>
              <Input.Password autoComplete="new-password" data-testid="account-password" />
            </Form.Item>
            <PasswordConfirm testId="account-password-confirm" />
          </>
        )}
        <Form.Item name="enabled" label={t('system.status')} valuePropName="checked">
          <Switch checkedChildren={t('system.enabled')} unCheckedChildren={t('system.disabled')} data-testid="account-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The confirmation field: it must match `password` ("The two passwords are inconsistent"). */
export function PasswordConfirm({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="password_confirm"
      label={t('system.accounts.confirmPassword')}
      dependencies={['password']}
      rules={[
        { required: true, message: t('password.confirmRequired') },
        ({ getFieldValue }) => ({
          validator: async (_, value: string | undefined) => {
            if (value && value !== getFieldValue('password')) throw new Error(t('password.inconsistent'));
          },
        }),
      ]}
    >
      <Input.Password autoComplete="new-password" data-testid={testId} />
    </Form.Item>
  );
}

/** An administrator sets a new password (the owner changes it at the next sign-in). */
export function ResetPasswordDialog({ account, onClose }: { account: AccountRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; password_confirm: string }>();
  const [saving, setSaving] = useState(false);
  const submit = () =>
    submitForm(form, setSaving, async (v) => {
      if (!account) return;
      await accountsApi.resetPassword(account.id, v.password, v.password_confirm);
      feedback.success(t('common.resetSuccess'));
      onClose();
    });
  return (
    <Modal title={`${t('system.accounts.resetTitle')} · ${account?.name ?? ''}`} open={account !== null} width={550} onOk={submit} onCancel={onClose} confirmLoading={saving} okText={t('common.ok')} cancelText={t('common.cancel')} destroyOnHidden>
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Form.Item name="password" label={t('system.accounts.password')} extra={t('password.policyHint')} rules={[{ required: true, message: t('password.newRequired') }, { min: PASSWORD_FORM_MIN, message: t('password.minLength') }]}>
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <PasswordConfirm testId="reset-password-confirm" />
      </Form>
    </Modal>
  );
}
