/**
 * The hidden create page of a platform ("新建测评" / New evaluation): the target
 * (upload or, for web, a URL and its scan options), the template, and the SPEC §5
 * required fields of that platform (create-forms.ts). Submitting waits for the
 * uploads to finish.
 */
import { useEffect, useState } from 'react';
import { type CreateTaskRequest, type RouteNode, type WebScanOptions, walkRoutes, webScanParams } from '@citadel/contracts';
import { Alert, Button, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { evaluationTitle, listPath, pagePlatform } from '../../components/task-table/index.ts';
import { type ScanTargetVerdict, checkScanTarget, createTask } from '../../api/tasks.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { CATEGORY_OPTIONS, CREATE_FORMS, isScanUrl, type CreateField } from './create-forms.ts';
import { TargetUpload, type UploadedFile } from './TargetUpload.tsx';
import { WebScanOptionsFields } from './WebScanOptionsFields.tsx';
import { listTemplates, type TemplateRow } from '../templates/index.ts';

/** "Default template" sends no template_id: the server uses the admin's default for the platform, else the built-in one. */
const DEFAULT_TEMPLATE = 'default';

/** Platforms that have template pages in the route table (template-list:<platform>). */
const TEMPLATE_PLATFORMS = new Set(walkRoutes().flatMap((n) => (n.page?.startsWith('template-list:') ? [n.page.slice('template-list:'.length)] : [])));
const hasTemplates = (platform: string) => TEMPLATE_PLATFORMS.has(platform);

type FormValues = Partial<Record<CreateField, string>> & { url?: string; template?: string; appid?: string; scan?: WebScanOptions };

export function EvaluationCreatePage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const platform = pagePlatform(node.page);
  const spec = platform ? CREATE_FORMS[platform] : undefined;
  const [form] = Form.useForm<FormValues>();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [templates, setTemplates] = useState<TemplateRow[]>([]);
  useEffect(() => {
    // Platforms without template pages (web, source) keep the default only: /template/list refuses them.
    if (platform && hasTemplates(platform)) listTemplates({ platform, page: 1, page_size: 50 }, { quiet: true }).then((d) => setTemplates(d.list.filter((r) => !r.is_default)), () => setTemplates([]));
  }, [platform]);

  if (!platform || !spec) return null;
  const platformTitle = evaluationTitle(platform);
  const needsUpload = !spec.url;
  const uploadsReady = !needsUpload || (files.length > 0 && !uploading);

  const submit = async (values: FormValues) => {
    if (!uploadsReady) return;
    const fields: Record<string, string> = {};
    for (const f of spec.fields) if (values[f]?.trim()) fields[f] = values[f].trim();
    const req: CreateTaskRequest = { platform };
    if (Object.keys(fields).length > 0) req.fields = fields;
    if (values.template && values.template !== DEFAULT_TEMPLATE) req.template_id = Number(values.template);
    if (needsUpload) {
      const [main, ...more] = files;
      if (!main) return;
      req.sample_id = main.sample_id;
      // Sub-packages of a mini-program: the contract has one sample_id per task (see the report to the lead).
      if (more.length > 0) req.params = { sub_sample_ids: more.map((f) => f.sample_id).join(',') };
    } else {
      req.url = values.url?.trim();
      const scan = webScanParams(values.scan);
      if (Object.keys(scan).length > 0) req.params = { ...req.params, ...scan };
    }
    if (spec.params?.includes('appid') && values.appid?.trim()) req.params = { ...req.params, appid: values.appid.trim() };
    setSubmitting(true);
    try {
      await createTask(req);
      feedback.success(t('common.operationSuccess'));
      navigate(listPath(platform) ?? '/');
    } catch {
      // The request layer has shown the message.
    } finally {
      setSubmitting(false);
    }
  };

  const required = (label: string) => [{ required: true, whitespace: true, message: t('evaluation.required', { field: label }) }];

  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`} extra={platformTitle ? <Typography.Text type="secondary">{title(platformTitle)}</Typography.Text> : null}>
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 760 }}
        initialValues={{ template: DEFAULT_TEMPLATE, scan: { auth: 'none' } }}
        onFinish={(v) => void submit(v)}
        data-testid="create-form"
      >
        {needsUpload ? (
          <Form.Item label={t('evaluation.target')} required>
            <TargetUpload kind={spec.kind} accept={spec.accept} maxCount={spec.maxCount} onChange={setFiles} onBusyChange={setUploading} />
            {spec.maxCount && spec.maxCount > 1 ? <Typography.Text type="secondary">{t('evaluation.subPackagesHint')}</Typography.Text> : null}
          </Form.Item>
        ) : (
          <Form.Item
            name="url"
            label={t('evaluation.field.url')}
            rules={[
              ...required(t('evaluation.field.url')),
              { validator: (_, v: string | undefined) => (!v || isScanUrl(v) ? Promise.resolve() : Promise.reject(new Error(t('evaluation.badUrl')))) },
              // Before submitting: the administrator's scan policy may refuse the address (the task would fail at once).
              {
                validator: async (_, v: string | undefined) => {
                  if (!v || !isScanUrl(v)) return;
                  const verdict = await checkScanTarget(v.trim()).catch(() => ({ allowed: true }) as ScanTargetVerdict);
                  if (!verdict.allowed) throw new Error(t(`evaluation.scanRefused.${verdict.kind ?? 'other'}`, { setting: verdict.setting ?? '' }));
                },
              },
            ]}
            validateDebounce={400}
          >
            <Input placeholder="https://www.example.com" data-testid="create-url" />
          </Form.Item>
        )}
        {spec.fields.map((f) => (
          <Form.Item key={f} name={f} label={t(`evaluation.field.${f}`)} rules={required(t(`evaluation.field.${f}`))}>
            {f === 'category' ? (
              <Select
                placeholder={t('evaluation.choose')}
                data-testid={`create-${f}`}
                options={CATEGORY_OPTIONS.map((c) => ({ value: c, label: t(`evaluation.category.${c}`) }))}
              />
            ) : (
              <Input maxLength={100} data-testid={`create-${f}`} onBlur={(e) => form.setFieldValue(f, e.target.value.trim())} />
            )}
          </Form.Item>
        ))}
        {spec.url ? <WebScanOptionsFields /> : null}
        {spec.params?.includes('appid') ? (
          <Form.Item name="appid" label={t('evaluation.field.appid')} extra={t('evaluation.appidHint')}>
            <Input maxLength={64} data-testid="create-appid" placeholder="wx…" />
          </Form.Item>
        ) : null}
        <Form.Item name="template" label={t('evaluation.template')}>
          <Select data-testid="create-template" options={[{ value: DEFAULT_TEMPLATE, label: t('evaluation.defaultTemplate') }, ...templates.map((r) => ({ value: String(r.id), label: r.name }))]} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          {needsUpload && uploading ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('evaluation.uploadsFirst')} data-testid="create-uploading" /> : null}
          {needsUpload && !uploading && files.length === 0 ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
              {t('evaluation.uploadNeeded')}
            </Typography.Paragraph>
          ) : null}
          <Space>
            <Button type="primary" htmlType="submit" loading={submitting} disabled={!uploadsReady} data-testid="create-submit">
              {t('evaluation.submit')}
            </Button>
            <Button onClick={() => navigate(listPath(platform) ?? '/')}>{t('common.cancel')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </PageCard>
  );
}
