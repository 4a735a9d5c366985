/**
 * Template detail (the hidden template/<Platform>/add page): name (trimmed on
 * blur, at most 50 characters), preset template and type, report template and
 * language, and the platform's check items grouped by category with select-all
 * and clear. `?id=` edits (default templates are read-only), `?copy=` starts a
 * new template from another. The server checks the same rules.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import type { RiskLevel, RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { feedback } from '../../app/feedback.ts';
import { currentLang, useTitle } from '../../locales/i18n.ts';
import { type CatalogueGroup, PRESET_TYPES, REPORT_LANGUAGES, REPORT_TEMPLATES, type TemplateRow, getTemplate, listTemplates, saveTemplate, templateCatalogue } from './api.ts';
import { templateListPath, templatePlatform } from './paths.ts';
import './texts.ts';
import { RiskTag } from '../../components/result/FindingCard.tsx';

interface Values {
  name: string;
  preset_template?: number;
  preset_type: string;
  report_template: string;
  report_language: string;
}

export function TemplateDetailPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const platform = templatePlatform(node.page);
  const id = Number(params.get('id')) || undefined;
  const copyOf = Number(params.get('copy')) || undefined;
  const [form] = Form.useForm<Values>();
  const [groups, setGroups] = useState<CatalogueGroup[]>([]);
  const [presets, setPresets] = useState<TemplateRow[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [current, setCurrent] = useState<TemplateRow>();
  const [saving, setSaving] = useState(false);
  const readOnly = current !== undefined && !current.editable;
  const total = useMemo(() => groups.reduce((n, g) => n + g.items.length, 0), [groups]);

  useEffect(() => {
    void (async () => {
      try {
        const [cat, list] = await Promise.all([templateCatalogue(platform, currentLang() === 'en' ? 'en' : 'zh-CN'), listTemplates({ platform, page: 1, page_size: 50 })]);
        setGroups(cat);
        setPresets(list.list);
        const source = id ?? copyOf;
        const tpl = source ? await getTemplate(source) : list.list.find((r) => r.is_default);
        if (!tpl) return;
        if (id) setCurrent(tpl);
        setSelected(new Set(tpl.items));
        form.setFieldsValue({
          name: id ? tpl.name : '',
          preset_template: id ? (tpl.preset_template ?? undefined) : tpl.id,
          preset_type: id ? tpl.preset_type : 'custom',
          report_template: tpl.report_template,
          report_language: tpl.report_language,
        });
      } catch {
        // shown by the request layer
      }
    })();
  }, [platform, id, copyOf, form]);

  const usePreset = async (presetId: number | undefined) => {
    if (!presetId) return;
    try {
      setSelected(new Set((await getTemplate(presetId)).items));
    } catch {
      // shown by the request layer
    }
  };
  const toggle = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const i of ids) if (on) next.add(i);
      else next.delete(i);
      return next;
    });

  const submit = async (v: Values) => {
    if (selected.size === 0) return feedback.error(t('templates.pickOne'));
    setSaving(true);
    try {
      await saveTemplate({ ...(id ? { id } : {}), platform, name: v.name.trim(), preset_template: v.preset_template ?? null, preset_type: v.preset_type, report_template: v.report_template, report_language: v.report_language, items: [...selected] });
      feedback.success(t('common.operationSuccess'));
      navigate(templateListPath(platform));
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      {readOnly ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('templates.defaultReadonly')} data-testid="template-readonly" /> : null}
      <Form<Values> form={form} layout="horizontal" labelCol={{ flex: '120px' }} disabled={readOnly} onFinish={(v) => void submit(v)} data-testid="template-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('templates.name')} rules={[{ required: true, whitespace: true, message: t('templates.nameRequired') }, { max: 50, message: t('templates.nameTooLong') }]}>
              <Input data-testid="template-name" onBlur={(e) => form.setFieldValue('name', e.target.value.trim())} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="preset_template" label={t('templates.preset')}>
              <Select allowClear data-testid="template-preset" options={presets.map((p) => ({ value: p.id, label: p.name }))} onChange={(v: number | undefined) => void usePreset(v)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="preset_type" label={t('templates.presetType')} rules={[{ required: true }]}>
              <Select options={PRESET_TYPES.map((p) => ({ value: p, label: t(`templates.presetTypes.${p}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="report_template" label={t('templates.reportTemplate')} rules={[{ required: true }]}>
              <Select options={REPORT_TEMPLATES.map((p) => ({ value: p, label: t(`templates.reportTemplates.${p}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="report_language" label={t('templates.reportLanguage')} rules={[{ required: true }]}>
              <Select options={REPORT_LANGUAGES.map((p) => ({ value: p, label: t(`templates.languages.${p}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text strong>{t('templates.items')}</Typography.Text>
          <Typography.Text type="secondary" data-testid="template-selected-count">{t('templates.selected', { n: selected.size, total })}</Typography.Text>
          <Button size="small" onClick={() => toggle(groups.flatMap((g) => g.items.map((i) => i.id)), true)} data-testid="template-select-all">{t('templates.selectAll')}</Button>
          <Button size="small" onClick={() => setSelected(new Set())} data-testid="template-clear">{t('templates.clear')}</Button>
        </Space>
        {groups.map((g) => {
          const ids = g.items.map((i) => i.id);
          const n = ids.filter((i) => selected.has(i)).length;
          return (
            <Card
              key={g.category}
              size="small"
              style={{ marginBottom: 12 }}
              data-testid={`template-group-${g.category}`}
              title={
                <Checkbox checked={n === ids.length} indeterminate={n > 0 && n < ids.length} onChange={(e) => toggle(ids, e.target.checked)}>
                  {t(`templates.categories.${g.category}`, { defaultValue: g.category })} ({n}/{ids.length})
                </Checkbox>
              }
            >
              <Row gutter={[8, 4]}>
                {g.items.map((i) => (
                  <Col span={12} key={i.id}>
                    <span data-testid={`item-${i.id}`}>
                      <Checkbox checked={selected.has(i.id)} onChange={(e) => toggle([i.id], e.target.checked)}>
                        {i.title} <RiskTag risk={i.risk as RiskLevel} />
                      </Checkbox>
                    </span>
                  </Col>
                ))}
              </Row>
            </Card>
          );
        })}
        <Space>
          {!readOnly ? (
            <Button type="primary" htmlType="submit" loading={saving} data-testid="template-save">
              {t('templates.save')}
            </Button>
          ) : null}
          <Button disabled={false} onClick={() => navigate(templateListPath(platform))}>{t('templates.back')}</Button>
        </Space>
      </Form>
    </PageCard>
  );
}
