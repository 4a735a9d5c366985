/** The SCA result sections: overview, the component list (search, filters, paths) and the vulnerability list. */
import { useMemo, useState } from 'react';
import { Alert, Descriptions, Input, Segmented, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ComponentRow, LEVELS, type Level, type ScaView, type VulnRow } from './model.ts';

const LEVEL_COLOR: Record<Level, string> = { critical: 'magenta', high: 'red', medium: 'orange', low: 'gold', unknown: 'default' };

export function LevelTag({ level }: { level: Level }) {
  const { t } = useTranslation();
  return <Tag color={LEVEL_COLOR[level]}>{t(`sca.levels.${level}`)}</Tag>;
}

export function Overview({ view }: { view: ScaView }) {
  const { t } = useTranslation();
  const byLevel = LEVELS.map((l) => [l, view.vulnerabilities.filter((v) => v.level === l).length] as const).filter(([, n]) => n > 0);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {!view.matched ? <Alert type="warning" showIcon title={t('sca.noData')} data-testid="sca-no-data" /> : null}
      <Space size="large" wrap>
        <Statistic title={t('sca.componentCount')} value={view.components.length} />
        <Statistic title={t('sca.vulnerableCount')} value={view.components.filter((c) => c.vulnerabilities.length > 0).length} />
        <Statistic title={t('sca.vulnCount')} value={view.vulnerabilities.length} />
        <Statistic title={t('sca.unpinnedCount')} value={view.components.filter((c) => c.unresolved).length} />
      </Space>
      {byLevel.length ? (
        <Space wrap data-testid="sca-levels">
          {byLevel.map(([l, n]) => (
            <span key={l}>
              <LevelTag level={l} /> {n}
            </span>
          ))}
        </Space>
      ) : null}
      <Descriptions size="small" column={1} bordered title={t('sca.manifests')}>
        {view.manifests.map((m) => (
          <Descriptions.Item key={m.file} label={m.file}>
            {m.format} · {t('sca.packages')} {m.packages}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Space>
  );
}

type Filter = 'all' | 'vulnerable' | 'unpinned';

export function ComponentTable({ view }: { view: ScaView }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>(view.vulnerabilities.length > 0 ? 'vulnerable' : 'all');
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return view.components
      .filter((c) => (filter === 'vulnerable' ? c.vulnerabilities.length > 0 : filter === 'unpinned' ? !!c.unresolved : true))
      .filter((c) => !q || c.name.toLowerCase().includes(q))
      .sort((a, b) => LEVELS.indexOf(a.worst ?? 'unknown') - LEVELS.indexOf(b.worst ?? 'unknown') - (a.worst ? 0 : 10) + (b.worst ? 0 : 10) || a.name.localeCompare(b.name));
  }, [view, query, filter]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search allowClear placeholder={t('sca.search')} onChange={(e) => setQuery(e.target.value)} style={{ width: 260 }} data-testid="sca-search" />
        <Segmented<Filter>
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'all', label: t('sca.filterAll') },
            { value: 'vulnerable', label: t('sca.filterVulnerable') },
            { value: 'unpinned', label: t('sca.filterUnpinned') },
          ]}
          data-testid="sca-filter"
        />
      </Space>
      <Table<ComponentRow>
        size="small"
        rowKey="ref"
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        data-testid="sca-components"
        expandable={{
          rowExpandable: (c) => c.paths.length > 0 || c.files.length > 0,
          expandedRowRender: (c) => (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('sca.paths')}>
                <Space direction="vertical" size={0}>
                  {c.paths.map((p, i) => (
                    <Typography.Text key={i} code>
                      {p.join(' → ')}
                    </Typography.Text>
                  ))}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('sca.files')}>{c.files.join(', ')}</Descriptions.Item>
            </Descriptions>
          ),
        }}
        columns={[
          { title: t('sca.name'), dataIndex: 'name', render: (n: string, c) => <span data-testid="sca-component-name">{n}{c.worst ? <> <LevelTag level={c.worst} /></> : null}</span> },
          { title: t('sca.version'), dataIndex: 'version', render: (v: string, c) => (v ? v : c.unresolved ? <Tag>{t('sca.unpinned')}</Tag> : '') },
          { title: t('sca.ecosystem'), dataIndex: 'ecosystem' },
          { title: t('sca.scope'), key: 'scope', render: (_: unknown, c) => <Space size={2}>{c.direct ? <Tag color="blue">{t('sca.direct')}</Tag> : <Tag>{t('sca.transitive')}</Tag>}{c.dev ? <Tag>{t('sca.dev')}</Tag> : null}</Space> },
          { title: t('sca.vulnerabilities'), key: 'vulns', render: (_: unknown, c) => c.vulnerabilities.length || '' },
          { title: t('sca.fix'), key: 'fix', render: (_: unknown, c) => (c.vulnerabilities.length === 0 ? '' : c.fix ? (c.fixClean ? c.fix : t('sca.fixPartial', { v: c.fix })) : t('sca.noFix')) },
          { title: t('sca.path'), key: 'path', render: (_: unknown, c) => (c.paths[0] && c.paths[0].length > 1 ? <Typography.Text type="secondary" data-testid="sca-path">{c.paths[0].join(' → ')}</Typography.Text> : '') },
        ]}
      />
    </Space>
  );
}

export function VulnerabilityTable({ view }: { view: ScaView }) {
  const { t } = useTranslation();
  const byRef = useMemo(() => new Map(view.components.map((c) => [c.ref, c])), [view]);
  return (
    <Table<VulnRow>
      size="small"
      rowKey="key"
      dataSource={[...view.vulnerabilities].sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) || (b.score ?? 0) - (a.score ?? 0))}
      pagination={{ pageSize: 50, showSizeChanger: false }}
      data-testid="sca-vulnerabilities"
      locale={{ emptyText: t('sca.none') }}
      columns={[
        { title: t('sca.vulnIds'), key: 'id', render: (_: unknown, v) => <Space direction="vertical" size={0}><Typography.Text strong data-testid="sca-vuln-id">{v.id}</Typography.Text>{v.ids.filter((x) => x !== v.id).map((x) => <Typography.Text key={x} type="secondary">{x}</Typography.Text>)}</Space> },
        { title: t('sca.level'), dataIndex: 'level', render: (l: Level) => <LevelTag level={l} /> },
        { title: t('sca.score'), dataIndex: 'score', render: (s?: number) => s ?? '' },
        { title: t('sca.component'), key: 'component', render: (_: unknown, v) => { const c = byRef.get(v.component); return c ? `${c.name}@${c.version}` : ''; } },
        { title: t('sca.fixed'), key: 'fixed', render: (_: unknown, v) => v.fixed.join(', ') || t('sca.noFix') },
        { title: t('sca.summary'), dataIndex: 'summary', ellipsis: true },
      ]}
    />
  );
}
