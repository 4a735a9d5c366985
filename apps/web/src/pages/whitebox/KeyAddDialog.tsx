/** Add dialog of an original key: symmetric (typed in as hex, or system generated) or asymmetric (generated pair, or an imported public key). */
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { submitForm } from '../system/form-submit.ts';
import { ASYMMETRIC, KEY_HEX_LENGTH, type KeyKind, type KeyRow, SYMMETRIC, addKey } from './api.ts';
import './texts.ts';

interface Fields {
  name: string;
  algorithm: string;
  source: string;
  key_hex?: string;
  public_key?: string;
}

export function KeyAddDialog({ kind, open, onClose, onSaved }: { kind: KeyKind; open: boolean; onClose: () => void; onSaved: (row: KeyRow) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const source = Form.useWatch('source', form);
  const algorithm = Form.useWatch('algorithm', form);
  const sources = kind === 'symmetric' ? ['generated', 'input'] : ['generated_pair', 'imported_public'];
  const hexLen = KEY_HEX_LENGTH[algorithm ?? ''] ?? 32;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = () =>
    submitForm(form, setSaving, async (v) => {
      const row = await addKey({ kind, name: v.name.trim(), source: v.source, ...(v.source !== 'imported_public' ? { algorithm: v.algorithm } : {}), ...(v.source === 'input' ? { key_hex: v.key_hex?.trim() } : {}), ...(v.source === 'imported_public' ? { public_key: v.public_key } : {}) });
      feedback.success(t('common.operationSuccess'));
      onSaved(row);
    });

  return (
    <Modal
      title={t(kind === 'symmetric' ? 'whitebox.addSymmetric' : 'whitebox.addAsymmetric')}
      open={open}
      width={600}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'wb-key-submit' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Form<Fields> form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} autoComplete="off" initialValues={{ source: sources[0], algorithm: kind === 'symmetric' ? 'AES-128' : 'RSA-2048' }}>
        <Form.Item name="name" label={t('whitebox.keyName')} rules={[{ required: true, whitespace: true, message: t('whitebox.nameRequired') }, { max: 100 }]}>
          <Input data-testid="wb-key-name" onBlur={(e) => form.setFieldValue('name', e.target.value.trim())} />
        </Form.Item>
        <Form.Item name="source" label={t('whitebox.source')}>
          <Radio.Group data-testid="wb-key-source" options={sources.map((s) => ({ value: s, label: t(`whitebox.sources.${s}`) }))} />
        </Form.Item>
        {source !== 'imported_public' && (
          <Form.Item name="algorithm" label={t('whitebox.algorithm')}>
            <Select data-testid="wb-key-algorithm" options={(kind === 'symmetric' ? SYMMETRIC : ASYMMETRIC).map((a) => ({ value: a, label: a }))} />
          </Form.Item>
        )}
        {source === 'input' && (
          <Form.Item
            name="key_hex"
            label={t('whitebox.keyHex')}
            extra={t('whitebox.keyHexHint', { n: hexLen })}
            dependencies={['algorithm']}
            rules={[{ required: true, pattern: new RegExp(`^\\s*[0-9a-fA-F]{${hexLen}}\\s*$`), message: t('whitebox.keyHexBad', { n: hexLen }) }]}
          >
            <Input.Password visibilityToggle={false} autoComplete="off" data-testid="wb-key-hex" />
          </Form.Item>
        )}
        {source === 'imported_public' && (
          <Form.Item name="public_key" label={t('whitebox.publicKey')} extra={t('whitebox.publicKeyHint')} rules={[{ required: true, whitespace: true, message: t('whitebox.publicKeyRequired') }, { max: 20000 }]}>
            <Input.TextArea rows={6} data-testid="wb-key-public" />
          </Form.Item>
        )}
      </Form>
      <Alert type="info" showIcon message={t('whitebox.secretNotice')} />
    </Modal>
  );
}
