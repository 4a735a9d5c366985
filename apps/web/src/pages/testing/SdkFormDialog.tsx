/**
 * The add/edit dialog of a third-party SDK: name (trimmed on blur), category,
 * Android/Harmony package prefixes, iOS frameworks and class prefixes (tag
 * inputs: Enter or an English comma adds one), enabled. At least one prefix is
 * needed, or the engines could never recognise the SDK; the server checks the
 * same and the prefix syntax.
 */
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { SDK_CATEGORIES } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { submitForm } from '../system/form-submit.ts';
import { type SdkRow, saveSdk } from './api.ts';
import './texts.ts';

type SdkFields = Pick<SdkRow, 'name' | 'category' | 'packages' | 'ios_frameworks' | 'ios_class_prefixes' | 'enabled'>;

/** The editable fields of a listed row (what /rules/sdkSave takes). */
export const sdkFields = ({ name, category, packages, ios_frameworks, ios_class_prefixes, enabled }: SdkRow): SdkFields => ({ name, category, packages, ios_frameworks, ios_class_prefixes, enabled });

const PREFIX_FIELDS = [
  ['packages', 'testing.sdk.packagesLabel', 'com.example.sdk'],
  ['ios_frameworks', 'testing.sdk.frameworksLabel', 'ExampleSDK'],
  ['ios_class_prefixes', 'testing.sdk.classPrefixesLabel', 'EXS'],
] as const;

export function SdkFormDialog({ editing, onClose, onSaved }: { editing: SdkRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SdkFields>();
  const [saving, setSaving] = useState(false);
  const row = editing === 'new' ? undefined : (editing ?? undefined);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (row) form.setFieldsValue(sdkFields(row));
  }, [editing, row, form]);

  const anyPrefix = () => ({
    validator: () => {
      const v = form.getFieldsValue(['packages', 'ios_frameworks', 'ios_class_prefixes']) as Partial<SdkFields>;
      const n = (v.packages?.length ?? 0) + (v.ios_frameworks?.length ?? 0) + (v.ios_class_prefixes?.length ?? 0);
      return n > 0 ? Promise.resolve() : Promise.reject(new Error(t('testing.sdk.prefixRequired')));
    },
  });

  const submit = () =>
    submitForm(form, setSaving, async (v) => {
      const clean = (list: string[] | undefined) => [...new Set((list ?? []).map((s) => s.trim()).filter(Boolean))];
      await saveSdk({ ...(row ? { id: row.id } : {}), name: v.name.trim(), category: v.category, packages: clean(v.packages), ios_frameworks: clean(v.ios_frameworks), ios_class_prefixes: clean(v.ios_class_prefixes), enabled: v.enabled });
      feedback.success(t('common.operationSuccess'));
      onSaved();
    });

  return (
    <Modal
      title={t(row ? 'testing.sdk.editTitle' : 'testing.sdk.addTitle')}
      open={editing !== null}
      width={640}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'sdk-submit' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Form<SdkFields> form={form} labelCol={{ span: 7 }} wrapperCol={{ span: 16 }} autoComplete="off" initialValues={{ enabled: true, packages: [], ios_frameworks: [], ios_class_prefixes: [] }} data-testid="sdk-form">
        <Form.Item name="name" label={t('testing.sdkName')} rules={[{ required: true, whitespace: true, message: t('testing.sdk.nameRequired') }, { max: 200 }]}>
          <Input data-testid="sdk-name" onBlur={(e) => form.setFieldValue('name', e.target.value.trim())} />
        </Form.Item>
        <Form.Item name="category" label={t('testing.category')} rules={[{ required: true, message: t('testing.sdk.categoryRequired') }]}>
          <Select options={SDK_CATEGORIES.map((c) => ({ value: c, label: t(`testing.categories.${c}`) }))} data-testid="sdk-category" />
        </Form.Item>
        {PREFIX_FIELDS.map(([name, label, example], i) => (
          <Form.Item
            key={name}
            name={name}
            label={t(label)}
            // The rule sits on the first field; the dependencies re-check it when any of them gets a value.
            dependencies={PREFIX_FIELDS.filter(([other]) => other !== name).map(([other]) => other)}
            rules={i === 0 ? [anyPrefix()] : []}
            extra={i === 0 ? t('testing.sdk.prefixesHint') : undefined}
          >
            <Select mode="tags" open={false} tokenSeparators={[',', ' ']} placeholder={example} data-testid={`sdk-${name}`} />
          </Form.Item>
        ))}
        <Form.Item name="enabled" label={t('testing.enabled')} valuePropName="checked">
          <Switch checkedChildren={t('testing.on')} unCheckedChildren={t('testing.off')} data-testid="sdk-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
