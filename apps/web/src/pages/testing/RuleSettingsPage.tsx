/**
 * Rule settings (SPEC §2 testing management): a read-only reference of what
 * every engine checks — per platform, each item's id, category, risk, CWE and
 * OWASP ids, and (expanded) its purpose, description, testing steps and
 * solution in the reader's language. Search and the risk filter run in the
 * browser over the platform's items (a few hundred at most).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Descriptions, Form, Input, Select, Tag, Typography } from 'antd';
import { RISK_LEVELS, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard, PagedTable, SearchBox } from '../../components/index.ts';
import { RISK_COLOURS } from '../../components/charts/options.ts';
import { useLang, useTitle } from '../../locales/i18n.ts';
import { type RuleReference, type RuleReferenceItem, ruleCatalogue } from './api.ts';
import '../templates/texts.ts';
import './texts.ts';

interface Filters {
  keyword?: string;
  risk?: string;
}

const matches = (item: RuleReferenceItem, f: Filters): boolean => {
  if (f.risk && item.risk !== f.risk) return false;
  const k = f.keyword?.trim().toLowerCase();
  return !k || [item.id, item.title, item.category, ...item.cwe, ...item.owasp].some((v) => v.toLowerCase().includes(k));
};

const TEXTS = ['purpose', 'description', 'testingSteps', 'solution'] as const;

export function RuleSettingsPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const lang = useLang();
  const [platform, setPlatform] = useState<string>();
  const [data, setData] = useState<RuleReference>({ platforms: [], platform: null, items: [] });
  const [loading, setLoading] = useState(false);
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, page_size: 10 });

  useEffect(() => {
    setLoading(true);
    ruleCatalogue({ ...(platform ? { platform } : {}), lang: lang === 'en' ? 'en' : 'zh-CN' })
      .then(setData, () => undefined)
      .finally(() => setLoading(false));
  }, [platform, lang]);

  const shown = useMemo(() => data.items.filter((i) => matches(i, filters)), [data.items, filters]);
  const pageRows = shown.slice((paging.page - 1) * paging.page_size, paging.page * paging.page_size);
  const risk = (v: string) => <Tag color={RISK_COLOURS[v]}>{t(`result.risk.${v}`)}</Tag>;

  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('testing.rules.readonly')} />
      <SearchBox<Filters>
        onSearch={(f) => {
          setFilters(f);
          setPaging({ ...paging, page: 1 });
        }}
      >
        <Form.Item label={t('testing.rules.platform')}>
          <Select
            style={{ width: 200 }}
            value={data.platform ?? undefined}
            onChange={(p: string) => {
              setPlatform(p);
              setPaging({ ...paging, page: 1 });
            }}
            options={data.platforms.map((p) => ({ value: p.platform, label: `${t(`testing.platforms.${p.platform}`)} (${t('testing.rules.count', { n: p.count })})` }))}
            data-testid="rules-platform"
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('testing.rules.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('testing.rules.keywordHint')} style={{ width: 240 }} data-testid="rules-keyword" />
        </Form.Item>
        <Form.Item name="risk" label={t('testing.rules.risk')}>
          <Select allowClear style={{ width: 110 }} placeholder={t('testing.rules.all')} options={RISK_LEVELS.map((r) => ({ value: r, label: t(`result.risk.${r}`) }))} data-testid="rules-risk" />
        </Form.Item>
      </SearchBox>
      <div data-testid="rules-table">
        <PagedTable<RuleReferenceItem>
          rowKey="id"
          loading={loading}
          dataSource={pageRows}
          total={shown.length}
          page={paging.page}
          pageSize={paging.page_size}
          onPageChange={(page, page_size) => setPaging({ page, page_size })}
          expandable={{
            expandedRowRender: (item) => (
              <Descriptions column={1} size="small" bordered>
                {TEXTS.map((k) => (
                  <Descriptions.Item key={k} label={t(`testing.rules.${k}`)}>
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{item[k] || '—'}</Typography.Paragraph>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ),
          }}
          columns={[
            { title: t('testing.rules.id'), dataIndex: 'id', width: 300, render: (v: string) => <Typography.Text code copyable={{ text: v }}>{v}</Typography.Text> },
            { title: t('testing.rules.title'), dataIndex: 'title' },
            { title: t('testing.rules.category'), dataIndex: 'category', width: 130, render: (v: string) => t(`templates.categories.${v}`, { defaultValue: v }) },
            { title: t('testing.rules.risk'), dataIndex: 'risk', width: 90, render: risk },
            { title: t('testing.rules.cwe'), dataIndex: 'cwe', width: 120, render: (v: string[]) => v.join(', ') },
            { title: t('testing.rules.owasp'), dataIndex: 'owasp', width: 170, render: (v: string[]) => v.join(', ') },
          ]}
        />
      </div>
    </PageCard>
  );
}
