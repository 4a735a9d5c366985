/** The result header: target information, the security score dashboard with its band, and counts per risk level. */
import { Col, Progress, Row, Tag, Typography } from 'antd';
import { RISK_LEVELS, scoreBand, type Assessment, type TaskRow } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import './result.css';
import i18n from '../../locales/i18n.ts';
import { BAND_STROKES, RISK_COLOURS } from './texts.ts';
import { targetRows } from './target-fields.ts';

/** Hashes (MD5, SHA-1, SHA-256) are shown in monospace with a copy button. */
const LONG_HEX = /^[0-9a-f]{32,}$/i;

/**
 * Hashes, signatures and other long values take a whole row instead of wrapping
 * in a narrow cell; with an odd number of short values the last one widens too,
 * so the grid has no hole.
 */
function wideRows(rows: { key: string; value: string }[]): Set<string> {
  const wide = new Set(rows.filter((r) => r.value.length > 26).map((r) => r.key));
  const narrow = rows.filter((r) => !wide.has(r.key));
  if (narrow.length % 2 === 1) wide.add(narrow[narrow.length - 1]!.key);
  return wide;
}

export function ResultSummary({ assessment, task }: { assessment: Assessment | null; task: TaskRow }) {
  const { t } = useTranslation();
  const rows = targetRows(assessment, task);
  const wide = wideRows(rows);
  const label = (key: string) => (i18n.exists(`result.target.${key}`) ? t(`result.target.${key}`) : key);
  return (
    <Row gutter={[24, 16]} className="citadel-result-summary">
      <Col xs={24} xl={15}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('result.targetInfo')}
        </Typography.Title>
        <div className="citadel-result-target" data-testid="result-target">
          {rows.map((r) => (
            <div key={r.key} className={wide.has(r.key) ? 'citadel-result-target__item citadel-result-target__item--wide' : 'citadel-result-target__item'}>
              <div className="citadel-result-target__label">{label(r.key)}</div>
              <div className="citadel-result-target__value">
                <Typography.Text
                  style={{ wordBreak: 'break-all', fontFamily: LONG_HEX.test(r.value) ? 'monospace' : undefined }}
                  copyable={LONG_HEX.test(r.value) ? { text: r.value } : false}
                >
                  {r.value}
                </Typography.Text>
              </div>
            </div>
          ))}
        </div>
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
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, height: '100%', justifyContent: 'center' }}>
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
