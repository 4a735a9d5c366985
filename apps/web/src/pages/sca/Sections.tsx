/** The SCA result sections: overview, the component list (search, filters, paths) and the vulnerability list. */
import { useMemo, useState } from 'react';
import { Alert, Descriptions, Input, Segmented, Select, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type ComponentRow, type EolInfo, LEVELS, type Level, type LicenceInfo, type ScaView, type VulnRow } from './model.ts';

const LEVEL_COLOR: Record<Level, string> = { critical: 'magenta', high: 'red', medium: 'orange', low: 'gold', unknown: 'default' };

export function LevelTag({ level }: { level: Level }) {
  const { t } = useTranslation();
  return <Tag color={LEVEL_COLOR[level]}>{t(`sca.levels.${level}`)}</Tag>;
}

export function Overview({ view }: { view: ScaView }) {
  const { t } = useTranslation();
  const live = view.vulnerabilities.filter((v) => !v.suppressed);
  const byLevel = LEVELS.map((l) => [l, live.filter((v) => v.level === l).length] as const).filter(([, n]) => n > 0);
  const ended = view.components.filter((c) => c.eol?.ended).length + view.releases.filter((r) => r.eol.ended).length + view.runtimes.filter((r) => r.eol.ended).length;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {!view.matched ? <Alert type="warning" showIcon title={t('sca.noData')} data-testid="sca-no-data" /> : null}
      <Space size="large" wrap>
        <Statistic title={t('sca.componentCount')} value={view.components.length} />
        <Statistic title={t('sca.vulnerableCount')} value={view.components.filter((c) => c.vulnerabilities.length > 0).length} />
        <Statistic title={t('sca.vulnCount')} value={live.length} />
        <Statistic title={t('sca.suppressedCount')} value={view.vulnerabilities.length - live.length} />
        <Statistic title={t('sca.unpinnedCount')} value={view.components.filter((c) => c.unresolved).length} />
        <Statistic title={t('sca.eolCount')} value={ended} />
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
      {view.releases.map((r) => (
        <Alert key={r.ecosystem} type={r.eol.ended ? 'warning' : 'info'} showIcon data-testid="sca-release-eol" title={t(r.eol.ended ? 'sca.eol.releaseEnded' : 'sca.eol.releaseSupported', { release: `${r.eol.title} ${r.eol.cycle ?? ''}`, date: eolDate(t, r.eol.eol) })} />
      ))}
      {view.runtimes.map((r) => (
        <Alert key={`${r.runtime}|${r.version}|${r.file}`} type={r.eol.ended ? 'warning' : 'info'} showIcon data-testid="sca-runtime-eol" title={t(r.eol.ended ? 'sca.eol.runtimeEnded' : 'sca.eol.runtimeSupported', { runtime: `${r.eol.title} ${r.version}`, file: r.file, date: eolDate(t, r.eol.eol) })} />
      ))}
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

type Filter = 'all' | 'vulnerable' | 'unpinned' | 'licence' | 'eol';
type Scope = 'any' | 'direct' | 'transitive' | 'production' | 'dev';

const licenceProblem = (c: ComponentRow): boolean => c.licence?.verdict === 'denied' || c.licence?.verdict === 'not_allowed' || (c.licence?.unknown.length ?? 0) > 0;
const inScope = (c: ComponentRow, s: Scope): boolean => (s === 'direct' ? c.direct : s === 'transitive' ? !c.direct : s === 'production' ? !c.dev : s === 'dev' ? c.dev : true);

export function ComponentTable({ view }: { view: ScaView }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>(view.components.some((c) => c.vulnerabilities.length > 0) ? 'vulnerable' : 'all');
  const [scope, setScope] = useState<Scope>('any');
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return view.components
      .filter((c) => (filter === 'vulnerable' ? c.vulnerabilities.length > 0 : filter === 'unpinned' ? !!c.unresolved : filter === 'licence' ? licenceProblem(c) : filter === 'eol' ? !!c.eol?.ended : true))
      .filter((c) => inScope(c, scope))
      .filter((c) => !q || c.name.toLowerCase().includes(q))
      .sort((a, b) => LEVELS.indexOf(a.worst ?? 'unknown') - LEVELS.indexOf(b.worst ?? 'unknown') - (a.worst ? 0 : 10) + (b.worst ? 0 : 10) || a.name.localeCompare(b.name));
  }, [view, query, filter, scope]);
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
            { value: 'licence', label: t('sca.filterLicence') },
            { value: 'eol', label: t('sca.filterEol') },
          ]}
          data-testid="sca-filter"
        />
        <Select<Scope>
          value={scope}
          onChange={setScope}
          style={{ width: 160 }}
          data-testid="sca-scope"
          options={(['any', 'direct', 'transitive', 'production', 'dev'] as const).map((v) => ({ value: v, label: t(`sca.scopes.${v}`) }))}
        />
      </Space>
      <Table<ComponentRow>
        size="small"
        rowKey="ref"
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        data-testid="sca-components"
        expandable={{
          rowExpandable: (c) => c.paths.length > 0 || c.files.length > 0 || !!c.eol,
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
              {c.eol ? (
                <Descriptions.Item label={t('sca.eol.label')}>
                  {t(c.eol.ended ? 'sca.eol.ended' : 'sca.eol.supported', { product: `${c.eol.title} ${c.eol.cycle ?? ''}`, date: eolDate(t, c.eol.eol) })}
                  {c.eol.latest || c.eol.newest ? ` ${t('sca.eol.upgrade', { latest: c.eol.latest ?? '-', newest: c.eol.newest ?? '-' })}` : ''}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          ),
        }}
        columns={[
          { title: t('sca.name'), dataIndex: 'name', render: (n: string, c) => <span data-testid="sca-component-name">{n}{c.worst ? <> <LevelTag level={c.worst} /></> : null}{c.eol?.ended ? <> <Tag color="volcano" data-testid="sca-eol-tag">{t('sca.eol.tag')}</Tag></> : null}</span> },
          { title: t('sca.version'), dataIndex: 'version', render: (v: string, c) => (v ? v : c.unresolved ? <Tag>{t('sca.unpinned')}</Tag> : '') },
          { title: t('sca.ecosystem'), dataIndex: 'ecosystem' },
          { title: t('sca.scope'), key: 'scope', render: (_: unknown, c) => <Space size={2}>{c.direct ? <Tag color="blue">{t('sca.direct')}</Tag> : <Tag>{t('sca.transitive')}</Tag>}{c.dev ? <Tag>{t('sca.dev')}</Tag> : null}</Space> },
          { title: t('sca.licence'), key: 'licence', render: (_: unknown, c) => (c.licence ? <LicenceCell licence={c.licence} /> : '') },
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
      dataSource={view.vulnerabilities.filter((v) => !v.suppressed).sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) || (b.score ?? 0) - (a.score ?? 0))}
      pagination={{ pageSize: 50, showSizeChanger: false }}
      data-testid="sca-vulnerabilities"
      locale={{ emptyText: t('sca.none') }}
      columns={[
        { title: t('sca.vulnIds'), key: 'id', render: (_: unknown, v) => <Space direction="vertical" size={0}><Typography.Text strong data-testid="sca-vuln-id">{v.id}</Typography.Text>{v.ids.filter((x) => x !== v.id).map((x) => <Typography.Text key={x} type="secondary">{x}</Typography.Text>)}</Space> },
        { title: t('sca.level'), dataIndex: 'level', render: (l: Level) => <LevelTag level={l} /> },
        { title: t('sca.score'), dataIndex: 'score', render: (s?: number) => s ?? '' },
        { title: t('sca.component'), key: 'component', render: (_: unknown, v) => { const c = byRef.get(v.component); return c ? `${c.name}@${c.version}` : ''; } },
        { title: t('sca.fixed'), key: 'fixed', render: (_: unknown, v) => v.fixed.join(', ') || t('sca.noFix') },
        { title: t('sca.reach.title'), key: 'reach', render: (_: unknown, v) => <ReachCell vuln={v} /> },
        { title: t('sca.summary'), dataIndex: 'summary', ellipsis: true },
      ]}
    />
  );
}

