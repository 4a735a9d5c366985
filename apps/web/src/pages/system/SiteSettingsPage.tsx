/**
 * Site settings (SPEC §3 site configuration) for admin: customer, main title,
 * default language, language switch, SSO switch, behaviour-detection address,
 * bar and bottom logos. Logos are jpg/png of at most 500kb (SPEC §5, §9), read
 * as data URLs; the server checks their bytes again. Saving reloads the site
 * configuration so the title, favicon and logos change at once.
 */
import { useEffect, useState } from 'react';
import { Button, Form, Input, Select, Space, Switch } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { can, type RouteNode, type SiteConfig } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { loadSite } from '../../app/session.ts';
import { useTitle } from '../../locales/i18n.ts';
import { siteApi } from './api.ts';

const MAX_LOGO_BYTES = 500 * 1024;

function LogoField({ value, onChange, testId }: { value?: string; onChange?: (v: string) => void; testId: string }) {
  const { t } = useTranslation();
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!/\.(jpe?g|png)$/i.test(file.name) || !['image/jpeg', 'image/png'].includes(file.type)) return feedback.error(t('system.site.logoType'));
    if (file.size > MAX_LOGO_BYTES) return feedback.error(t('system.site.logoSize'));
    const reader = new FileReader();
    reader.onload = () => typeof reader.result === 'string' && onChange?.(reader.result);
    reader.readAsDataURL(file);
  };
  return (
    <Space align="center">
      {value ? <img src={value} alt="" style={{ maxHeight: 48, maxWidth: 200, border: '1px solid #f0f0f0' }} data-testid={`${testId}-preview`} /> : null}
      <label className="ant-btn ant-btn-default" style={{ cursor: 'pointer' }}>
        <UploadOutlined /> {t('system.site.upload')}
        <input type="file" accept=".jpg,.jpeg,.png" style={{ display: 'none' }} data-testid={`${testId}-input`} onChange={(e) => { pick(e.target.files?.[0]); e.target.value = ''; }} />
      </label>
      {value ? <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>{t('system.site.remove')}</Button> : null}
    </Space>
  );
}

export function SiteSettingsPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const [form] = Form.useForm<SiteConfig>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    siteApi.get().then((c) => form.setFieldsValue(c), () => undefined);
  }, [form]);

  const save = async (values: SiteConfig) => {
    setSaving(true);
    try {
      await siteApi.save(values);
      feedback.success(t('common.operationSuccess'));
      await loadSite();
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  };

  const editable = can(subject, node.key, 'edit');
  return (
    <PageCard title={title(node.title)} testId="page-site-settings">
      <Form<SiteConfig> form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 14 }} onFinish={save} disabled={!editable} data-testid="site-form">
        <Form.Item name="customer" label={t('system.site.customer')} rules={[{ max: 100 }]}>
          <Input data-testid="site-customer" />
        </Form.Item>
        <Form.Item name="main_title" label={t('system.site.mainTitle')} rules={[{ max: 100 }]}>
          <Input data-testid="site-main-title" />
        </Form.Item>
        <Form.Item name="lang" label={t('system.site.lang')}>
          <Select options={[{ value: 'zh', label: t('header.zh') }, { value: 'en', label: t('header.en') }]} data-testid="site-lang" />
        </Form.Item>
        <Form.Item name="lang_switch" label={t('system.site.langSwitch')} valuePropName="checked">
          <Switch data-testid="site-lang-switch" />
        </Form.Item>
        <Form.Item name="sso" label={t('system.site.sso')} valuePropName="checked">
          <Switch data-testid="site-sso" />
        </Form.Item>
        <Form.Item name="behaviour_url" label={t('system.site.behaviourUrl')} rules={[{ type: 'url' }, { max: 500 }]}>
          <Input placeholder="https://" data-testid="site-behaviour-url" />
        </Form.Item>
        <Form.Item name="bar_logo" label={t('system.site.barLogo')} extra={t('system.site.logoHint')}>
          <LogoField testId="site-bar-logo" />
        </Form.Item>
        <Form.Item name="logo_bottom" label={t('system.site.bottomLogo')} extra={t('system.site.logoHint')}>
          <LogoField testId="site-bottom-logo" />
        </Form.Item>
        {editable && (
          <Form.Item wrapperCol={{ offset: 5 }}>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="site-save">
              {t('system.site.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </PageCard>
  );
}
