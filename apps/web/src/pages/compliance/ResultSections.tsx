/** The compliance-specific sections of the result page: clauses with verdicts, the SDK inventory, the pre-consent paths. */
import type { Assessment, RuleTexts } from '@citadel/contracts';
import { Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../locales/i18n.ts';
import type { ClauseRow, ComplianceView, SdkRow, Verdict } from './model.ts';

const VERDICT_COLOURS: Record<Verdict, string> = { compliant: 'green', non_compliant: 'red', needs_dynamic: 'gold' };

export function VerdictTag({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation();
  return (
    <Tag color={VERDICT_COLOURS[verdict]} data-testid={`verdict-${verdict}`}>
      {t(`compliance.verdicts.${verdict}`)}
    </Tag>
  );
}

export function ClauseTable({ clauses, rules }: { clauses: ClauseRow[]; rules: Record<string, RuleTexts> }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Table<ClauseRow>
      data-testid="clause-table"
      size="middle"
      bordered
      rowKey="id"
      pagination={false}
      dataSource={clauses}
      columns={[
        { title: t('compliance.clause'), key: 'title', render: (_, c) => (lang === 'zh' ? c.title['zh-CN'] : c.title.en) },
        { title: t('compliance.refs'), key: 'refs', width: 220, render: (_, c) => <Space orientation="vertical" size={0}>{c.refs.map((r) => <Typography.Text key={r} type="secondary">{r}</Typography.Text>)}</Space> },
        { title: t('compliance.verdict'), key: 'verdict', width: 120, render: (_, c) => <VerdictTag verdict={c.verdict} /> },
        {
          title: t('compliance.items'),
          key: 'items',
          render: (_, c) => (
            <Space orientation="vertical" size={0}>
              {c.items.map((i) => (
                <span key={i.ruleId}>
                  {rules[i.ruleId]?.title ?? i.ruleId} <Typography.Text type="secondary">· {t(`result.itemResult.${i.result}`, { defaultValue: i.result })}</Typography.Text>
                </span>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}

export function SdkInventoryTable({ rows, havePolicy }: { rows: SdkRow[]; havePolicy: boolean }) {
  const { t } = useTranslation();
  const disclosed = (r: SdkRow) => {
    if (r.disclosedAs) return <Tag color="green">{t('compliance.disclosedYes', { as: r.disclosedAs })}</Tag>;
    if (!r.disclosureRequired) return <Typography.Text type="secondary">{t('compliance.notRequired')}</Typography.Text>;
    return <Tag color="red">{havePolicy ? t('compliance.disclosedNo') : t('compliance.disclosedNoPolicy')}</Tag>;
  };
  return (
    <Table<SdkRow>
      data-testid="sdk-inventory"
      size="middle"
      bordered
      rowKey="name"
      pagination={rows.length > 20 ? { pageSize: 20 } : false}
      dataSource={rows}
      columns={[
        { title: t('compliance.sdkName'), dataIndex: 'name' },
        { title: t('compliance.vendor'), key: 'vendor', render: (_, r) => r.vendor ?? '-' },
        { title: t('compliance.category'), key: 'category', width: 100, render: (_, r) => t(`evaluation.category.${r.category}`, { defaultValue: r.category }) },
        { title: t('compliance.collects'), key: 'collects', render: (_, r) => (r.collectsTypes.length > 0 ? r.collectsTypes.map((c) => <Tag key={c}>{t(`compliance.piTypes.${c}`, { defaultValue: c })}</Tag>) : '-') },
        { title: t('compliance.disclosed'), key: 'disclosed', width: 150, render: (_, r) => disclosed(r) },
        { title: t('compliance.preConsent'), key: 'pre', width: 110, render: (_, r) => (r.startsBeforeConsent ? <Tag color="red">{t('compliance.yes')}</Tag> : t('compliance.no')) },
      ]}
    />
  );
}

interface PathRow {
  key: string;
  who: string;
  detail: string;
  path: string;
}

export function StartupPaths({ assessment, view }: { assessment: Assessment; view: ComplianceView }) {
  const { t } = useTranslation();
  // Android's call-graph item, or the mini-program's hooks item when that one ran.
  const mini = assessment.findings.find((x) => x.ruleId === 'compliance.mini.pre_consent_collection');
  const f = mini && mini.result !== 'not_executed' ? mini : assessment.findings.find((x) => x.ruleId === 'compliance.startup.pre_consent_collection');
  const notRun = f?.result === 'not_executed';
  const rows: PathRow[] = notRun ? [] : (f?.evidence ?? []).map((e, i) => ({ key: String(i), who: e.attribution?.kind === 'sdk' ? e.attribution.name : t('compliance.app'), detail: e.detail ?? '', path: e.snippet ?? '' }));
  return (
    <>
      {view.callGraph ? (
        <Typography.Paragraph type="secondary">
          {t('compliance.graph', { methods: view.callGraph.methods, reached: view.callGraph.reachedBeforeConsent })}
          {view.callGraph.truncated ? t('compliance.graphTruncated') : ''}
        </Typography.Paragraph>
      ) : null}
      {rows.length === 0 ? (
        <Typography.Paragraph data-testid="startup-none">{notRun ? `${t('compliance.startupNotRun')}${f?.evidence[0]?.detail ? `: ${f.evidence[0].detail}` : ''}` : t('compliance.noStartup')}</Typography.Paragraph>
      ) : (
        <Table<PathRow>
          data-testid="startup-paths"
          size="small"
          bordered
          pagination={rows.length > 10 ? { pageSize: 10 } : false}
          dataSource={rows}
          columns={[
            { title: t('compliance.who'), dataIndex: 'who', width: 180 },
            { title: t('result.evidence.detail'), dataIndex: 'detail', width: 260 },
            { title: t('compliance.path'), dataIndex: 'path', render: (p: string) => <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{p}</Typography.Text> },
          ]}
        />
      )}
      {view.consentGates.length > 0 ? (
        <>
          <Typography.Title level={5}>{t('compliance.gates')}</Typography.Title>
          <ul data-testid="consent-gates">
            {view.consentGates.map((g) => (
              <li key={g.method}>
                <Typography.Text code>{g.method}</Typography.Text> {g.detail}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Typography.Title level={5}>{t('compliance.policy')}</Typography.Title>
      {view.policies.length > 0 || view.policyUrls.length > 0 ? (
        <ul>
          {[...view.policies.map((p) => p.source), ...view.policyUrls].map((s) => (
            <li key={s}>
              <Typography.Text code>{s}</Typography.Text>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph data-testid="policy-none">{t('compliance.noPolicy')}</Typography.Paragraph>
      )}
    </>
  );
}
