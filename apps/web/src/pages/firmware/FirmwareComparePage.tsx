/**
 * 固件对比 (`?a=TASK_UID&b=TASK_UID`): two finished firmware assessments side by
 * side — files only in A, only in B and changed, component versions, findings
 * new and fixed — computed from the stored results (engine-firmware's compare).
 */
import { useEffect, useState } from 'react';
import type { RouteNode } from '@citadel/contracts';
import { compareAssessments, type FirmwareComparison } from '@citadel/engine-firmware/compare';
import { Alert, Button, Col, Form, Input, Row, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { previewTask } from '../../api/tasks.ts';
import { useTitle } from '../../locales/i18n.ts';
import { TextDiff } from './TextDiff.tsx';
import './texts.ts';

export function FirmwareComparePage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const [params, setParams] = useSearchParams();
  const [a, setA] = useState(params.get('a') ?? '');
  const [b, setB] = useState(params.get('b') ?? '');
  const [result, setResult] = useState<FirmwareComparison>();
  // The task numbers the shown result was made from (the inputs may be edited since).
  const [ran, setRan] = useState<{ a: string; b: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (x: string, y: string) => {
    if (!x || !y) {
      setError(t('firmware.needTwo'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const [pa, pb] = await Promise.all([previewTask(x), previewTask(y)]);
      if (!pa.assessment || !pb.assessment || pa.assessment.platform !== 'firmware' || pb.assessment.platform !== 'firmware') throw new Error(t('firmware.notFirmware'));
      setResult(compareAssessments(pa.assessment, pb.assessment));
      setRan({ a: x, b: y });
      setParams({ a: x, b: y }, { replace: true });
    } catch (e) {
      setResult(undefined);
      setError((e as Error).message || t('firmware.notFirmware'));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (a && b) void run(a, b);
    // Only the query's first values start a comparison by themselves.
  }, []);

  const fileCols = [
    { title: t('firmware.file'), dataIndex: 'path' },
    { title: t('firmware.kind'), dataIndex: 'type', render: (k: string) => t(`firmware.nodeTypes.${k}`, { defaultValue: k }) },
    { title: t('firmware.size'), dataIndex: 'size' },
  ];
  const findingCols = [
    { title: t('firmware.rule'), dataIndex: 'ruleId' },
    { title: t('firmware.file'), dataIndex: 'file' },
    { title: t('firmware.evidence'), dataIndex: 'snippet' },
  ];
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Form layout="inline" onFinish={() => void run(a.trim(), b.trim())} style={{ marginBottom: 16 }}>
        <Form.Item label={t('firmware.taskA')}>
          <Input value={a} onChange={(e) => setA(e.target.value)} data-testid="compare-a" style={{ width: 280 }} />
        </Form.Item>
        <Form.Item label={t('firmware.taskB')}>
          <Input value={b} onChange={(e) => setB(e.target.value)} data-testid="compare-b" style={{ width: 280 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="compare-run">
          {t('firmware.run')}
        </Button>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="compare-error" /> : null}
      {result ? (
        <div data-testid="compare-result">
          <Row gutter={16} style={{ marginBottom: 12 }}>
            {(['a', 'b'] as const).map((side) => (
              <Col span={12} key={side}>
                <Typography.Text strong>{side.toUpperCase()}: </Typography.Text>
                {[result[side].vendor, result[side].model, result[side].firmwareVersion].filter(Boolean).join(' ')} ({String(result[side].fileName ?? '')})
              </Col>
            ))}
          </Row>
          <Typography.Paragraph type="secondary">{t('firmware.unchanged', { n: result.unchanged })}</Typography.Paragraph>
          <Tabs
            items={[
              { key: 'onlyA', label: `${t('firmware.onlyA')} (${result.onlyInA.length})`, children: <Table size="small" rowKey="path" dataSource={result.onlyInA} columns={fileCols} data-testid="compare-only-a" /> },
              { key: 'onlyB', label: `${t('firmware.onlyB')} (${result.onlyInB.length})`, children: <Table size="small" rowKey="path" dataSource={result.onlyInB} columns={fileCols} data-testid="compare-only-b" /> },
              {
                key: 'changed',
                label: `${t('firmware.changed')} (${result.changed.length})`,
                children: (
                  <Table
                    size="small"
                    rowKey="path"
                    dataSource={result.changed}
                    data-testid="compare-changed"
                    expandable={{
                      // Text diffs are re-carved from both stored images on the server, one file at a time, when asked for.
                      rowExpandable: (c) => c.type === 'file',
                      expandedRowRender: (c) => (ran ? <TextDiff taskA={ran.a} taskB={ran.b} path={c.path} /> : null),
                    }}
                    columns={[
                      { title: t('firmware.file'), dataIndex: 'path' },
                      { title: 'A', render: (_: unknown, c) => `${c.a.size} ${c.a.target ?? c.a.sha1?.slice(0, 12) ?? ''}` },
                      { title: 'B', render: (_: unknown, c) => `${c.b.size} ${c.b.target ?? c.b.sha1?.slice(0, 12) ?? ''}` },
                    ]}
                  />
                ),
              },
              {
                key: 'components',
                label: t('firmware.components'),
                children: (
                  <div data-testid="compare-components">
                    {result.components.changed.map((c) => (
                      <div key={c.name}>
                        <Tag color="orange">{t('firmware.compChanged')}</Tag> {c.name}: {c.a} → {c.b}
                      </div>
                    ))}
                    {result.components.added.map((c) => (
                      <div key={`+${c.name}${c.version}`}>
                        <Tag color="green">{t('firmware.added')}</Tag> {c.name} {c.version}
                      </div>
                    ))}
                    {result.components.removed.map((c) => (
                      <div key={`-${c.name}${c.version}`}>
                        <Tag>{t('firmware.removed')}</Tag> {c.name} {c.version}
                      </div>
                    ))}
                  </div>
                ),
              },
              { key: 'new', label: `${t('firmware.newFindings')} (${result.findings.new.length})`, children: <Table size="small" rowKey={(f) => `${f.ruleId}|${f.file ?? ''}|${f.snippet ?? ''}`} dataSource={result.findings.new} columns={findingCols} data-testid="compare-new" /> },
              { key: 'fixed', label: `${t('firmware.fixedFindings')} (${result.findings.fixed.length})`, children: <Table size="small" rowKey={(f) => `${f.ruleId}|${f.file ?? ''}|${f.snippet ?? ''}`} dataSource={result.findings.fixed} columns={findingCols} data-testid="compare-fixed" /> },
            ]}
          />
        </div>
      ) : null}
    </PageCard>
  );
}
