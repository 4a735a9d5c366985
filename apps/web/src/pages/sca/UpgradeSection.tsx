/**
 * The upgrade plan: for every vulnerable component the minimal version that
 * fixes all of its advisories (the engine verified it by matching again),
 * and which of the project's own dependencies brings it in — the one to
 * upgrade or override when the component is transitive.
 */
import { useMemo } from 'react';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ComponentRow, LEVELS, type ScaView } from './model.ts';
import { LevelTag } from './Sections.tsx';

export function UpgradePlan({ view }: { view: ScaView }) {
  const { t } = useTranslation();
  const rows = useMemo(
    () => view.components.filter((c) => c.vulnerabilities.length > 0).sort((a, b) => LEVELS.indexOf(a.worst ?? 'unknown') - LEVELS.indexOf(b.worst ?? 'unknown') || a.name.localeCompare(b.name)),
    [view],
  );
  const clean = rows.filter((c) => c.fix && c.fixClean).length;
  const partial = rows.filter((c) => c.fix && !c.fixClean).length;
  const none = rows.length - clean - partial;
  const via = (c: ComponentRow): string => {
    const first = c.paths[0];
    return !c.direct && first && first.length > 1 ? first[0]! : '';
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.length ? <Alert type="info" showIcon data-testid="sca-upgrade-summary" title={t('sca.upgrade.summary', { n: rows.length, clean, partial, none })} /> : null}
      <Table<ComponentRow>
        size="small"
        rowKey="ref"
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        data-testid="sca-upgrades"
        locale={{ emptyText: t('sca.upgrade.none') }}
        columns={[
          { title: t('sca.component'), key: 'name', render: (_: unknown, c) => <Space size={4}><Typography.Text>{c.name}</Typography.Text>{c.worst ? <LevelTag level={c.worst} /> : null}</Space> },
          { title: t('sca.upgrade.current'), dataIndex: 'version' },
          { title: t('sca.upgrade.target'), key: 'fix', render: (_: unknown, c) => (c.fix ? <Space size={4}><Typography.Text strong data-testid="sca-upgrade-to">{c.fix}</Typography.Text>{c.fixClean ? <Tag color="green">{t('sca.upgrade.clean')}</Tag> : <Tag color="orange">{t('sca.upgrade.partial')}</Tag>}</Space> : <Tag>{t('sca.noFix')}</Tag>) },
          { title: t('sca.vulnCount'), key: 'n', render: (_: unknown, c) => c.vulnerabilities.length },
          { title: t('sca.upgrade.how'), key: 'how', render: (_: unknown, c) => (c.direct ? t('sca.upgrade.direct') : via(c) ? t('sca.upgrade.via', { dep: via(c) }) : t('sca.upgrade.transitive')) },
        ]}
      />
    </Space>
  );
}
