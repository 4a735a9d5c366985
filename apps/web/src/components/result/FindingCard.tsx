/**
 * One finding as SPEC §3 result items show it: title, risk level, result, then
 * purpose, risk description, testing steps, result description, details
 * (evidence), solution and the CWE/OWASP ids. Collapsed to its header until opened.
 */
import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import type { Finding, RuleTexts } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../locales/i18n.ts';
import { AttributionTag, EvidenceTable } from './EvidenceTable.tsx';
import { RESULT_TAG_COLOURS, RISK_COLOURS, localized } from './texts.ts';

export function RiskTag({ risk }: { risk: Finding['risk'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={RISK_COLOURS[risk]} style={{ minWidth: 44, textAlign: 'center' }}>
      {t(`result.risk.${risk}`)}
    </Tag>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="citadel-finding__section" style={{ display: 'grid', gridTemplateColumns: '112px 1fr', gap: 12, padding: '8px 0', borderTop: '1px dashed #f0f0f0' }}>
      <div style={{ color: '#8c8c8c', fontWeight: 500 }}>{label}</div>
      <div style={{ minWidth: 0, whiteSpace: 'pre-wrap', color: '#262626' }}>{children}</div>
    </div>
  );
}

export function FindingCard({ finding, rule, open, onToggle }: { finding: Finding; rule: RuleTexts | undefined; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const title = rule?.title || finding.ruleId;
  const summary = localized(finding.summary, lang);
  const ids = [...(rule?.cwe ?? []), ...(rule?.owasp ?? [])];
  return (
    <div
      className="citadel-finding"
      data-testid={`finding-${finding.ruleId}`}
      data-result={finding.result}
      data-risk={finding.risk}
      style={{ border: '1px solid #f0f0f0', borderLeft: `3px solid ${RISK_COLOURS[finding.risk]}`, borderRadius: 4, marginBottom: 8, background: '#fff' }}
    >
      <div
        role="button"
        tabIndex={0}
        aria-expanded={open}
        onClick={onToggle}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onToggle()}
        style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '10px 14px', cursor: 'pointer' }}
      >
        {open ? <DownOutlined style={{ fontSize: 11, color: '#8c8c8c' }} /> : <RightOutlined style={{ fontSize: 11, color: '#8c8c8c' }} />}
        <RiskTag risk={finding.risk} />
        <span style={{ flex: 1, minWidth: 0, fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</span>
        {finding.attribution.kind === 'sdk' ? <AttributionTag attribution={finding.attribution} /> : null}
        {finding.whitelisted ? <Tag>{t('result.whitelisted')}</Tag> : null}
        {finding.result !== 'not_executed' && finding.evidence.length + (finding.omittedEvidence ?? 0) > 0 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('result.occurrences', { n: finding.evidence.length + (finding.omittedEvidence ?? 0), count: finding.evidence.length + (finding.omittedEvidence ?? 0) })}
          </Typography.Text>
        ) : null}
        <Tag color={RESULT_TAG_COLOURS[finding.result]} data-testid={`finding-result-${finding.ruleId}`} style={{ marginInlineEnd: 0 }}>
          {t(`result.itemResult.${finding.result}`)}
        </Tag>
      </div>
      {open ? (
        <div style={{ padding: '0 14px 10px 38px' }}>
          {rule?.purpose ? <Section label={t('result.item.purpose')}>{rule.purpose}</Section> : null}
          {rule?.description ? <Section label={t('result.item.description')}>{rule.description}</Section> : null}
          {rule?.testingSteps ? <Section label={t('result.item.testingSteps')}>{rule.testingSteps}</Section> : null}
          <Section label={t('result.item.resultDescription')}>{summary || t(`result.itemResult.${finding.result}`)}</Section>
          {finding.evidence.length > 0 ? (
            <Section label={t('result.item.details')}>
              <EvidenceTable evidence={finding.evidence} omitted={finding.omittedEvidence} />
            </Section>
          ) : null}
          {rule?.solution ? <Section label={t('result.item.solution')}>{rule.solution}</Section> : null}
          {ids.length > 0 ? (
            <Section label={t('result.item.references')}>
              {ids.map((id) => (
                <Tag key={id} bordered={false} color="geekblue">
                  {id}
                </Tag>
              ))}
            </Section>
          ) : null}
          <Section label={t('result.item.ruleId')}>
            <Typography.Text code>{finding.ruleId}</Typography.Text>
          </Section>
        </div>
      ) : null}
    </div>
  );
}