/** An end-of-life date as the page shows it: the date, or "no date recorded" / "not announced". */
export function eolDate(t: TFunction, eol: EolInfo['eol']): string {
  return typeof eol === 'string' ? eol : eol ? t('sca.eol.noDate') : t('sca.eol.notAnnounced');
}

const VERDICT_COLOR = { ok: 'green', denied: 'red', not_allowed: 'orange', undecided: 'default' } as const;

export function LicenceCell({ licence }: { licence: LicenceInfo }) {
  const { t } = useTranslation();
  return (
    <Space size={2} wrap>
      <Typography.Text code>{licence.expression ?? licence.declared}</Typography.Text>
      {licence.verdict && licence.verdict !== 'ok' ? <Tag color={VERDICT_COLOR[licence.verdict]} data-testid="sca-licence-verdict">{t(`sca.verdicts.${licence.verdict}`)}</Tag> : null}
      {!licence.expression ? <Tag>{t('sca.verdicts.unknownLicence')}</Tag> : null}
    </Space>
  );
}

const REACH_COLOR = { called: 'red', imported: 'orange', not_imported: 'green' } as const;

/** The reachability hint of one vulnerability: only where the advisory names functions and the project's own code could be read. */
export function ReachCell({ vuln }: { vuln: VulnRow }) {
  const { t } = useTranslation();
  if (!vuln.reach) return <Typography.Text type="secondary">{t('sca.reach.none')}</Typography.Text>;
  const r = vuln.reach;
  const tip = [r.symbols.length ? `${t('sca.reach.symbols')}: ${r.symbols.slice(0, 8).join(', ')}` : '', r.files.length ? `${t('sca.reach.files')}: ${r.files.slice(0, 5).join(', ')}` : ''].filter(Boolean).join('\n');
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{tip}</span>}>
      <Tag color={REACH_COLOR[r.state]} data-testid="sca-reach">{t(`sca.reach.${r.state}`)}</Tag>
    </Tooltip>
  );
}
