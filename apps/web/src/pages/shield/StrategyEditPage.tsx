/**
 * "Add strategy" (SPEC §2 hardening template detail): the form is built from
 * the type's strategy schema (groups, options, texts from the server), starts
 * from a built-in preset or an existing strategy, and is validated again by
 * the server against the same schema when saved.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Loading, PageCard } from '../../components/index.ts';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { useLang, useTitle } from '../../locales/i18n.ts';
import { type Option, type TypeSchema, type Values, getSchema, listStrategies, saveStrategy } from './api.ts';
import { TYPE_OF, shieldPaths, slugOf } from './paths.ts';
import { pick } from './texts.ts';

type FormValues = { name: string; description?: string } & Record<string, unknown>;

const toForm = (o: Option, v: Values[string] | undefined) => (o.kind === 'list' ? ((v as string[] | undefined) ?? []).join('\n') : v);
const fromForm = (o: Option, v: unknown): Values[string] => {
  if (o.kind === 'list') return String(v ?? '').split('\n').map((s) => s.trim()).filter(Boolean);
  if (o.kind === 'boolean') return Boolean(v);
  if (o.kind === 'number') return Number(v ?? o.default);
  return String(v ?? '');
};

export function StrategyEditPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const title = useTitle();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const slug = slugOf(node.page);
  const type = TYPE_OF[slug] ?? 'h5';
  const [schema, setSchema] = useState<TypeSchema | null>(null);
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const id = params.get('id');
  const readOnly = params.get('readonly') === '1';

  useEffect(() => {
    void (async () => {
      try {
        const s = await getSchema(type);
        setSchema(s);
        let start: { name: string; description: string; values: Values } | undefined;
        if (id) {
          const rows = await listStrategies(type, { page: 1, page_size: 50 });
          const row = rows.list.find((r) => r.id === id);
          if (row) start = row;
        } else {
          const preset = s.defaults.find((d) => d.id === (params.get('from') ?? `${type}.balanced`)) ?? s.defaults[0];
          if (preset) start = { name: params.get('from') ? pick(preset.name, lang) : '', description: pick(preset.description, lang), values: preset.values };
        }
        const initial: Record<string, unknown> = { name: start?.name ?? '', description: start?.description ?? '' };
        for (const o of s.schema.options) initial[o.key] = toForm(o, start?.values[o.key] ?? o.default);
        form.setFieldsValue(initial as FormValues);
      } catch (err) {
        reportError(err);
      }
    })();
  }, [type, id, lang, form, params]);

  const save = async () => {
    if (!schema) return;
    const v = await form.validateFields();
    const values: Values = {};
    for (const o of schema.schema.options) values[o.key] = fromForm(o, v[o.key]);
    setBusy(true);
    try {
      await saveStrategy({ type, ...(id ? { id: Number(id) } : {}), name: v.name, description: v.description ?? '', values });
      feedback.success(t('common.operationSuccess'));
      void navigate(shieldPaths(slug).templates);
    } catch (err) {
      reportError(err);
    } finally {
      setBusy(false);
    }
  };

  const field = (o: Option) => {
    const label = pick(o.title, lang);
    const help = o.help ? pick(o.help, lang) : undefined;
    const common = { name: o.key, label, extra: help, key: o.key };
    switch (o.kind) {
      case 'boolean':
        return <Form.Item {...common} valuePropName="checked"><Checkbox disabled={readOnly} data-testid={`opt-${o.key}`} /></Form.Item>;
      case 'enum':
        return <Form.Item {...common}><Select disabled={readOnly} data-testid={`opt-${o.key}`} options={o.choices.map((c) => ({ value: c.value, label: pick(c.title, lang) }))} style={{ maxWidth: 240 }} /></Form.Item>;
      case 'number':
        return <Form.Item {...common}><InputNumber disabled={readOnly} min={o.min} max={o.max} step={0.05} data-testid={`opt-${o.key}`} /></Form.Item>;
      case 'string':
        return <Form.Item {...common} rules={o.pattern ? [{ pattern: new RegExp(o.pattern), message: label }] : []}><Input disabled={readOnly} maxLength={o.maxLength} style={{ maxWidth: 240 }} data-testid={`opt-${o.key}`} /></Form.Item>;
      case 'list':
        return (
          <Form.Item
            {...common}
            rules={[
              {
                validator: async (_r, value: string) => {
                  const items = String(value ?? '').split('\n').map((s) => s.trim()).filter(Boolean);
                  const re = o.pattern ? new RegExp(o.pattern) : undefined;
                  if (items.length > o.maxItems || items.some((i) => i.length > o.maxLength || (re && !re.test(i)))) throw new Error(label);
                },
              },
            ]}
          >
            <Input.TextArea disabled={readOnly} rows={3} data-testid={`opt-${o.key}`} />
          </Form.Item>
        );
    }
  };

  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`} extra={<Button onClick={() => void navigate(shieldPaths(slug).templates)}>{t('shield.back')}</Button>}>
      {!schema ? (
        <Loading />
      ) : (
        <Form form={form} layout="vertical" data-testid="shield-strategy-form">
          <Form.Item name="name" label={t('shield.name')} rules={[{ required: true, whitespace: true, message: t('shield.nameRequired') }, { max: 50 }]}>
            <Input disabled={readOnly} maxLength={50} style={{ maxWidth: 360 }} data-testid="strategy-name" />
          </Form.Item>
          <Form.Item name="description" label={t('shield.description')}>
            <Input disabled={readOnly} maxLength={500} />
          </Form.Item>
          {schema.schema.groups.map((g) => (
            <Card key={g.key} size="small" title={pick(g.title, lang)} style={{ marginBottom: 12 }}>
              {schema.schema.options.filter((o) => o.group === g.key).map(field)}
            </Card>
          ))}
          {!readOnly && (
            <Space>
              <Button type="primary" loading={busy} onClick={() => void save().catch(() => undefined)} data-testid="strategy-save">
                {t('shield.save')}
              </Button>
            </Space>
          )}
        </Form>
      )}
    </PageCard>
  );
}
