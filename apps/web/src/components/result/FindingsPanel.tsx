/**
 * Every finding of an assessment, filtered (ResultFilterBar) and grouped by
 * rule category, plus what the engine could not read. Renders any engine's
 * Assessment: nothing here knows a platform beyond "Android offers MAIN/SDK".
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Space, Typography } from 'antd';
import { type Assessment, type Finding, type RuleTexts, reasonText } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import i18n from '../../locales/i18n.ts';
import { FindingCard } from './FindingCard.tsx';
import { ResultFilterBar } from './ResultFilterBar.tsx';
import { DEFAULT_FILTER, applyFilter, groupByCategory, sortFindings, type ResultFilter } from './filter.ts';

export interface FindingsPanelProps {
  assessment: Assessment;
  rules: Record<string, RuleTexts>;
  /** Only findings attributed to third-party SDKs (the Android-sdk view). */
  sdkOnly?: boolean;
}

const keyOf = (f: Finding, i: number) => `${f.ruleId}#${i}`;

export function FindingsPanel({ assessment, rules, sdkOnly = false }: FindingsPanelProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ResultFilter>(DEFAULT_FILTER);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const base = useMemo(() => (sdkOnly ? assessment.findings.filter((f) => f.attribution.kind === 'sdk') : assessment.findings), [assessment, sdkOnly]);
  const visible = useMemo(() => applyFilter(base, filter), [base, filter]);
  const groups = useMemo(() => groupByCategory(visible, (id) => rules[id]?.category).map(([c, list]) => [c, sortFindings(list)] as const), [visible, rules]);
  const categoryLabel = (c: string) => (i18n.exists(`result.category.${c}`) ? t(`result.category.${c}`) : c);
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const allKeys = () => new Set(groups.flatMap(([, list]) => list.map((f) => keyOf(f, assessment.findings.indexOf(f)))));

  return (
    <div className="citadel-findings" data-testid="result-findings">
      <ResultFilterBar value={filter} onChange={setFilter} showSdk={assessment.platform === 'android' && !sdkOnly} />
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', margin: '14px 0 8px' }}>
        <Typography.Text type="secondary">{t('result.shown', { n: visible.length, total: base.length })}</Typography.Text>
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setOpen(allKeys())} data-testid="result-expand-all">
            {t('result.expandAll')}
          </Button>
          <Button size="small" type="link" onClick={() => setOpen(new Set())}>
            {t('result.collapseAll')}
          </Button>
        </Space>
      </div>
      {groups.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('result.noFindings')} /> : null}
      {groups.map(([category, list]) => (
        <section key={category} data-testid={`result-category-${category}`} style={{ marginBottom: 16 }}>
          <Typography.Title level={5} style={{ margin: '8px 0', display: 'flex', alignItems: 'center', gap: 8 }}>
            <span style={{ width: 4, height: 16, background: '#1d4ed8', borderRadius: 2, display: 'inline-block' }} />
            {categoryLabel(category)}
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
              ({list.length})
            </Typography.Text>
          </Typography.Title>
          {list.map((f) => {
            const key = keyOf(f, assessment.findings.indexOf(f));
            return <FindingCard key={key} finding={f} rule={rules[f.ruleId]} open={open.has(key)} onToggle={() => toggle(key)} />;
          })}
        </section>
      ))}
      {assessment.unreadable.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          data-testid="result-unreadable"
          title={t('result.unreadable', { n: assessment.unreadable.length, count: assessment.unreadable.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {assessment.unreadable.map((u, i) => (
                <li key={i}>
                  <Typography.Text code>{u.file}</Typography.Text> {reasonText(u.reason, u.fact, i18n.language.startsWith('en') ? 'en' : 'zh-CN', t('result.unreadableUnknown'))}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </div>
  );
}
