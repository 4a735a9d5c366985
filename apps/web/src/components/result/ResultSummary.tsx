/** The result header: target information, the security score dashboard with its band, and counts per risk level. */
import { Col, Collapse, Progress, Row, Tag, Typography } from 'antd';
import { RISK_LEVELS, scoreBand, type Assessment, type TaskRow } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import './result.css';
import { BAND_STROKES, RISK_COLOURS } from './texts.ts';
import { type TargetRow, targetLabel, targetRows } from './target-fields.ts';
import { TargetValue } from './TargetValue.tsx';
import { ReportButton } from '../downloads/index.ts';

/** Long values (hashes, signer, lists) take a whole row of the grid instead of wrapping in a narrow cell. */
function isWide(value: unknown): boolean {
  return typeof value === 'object' || String(value).length > 26;
}

export function ResultSummary({ assessment, task }: { assessment: Assessment | null; task: TaskRow }) {
  const { t } = useTranslation();
  const rows = targetRows(assessment, task);
  const primary = rows.filter((r) => r.primary);
  const details = rows.filter((r) => !r.primary);
  const grid = (list: TargetRow[]) => {
    const wide = new Set(list.filter((r) => isWide(r.value)).map((r) => r.key));
    const narrow = list.filter((r) => !wide.has(r.key));
    // With an odd number of short values the last one widens too, so the grid has no hole.
    if (narrow.length % 2 === 1) wide.add(narrow[narrow.length - 1]!.key);
    return (
      <div className="citadel-result-target">
        {list.map((r) => (
          <div key={r.key} data-testid={`target-${r.key}`} className={wide.has(r.key) ? 'citadel-result-target__item citadel-result-target__item--wide' : 'citadel-result-target__item'}>
            <div className="citadel-result-target__label">{targetLabel(r.key)}</div>
            <div className="citadel-result-target__value">
              <TargetValue name={r.key} value={r.value} />
            </div>
          </div>
        ))}
      </div>
    );
  };
  return (
    <Row gutter={[24, 16]} className="citadel-result-summary">
      <Col xs={24} xl={15}>
        <Typography.Title level={5} style={{ marginTop: 0, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          {t('result.targetInfo')}
          <ReportButton task={task} />
        </Typography.Title>
        <div data-testid="result-target">{grid(primary)}</div>
        {details.length > 0 ? (
          <Collapse
            ghost
            size="small"
            style={{ marginTop: 8 }}
            items={[{ key: 'details', label: <span data-testid="result-target-more">{t('result.moreDetails', { count: details.length })}</span>, children: grid(details) }]}
          />
        ) : null}
      </Col>
      <Col xs={24} xl={9}>
        {assessment ? <ScoreAndCounts assessment={assessment} /> : null}
      </Col>
    </Row>
  );
}

function ScoreAndCounts({ assessment }: { assessment: Assessment }) {
  const { t } = useTranslation();
  const score = Math.max(0, Math.min(100, Math.round(assessment.score.score)));
  const band = assessment.score.band ?? scoreBand(score);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, position: 'sticky', top: 16 }}>
      <div data-testid="result-score" data-score={score} data-band={band} style={{ textAlign: 'center' }}>
        <Progress
          type="dashboard"
          percent={score}
          size={168}
          strokeColor={BAND_STROKES[band]}
          format={() => (
            <div>
              <div style={{ fontSize: 36, fontWeight: 600, color: BAND_STROKES[band], lineHeight: 1.1 }}>{score}</div>
              <div style={{ fontSize: 13, color: '#8c8c8c', marginTop: 4 }}>{t('result.score')}</div>
            </div>
          )}
        />
        <div style={{ marginTop: -8 }}>
          <Tag color={band === 'high' ? 'green' : band === 'medium' ? 'orange' : 'red'} style={{ marginInlineEnd: 0 }}>
            {t('result.securityLevel')}: {t(`result.band.${band}`)}
          </Tag>
        </div>
      </div>
      <div data-testid="result-counts" style={{ display: 'grid', gridTemplateColumns: `repeat(${RISK_LEVELS.length}, 1fr)`, width: '100%', gap: 8 }}>
        {RISK_LEVELS.map((level) => (
          <div
            key={level}
            data-testid={`result-count-${level}`}
            style={{ textAlign: 'center', padding: '8px 4px', borderRadius: 4, background: '#fafafa', borderTop: `3px solid ${RISK_COLOURS[level]}` }}
          >
            <div style={{ fontSize: 22, fontWeight: 600, color: RISK_COLOURS[level], fontVariantNumeric: 'tabular-nums' }}>{assessment.counts[level] ?? 0}</div>
            <div style={{ fontSize: 12, color: '#595959' }}>{t(`result.risk.${level}`)}</div>
          </div>
        ))}
      </div>
    </div>
  );
}
