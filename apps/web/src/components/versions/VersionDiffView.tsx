/**
 * The diff of two versions: score delta, findings in three groups (new, fixed,
 * unchanged — plus failures the compared version did not check), permission
 * and SDK changes. Rows show each side's result and evidence count.
 */
import type { HTMLAttributes } from 'react';
import type { FindingChange, VersionDiffAnswer } from '@citadel/contracts';
import { Card, Col, Empty, Row, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RiskTag } from '../result/index.ts';

const GROUPS = ['new', 'fixed', 'unchanged', 'unchecked'] as const;
const GROUP_COLOURS: Record<(typeof GROUPS)[number], string> = { new: '#f5222d', fixed: '#52c41a', unchanged: '#8c8c8c', unchecked: '#faad14' };

function FindingTable({ rows }: { rows: FindingChange[] }) {
  const { t } = useTranslation();
  const side = (result: FindingChange['baseResult'], n: number) => (result ? `${t(`result.itemResult.${result}`)} · ${t('result.occurrences', { n })}` : t('versions.absent'));
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('versions.noChanges')} />;
  return (
    <Table<FindingChange>
      size="small"
      rowKey="ruleId"
      dataSource={rows}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      onRow={(f) => ({ 'data-testid': `diff-finding-${f.ruleId}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'risk', title: t('result.filter.risk'), width: 90, render: (_, f) => <RiskTag risk={f.risk} /> },
        {
          key: 'title',
          title: t('versions.item'),
          render: (_, f) => (
            <>
              <div>{f.title}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {f.ruleId}
              </Typography.Text>
            </>
          ),
        },
        { key: 'base', title: t('versions.base'), width: 170, render: (_, f) => side(f.baseResult, f.baseEvidence) },
        { key: 'compare', title: t('versions.compare'), width: 170, render: (_, f) => side(f.compareResult, f.compareEvidence) },
      ]}
    />
  );
}

function TagList({ items, colour, testId }: { items: string[]; colour: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId} data-count={items.length}>
      {items.length === 0 ? <Typography.Text type="secondary">{t('versions.none')}</Typography.Text> : items.map((p) => <Tag key={p} color={colour} style={{ marginBottom: 4 }}>{p}</Tag>)}
    </div>
  );
}

export function VersionDiffView({ diff, loading }: { diff: VersionDiffAnswer; loading?: boolean }) {
  const { t } = useTranslation();
  const { findings, permissions, sdks, score } = diff;
  const groups = GROUPS.filter((g) => g !== 'unchecked' || findings.unchecked.length > 0);
  const sdkRows = [
    ...sdks.added.map((s) => ({ key: `+${s.name}`, name: s.name, change: t('versions.added'), detail: s.version ?? '', colour: 'red' })),
    ...sdks.removed.map((s) => ({ key: `-${s.name}`, name: s.name, change: t('versions.removed'), detail: s.version ?? '', colour: 'green' })),
    ...sdks.changed.map((s) => ({ key: `~${s.name}`, name: s.name, change: t('versions.versionChanged'), detail: `${s.from || '?'} → ${s.to || '?'}`, colour: 'blue' })),
  ];
  return (
    <div data-testid="version-diff" data-base={diff.base.task_uid} data-compare={diff.compare.task_uid} style={{ opacity: loading ? 0.5 : 1 }}>
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col span={6}>
          <Statistic title={`${t('versions.base')} ${diff.base.version}`} value={score.base} />
        </Col>
        <Col span={6}>
          <Statistic title={`${t('versions.compare')} ${diff.compare.version}`} value={score.compare} />
        </Col>
        <Col span={6}>
          <div data-testid="diff-score-delta" data-delta={score.delta}>
            <Statistic title={t('versions.scoreDelta')} value={score.delta} prefix={score.delta > 0 ? '+' : ''} valueStyle={{ color: score.delta > 0 ? '#52c41a' : score.delta < 0 ? '#f5222d' : undefined }} />
          </div>
        </Col>
      </Row>
      <Tabs
        items={groups.map((g) => ({
          key: g,
          label: (
            <span data-testid={`diff-group-${g}`} data-count={findings[g].length}>
              <span style={{ color: GROUP_COLOURS[g] }}>{t(`versions.group.${g}`)}</span> ({findings[g].length})
            </span>
          ),
          children: <FindingTable rows={findings[g]} />,
        }))}
      />
      <Row gutter={16} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('versions.permissions')}>
            <Typography.Text strong>{t('versions.added')}</Typography.Text>
            <TagList items={permissions.added} colour="red" testId="diff-perm-added" />
            <Typography.Text strong>{t('versions.removed')}</Typography.Text>
            <TagList items={permissions.removed} colour="green" testId="diff-perm-removed" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('versions.sdks')}>
            <Table
              data-testid="diff-sdks"
              size="small"
              rowKey="key"
              dataSource={sdkRows}
              pagination={false}
              locale={{ emptyText: t('versions.none') }}
              onRow={(r) => ({ 'data-testid': `diff-sdk-${r.key}` }) as HTMLAttributes<HTMLElement>}
              columns={[
                { key: 'name', title: t('result.sdk.name'), render: (_, r) => r.name },
                { key: 'change', title: t('versions.change'), width: 110, render: (_, r) => <Tag color={r.colour}>{r.change}</Tag> },
                { key: 'detail', title: t('result.sdk.version'), render: (_, r) => r.detail || '-' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
