/**
 * Evaluation settings (admin, SPEC §2): the default template of each platform
 * with template pages (the built-in default or a saved template, from
 * /template/list), the task time limit, the concurrency, the retention days and
 * the report defaults. The workers take the time limit and concurrency without
 * a restart; the server validates every value again.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Form, InputNumber, Select } from 'antd';
import { can, type RouteNode, walkRoutes } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { REPORT_LANGUAGES, REPORT_TEMPLATES, type TemplateRow, listTemplates } from '../templates/api.ts';
import { type EvaluationSettings, getSettings, saveSettings } from '../testing/api.ts';
import '../templates/texts.ts';
import '../testing/texts.ts';

/** The numeric settings' bounds (the server's SETTING_LIMITS). */
const LIMITS = { task_timeout_seconds: [10, 7 * 24 * 3600], concurrency: [1, 256], retention_days: [1, 36500] } as const;
const NUMBERS = [
  ['task_timeout_seconds', 'testing.settings.timeout'],
  ['concurrency', 'testing.settings.concurrency'],
  ['retention_days', 'testing.settings.retention'],
] as const;
/** Platforms with template pages, in menu order. */
const PLATFORMS = walkRoutes()
  .filter((n) => n.page?.startsWith('template-list:'))
  .map((n) => ({ platform: n.page!.slice('template-list:'.length), title: n.title }));
/** The form's value for "the built-in default" (stored as null). */
const BUILTIN = 0;

type Values = Omit<EvaluationSettings, 'default_templates'> & { default_templates: Record<string, number> };

export function EvaluationSettingsPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const [form] = Form.useForm<Values>();
  const [templates, setTemplates] = useState<Record<string, TemplateRow[]>>({});
  const [saving, setSaving] = useState(false);
  const editable = can(subject, node.key, 'edit');

  useEffect(() => {
    getSettings().then(
      (s) => form.setFieldsValue({ ...s, default_templates: Object.fromEntries(PLATFORMS.map(({ platform }) => [platform, s.default_templates[platform] ?? BUILTIN])) }),
      () => undefined,
    );
    void Promise.all(PLATFORMS.map(async ({ platform }) => [platform, (await listTemplates({ platform, page: 1, page_size: 50 }, { silent: true }).catch(() => ({ list: [] }))).list] as const)).then((pairs) =>
      setTemplates(Object.fromEntries(pairs)),
    );
  }, [form]);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      const default_templates = Object.fromEntries(Object.entries(v.default_templates ?? {}).map(([p, id]) => [p, id === BUILTIN ? null : id]));
      const s = await saveSettings({ ...v, default_templates });
      form.setFieldsValue({ ...s, default_templates: Object.fromEntries(PLATFORMS.map(({ platform }) => [platform, s.default_templates[platform] ?? BUILTIN])) });
      feedback.success(t('common.operationSuccess'));
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Form<Values> form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 12 }} onFinish={(v) => void save(v)} disabled={!editable} data-testid="settings-form">
        <Divider titlePlacement="start">{t('testing.settings.defaults')}</Divider>
        {PLATFORMS.map(({ platform, title: platformTitle }) => (
          <Form.Item key={platform} name={['default_templates', platform]} label={title(platformTitle)}>
            <Select
              data-testid={`settings-template-${platform}`}
              options={(templates[platform] ?? []).map((r) => (r.is_default ? { value: BUILTIN, label: t('testing.settings.builtinDefault') } : { value: r.id, label: r.name }))}
            />
          </Form.Item>
        ))}
        <Divider titlePlacement="start">{t('testing.settings.limits')}</Divider>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('testing.settings.note')} />
        {NUMBERS.map(([name, label]) => {
          const [min, max] = LIMITS[name];
          return (
            <Form.Item key={name} name={name} label={t(label)} extra={t('testing.settings.range', { min, max })} rules={[{ required: true, type: 'integer', min, max, message: t('testing.settings.range', { min, max }) }]}>
              <InputNumber min={min} max={max} precision={0} style={{ width: 200 }} data-testid={`settings-${name}`} />
            </Form.Item>
          );
        })}
        <Divider titlePlacement="start">{t('testing.settings.reports')}</Divider>
        <Form.Item name="report_template" label={t('testing.settings.reportTemplate')}>
          <Select options={REPORT_TEMPLATES.map((r) => ({ value: r, label: t(`templates.reportTemplates.${r}`) }))} data-testid="settings-report-template" />
        </Form.Item>
        <Form.Item name="report_language" label={t('testing.settings.reportLanguage')}>
          <Select options={REPORT_LANGUAGES.map((l) => ({ value: l, label: t(`templates.languages.${l}`) }))} data-testid="settings-report-language" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6 }}>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">
            {t('testing.save')}
          </Button>
        </Form.Item>
      </Form>
    </PageCard>
  );
}
