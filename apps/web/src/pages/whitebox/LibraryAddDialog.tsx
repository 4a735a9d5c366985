/**
 * New white-box library (SPEC §3 fields, §5 rules): name, logo (starts with a
 * letter, letters and digits, default prefix wbsk), original key (its algorithm
 * is the library's), type (static/dynamic), platforms, function and purpose
 * (at least one), algorithm mode (ECB and/or CBC, at least one), filling method,
 * preference, bound Android package names and iOS bundle ids (one per line),
 * anti-theft.
 */
import { useEffect, useState } from 'react';
import { Checkbox, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { submitForm } from '../system/form-submit.ts';
import { type LibraryInput, addLibrary, keyOptions } from './api.ts';
import './texts.ts';

const LOGO_RE = /^[A-Za-z][A-Za-z0-9]*$/;
const ID_RE = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;
const defaultLogo = () => `wbsk${Math.random().toString(36).slice(2, 8)}`;

export function LibraryAddDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LibraryInput>();
  const [saving, setSaving] = useState(false);
  const [keys, setKeys] = useState<{ id: number; name: string; algorithm: string }[]>([]);
  const platforms = Form.useWatch('platforms', form) ?? [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldValue('logo', defaultLogo());
    keyOptions().then(setKeys, () => setKeys([]));
  }, [open, form]);

  const atLeastOne = (message: string) => ({ validator: (_: unknown, v: string[] | undefined) => (v && v.length ? Promise.resolve() : Promise.reject(new Error(message))) });
  const idLines = { validator: (_: unknown, v: string | undefined) => ((v ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean).every((l) => ID_RE.test(l)) ? Promise.resolve() : Promise.reject(new Error(t('whitebox.library.idsHint')))) };

  const submit = () =>
    submitForm(form, setSaving, async (v) => {
      const ids = (v.android_packages ?? '').trim() + (v.ios_bundle_ids ?? '').trim();
      if (v.anti_theft && !ids) throw new Error(t('whitebox.library.antiTheftNeedsIds'));
      await addLibrary({ ...v, name: v.name.trim(), logo: v.logo.trim(), android_packages: v.android_packages ?? '', ios_bundle_ids: v.ios_bundle_ids ?? '', anti_theft: Boolean(v.anti_theft) });
      feedback.success(t('common.operationSuccess'));
      onSaved();
    });

  const options = (prefix: string, values: string[]) => values.map((value) => ({ value, label: t(`whitebox.library.${prefix}.${value}`) }));
  return (
    <Modal
      title={t('whitebox.library.add')}
      open={open}
      width={720}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'wb-lib-submit' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Form<LibraryInput>
        form={form}
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 17 }}
        autoComplete="off"
        initialValues={{ platforms: ['android', 'ios'], directions: ['enc', 'dec'], modes: ['cbc'], padding: 'pkcs7', preference: 'security', build_type: 'static', anti_theft: false, android_packages: '', ios_bundle_ids: '' }}
      >
        <Form.Item name="name" label={t('whitebox.library.name')} rules={[{ required: true, whitespace: true, message: t('whitebox.library.nameRequired') }, { max: 100 }]}>
          <Input data-testid="wb-lib-name" onBlur={(e) => form.setFieldValue('name', e.target.value.trim())} />
        </Form.Item>
        <Form.Item name="logo" label={t('whitebox.library.logo')} extra={t('whitebox.library.logoHint')} rules={[{ required: true, message: t('whitebox.library.logoRequired') }, { pattern: LOGO_RE, message: t('whitebox.library.logoBad') }, { max: 32 }]}>
          <Input data-testid="wb-lib-logo" onBlur={(e) => form.setFieldValue('logo', e.target.value.trim())} />
        </Form.Item>
        <Form.Item name="key_id" label={t('whitebox.library.key')} rules={[{ required: true, message: t('whitebox.library.keyRequired') }]}>
          <Select data-testid="wb-lib-key" options={keys.map((k) => ({ value: k.id, label: `${k.name} (${k.algorithm})` }))} />
        </Form.Item>
        <Form.Item name="build_type" label={t('whitebox.library.type')}>
          <Radio.Group options={options('types', ['static', 'dynamic'])} />
        </Form.Item>
        <Form.Item name="platforms" label={t('whitebox.library.platform')} rules={[atLeastOne(t('whitebox.library.platformRequired'))]}>
          <Checkbox.Group options={options('platforms', ['android', 'ios', 'linux'])} />
        </Form.Item>
        <Form.Item name="directions" label={t('whitebox.library.purpose')} rules={[atLeastOne(t('whitebox.library.purposeRequired'))]}>
          <Checkbox.Group data-testid="wb-lib-purpose" options={options('purposes', ['enc', 'dec'])} />
        </Form.Item>
        <Form.Item name="modes" label={t('whitebox.library.mode')} rules={[atLeastOne(t('whitebox.library.modeRequired'))]}>
          <Checkbox.Group data-testid="wb-lib-mode" options={[{ value: 'ecb', label: 'ECB' }, { value: 'cbc', label: 'CBC' }]} />
        </Form.Item>
        <Form.Item name="padding" label={t('whitebox.library.padding')}>
          <Radio.Group options={options('paddings', ['pkcs7', 'none'])} />
        </Form.Item>
        <Form.Item name="preference" label={t('whitebox.library.preference')} extra={t('whitebox.library.preferenceHint')}>
          <Radio.Group options={options('preferences', ['security', 'performance'])} />
        </Form.Item>
        {platforms.includes('android') && (
          <Form.Item name="android_packages" label={t('whitebox.library.android')} extra={t('whitebox.library.idsHint')} rules={[idLines]}>
            <Input.TextArea rows={3} placeholder="com.example.app" data-testid="wb-lib-android" />
          </Form.Item>
        )}
        {platforms.includes('ios') && (
          <Form.Item name="ios_bundle_ids" label={t('whitebox.library.ios')} extra={t('whitebox.library.idsHint')} rules={[idLines]}>
            <Input.TextArea rows={3} placeholder="com.example.app" data-testid="wb-lib-ios" />
          </Form.Item>
        )}
        <Form.Item name="anti_theft" label={t('whitebox.library.antiTheft')} valuePropName="checked" extra={t('whitebox.library.antiTheftHint')}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
