/**
 * 版本对比 (`?a=TASK_UID&b=TASK_UID`): two finished software-component
 * assessments of one project, A the earlier and B the later — components
 * added, removed and upgraded, vulnerabilities new in B and fixed since A,
 * licence changes — computed in the browser from the stored results
 * (engine-sca's compare, like the firmware compare).
 */
import { useEffect, useState } from 'react';
import type { RouteNode, TaskRow } from '@citadel/contracts';
import { compareScaAssessments, type CompareComponent, type CompareVuln, type ScaComparison } from '@citadel/engine-sca/compare';
import { Alert, Button, Form, Select, Space, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { listTasks, previewTask } from '../../api/tasks.ts';
import { useTitle } from '../../locales/i18n.ts';
import { LevelTag } from './Sections.tsx';
import './texts.ts';

export function ScaComparePage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const [params, setParams] = useSearchParams();
  const [a, setA] = useState(params.get('a') ?? '');
  const [b, setB] = useState(params.get('b') ?? '');
  const [tasks, setTasks] = useState<TaskRow[]>([]);
  const [result, setResult] = useState<ScaComparison>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The finished SCA tasks the user may see, newest first: what can be compared.
    listTasks({ platform: 'sca', status: 'FINISHED', page: 1, page_size: 50 }, { quiet: true })
      .then((r) => setTasks(r.list))
      .catch(() => setTasks([]));
  }, []);

  const run = async (x: string, y: string) => {
    if (!x || !y || x === y) {
      setError(t('sca.compare.needTwo'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const [pa, pb] = await Promise.all([previewTask(x, { quiet: true }), previewTask(y, { quiet: true })]);
      if (!pa.assessment || !pb.assessment || pa.assessment.platform !== 'sca' || pb.assessment.platform !== 'sca') throw new Error('not sca');
      setResult(compareScaAssessments(pa.assessment, pb.assessment));
      setParams({ a: x, b: y }, { replace: true });
    } catch {
      setResult(undefined);
      setError(t('sca.compare.notSca'));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (a && b) void run(a, b);
    // Only the query's first values start a comparison by themselves.
  }, []);

  const options = tasks.map((r) => ({ value: r.task_uid, label: `${r.file_name || r.app_name || r.task_uid} · ${new Date(r.created_at).toLocaleString()}` }));
  const compCols = [
    { title: t('sca.name'), dataIndex: 'name' },
    { title: t('sca.version'), dataIndex: 'version' },
    { title: t('sca.ecosystem'), dataIndex: 'ecosystem' },
    { title: t('sca.scope'), key: 'scope', render: (_: unknown, c: CompareComponent) => <Space size={2}>{c.direct ? <Tag color="blue">{t('sca.direct')}</Tag> : <Tag>{t('sca.transitive')}</Tag>}{c.dev ? <Tag>{t('sca.dev')}</Tag> : null}</Space> },
  ];
  const vulnCols = [
    { title: t('sca.vulnIds'), key: 'id', render: (_: unknown, v: CompareVuln) => <Space direction="vertical" size={0}><Typography.Text strong>{v.id}</Typography.Text>{v.ids.filter((x) => x !== v.id).slice(0, 4).map((x) => <Typography.Text key={x} type="secondary">{x}</Typography.Text>)}</Space> },
    { title: t('sca.level'), key: 'level', render: (_: unknown, v: CompareVuln) => <LevelTag level={v.level} /> },
    { title: t('sca.component'), key: 'c', render: (_: unknown, v: CompareVuln) => `${v.name}@${v.version}` },
    { title: t('sca.summary'), dataIndex: 'summary', ellipsis: true },
  ];
  const vkey = (v: CompareVuln) => `${v.ecosystem}|${v.name}@${v.version}|${v.id}`;
  const ckey = (c: CompareComponent) => `${c.ecosystem}|${c.name}@${c.version}`;
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Typography.Paragraph type="secondary">{t('sca.compare.hint')}</Typography.Paragraph>
      <Form layout="inline" onFinish={() => void run(a, b)} style={{ marginBottom: 16 }}>
        <Form.Item label={t('sca.compare.a')}>
          <Select showSearch optionFilterProp="label" value={a || undefined} onChange={setA} options={options} style={{ width: 340 }} data-testid="sca-compare-a" placeholder={t('sca.compare.pick')} />
        </Form.Item>
        <Form.Item label={t('sca.compare.b')}>
          <Select showSearch optionFilterProp="label" value={b || undefined} onChange={setB} options={options} style={{ width: 340 }} data-testid="sca-compare-b" placeholder={t('sca.compare.pick')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="sca-compare-run">
          {t('sca.compare.run')}
        </Button>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="sca-compare-error" /> : null}
      {result ? (
        <div data-testid="sca-compare-result">
          {!result.sameProject ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('sca.compare.otherProject', { a: result.a.name, b: result.b.name })} data-testid="sca-compare-other-project" /> : null}
          <Space size="large" wrap style={{ marginBottom: 12 }}>
            <Statistic title={t('sca.compare.components')} value={`${result.a.components} → ${result.b.components}`} />
            <Statistic title={t('sca.vulnCount')} value={`${result.a.vulnerabilities} → ${result.b.vulnerabilities}`} />
            <Statistic title={t('sca.compare.newVulns')} value={result.newVulns.length} />
            <Statistic title={t('sca.compare.fixedVulns')} value={result.fixedVulns.length} />
          </Space>
          <Typography.Paragraph type="secondary">{t('sca.compare.unchanged', { n: result.unchanged, remaining: result.remainingVulns })}</Typography.Paragraph>
          <Tabs
            items={[
              { key: 'new', label: `${t('sca.compare.newVulns')} (${result.newVulns.length})`, children: <Table size="small" rowKey={vkey} dataSource={result.newVulns} columns={vulnCols} data-testid="sca-compare-new" locale={{ emptyText: t('sca.none') }} /> },
              { key: 'fixed', label: `${t('sca.compare.fixedVulns')} (${result.fixedVulns.length})`, children: <Table size="small" rowKey={vkey} dataSource={result.fixedVulns} columns={vulnCols} data-testid="sca-compare-fixed" locale={{ emptyText: t('sca.none') }} /> },
              {
                key: 'changed',
                label: `${t('sca.compare.changed')} (${result.changed.length})`,
                children: (
                  <Table
                    size="small"
                    rowKey={(c) => `${c.ecosystem}|${c.name}`}
                    dataSource={result.changed}
                    data-testid="sca-compare-changed"
                    locale={{ emptyText: t('sca.none') }}
                    columns={[
                      { title: t('sca.name'), dataIndex: 'name' },
                      { title: t('sca.ecosystem'), dataIndex: 'ecosystem' },
                      { title: 'A', key: 'from', render: (_: unknown, c) => c.from.join(', ') },
                      { title: 'B', key: 'to', render: (_: unknown, c) => c.to.join(', ') },
                      { title: t('sca.compare.direction'), key: 'dir', render: (_: unknown, c) => <Tag color={c.direction === 'up' ? 'green' : c.direction === 'down' ? 'orange' : 'default'}>{t(`sca.compare.directions.${c.direction}`)}</Tag> },
                    ]}
                  />
                ),
              },
              { key: 'added', label: `${t('sca.compare.added')} (${result.added.length})`, children: <Table size="small" rowKey={ckey} dataSource={result.added} columns={compCols} data-testid="sca-compare-added" locale={{ emptyText: t('sca.none') }} /> },
              { key: 'removed', label: `${t('sca.compare.removed')} (${result.removed.length})`, children: <Table size="small" rowKey={ckey} dataSource={result.removed} columns={compCols} data-testid="sca-compare-removed" locale={{ emptyText: t('sca.none') }} /> },
              {
                key: 'licences',
                label: `${t('sca.compare.licences')} (${result.licenceChanges.length})`,
                children: (
                  <Table
                    size="small"
                    rowKey={(c) => `${c.ecosystem}|${c.name}`}
                    dataSource={result.licenceChanges}
                    data-testid="sca-compare-licences"
                    locale={{ emptyText: t('sca.none') }}
                    columns={[
                      { title: t('sca.name'), dataIndex: 'name' },
                      { title: 'A', dataIndex: 'from' },
                      { title: 'B', dataIndex: 'to' },
                    ]}
                  />
                ),
              },
            ]}
          />
        </div>
      ) : null}
    </PageCard>
  );
}
