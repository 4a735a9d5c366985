/**
 * Change-password dialog (SPEC §5), 550px wide: old, new, confirm. The new
 * password needs 6+ characters in the form and passes the server policy (checked
 * on blur via /aa/asyncCheckPassword, its msg shown on failure); the confirmation
 * must match; old and new must differ. Success shows 操作成功 and signs out.
 */
import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERROR_CATALOGUE, PASSWORD_FORM_MIN } from '@citadel/contracts';
import { changePassword, checkPasswordPolicy } from '../../api/auth.ts';
import { reportError } from '../../api/request.ts';
import { feedback } from '../feedback.ts';
import { signOut } from '../session.ts';
import { useLang } from '../../locales/i18n.ts';

export const PASSWORD_DIALOG_WIDTH = 550;

interface PasswordForm {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

export function ChangePasswordDialog({ open, mustChange, onClose }: { open: boolean; mustChange?: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);

  const serverPolicy = async (_: unknown, value: string | undefined) => {
    if (!value || value.length < PASSWORD_FORM_MIN) return;
    let answer: { pass: boolean; msg: string };
    try {
      answer = await checkPasswordPolicy(value);
    } catch (err) {
      reportError(err);
      return;
    }
    if (!answer.pass) throw new Error(answer.msg);
  };

  const submit = async () => {
    let values: PasswordForm;
    try {
      values = await form.validateFields();
    } catch {
      feedback.error(t('password.formInvalid'));
      return;
    }
    setSaving(true);
    try {
      await changePassword(values.old_password, values.new_password);
      feedback.success(t('common.operationSuccess'));
      form.resetFields();
      onClose();
      await signOut();
    } catch (err) {
      reportError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('password.title')}
      open={open}
      width={PASSWORD_DIALOG_WIDTH}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      closable={!mustChange}
      mask={{ closable: !mustChange }}
      cancelButtonProps={{ style: mustChange ? { display: 'none' } : undefined }}
      okButtonProps={{ 'data-testid': 'password-submit' }}
      destroyOnHidden
      data-testid="password-dialog"
    >
      {mustChange ? <Alert type="warning" showIcon className="citadel-password__notice" title={t('password.mustChange')} /> : null}
      <Form<PasswordForm> form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" data-testid="password-form">
        <Form.Item name="old_password" label={t('password.oldPassword')} rules={[{ required: true, message: t('password.oldRequired') }]}>
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('password.newPassword')}
          extra={t('password.policyHint')}
          validateTrigger={['onChange', 'onBlur']}
          validateFirst
          rules={[
            { required: true, message: t('password.newRequired') },
            { min: PASSWORD_FORM_MIN, message: t('password.minLength') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value === getFieldValue('old_password')) throw new Error(ERROR_CATALOGUE.password_same_as_old[lang]);
              },
            }),
            { validateTrigger: 'onBlur', validator: serverPolicy },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('password.confirmPassword')}
          dependencies={['new_password']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value !== getFieldValue('new_password')) throw new Error(t('password.inconsistent'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
