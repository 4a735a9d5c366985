/**
 * The result page of a network or industrial task (`?task_uid=…`): the
 * result header, then host → services (product, version, access, device
 * identity) → the problems found on each service with their proof, then
 * every catalogue item with its texts (the generic findings panel). The
 * inventory can be exported (CSV/JSON) by users holding `<resource>-download`.
 */
import { useMemo } from 'react';
import type { Finding, RouteNode, RuleTexts } from '@citadel/contracts';
import { Button, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Permission } from '../../access/index.ts';
import { feedback } from '../../app/feedback.ts';
import { Loading, PageCard } from '../../components/index.ts';
import { FindingsPanel, ResultSummary, RiskTag } from '../../components/result/index.ts';
import { StatusCell } from '../../components/task-table/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { downloadInventory } from './api.ts';
import { RESOURCE, platformOf } from './platform.ts';
import './texts.ts';
import { useTaskPreview } from '../evaluation/use-task-preview.ts';
import { ResultNotFound, ResultNotReady } from '../evaluation/ResultStates.tsx';

interface PortRow {
  port: number;
  /** Set by the engine for services found over UDP (SNMP, DNS, BACnet); TCP otherwise. */
  transport?: 'udp';
  service?: string;
  product?: string;
  version?: string;
  access?: string;
  extra?: Record<string, string>;
}
interface HostRow {
  address: string;
  name?: string;
  ports: PortRow[];
}

/** The evidence location of a service, as the engine writes it (`host:port`, `host:port/udp`). */
const where = (address: string, p: PortRow) => `${address.includes(':') ? `[${address}]` : address}:${p.port}${p.transport ? `/${p.transport}` : ''}`;
/** Row key and transport label: 53/tcp and 53/udp are two services. */
const transportOf = (p: PortRow) => p.transport ?? 'tcp';
const rowKey = (p: PortRow) => `${p.port}/${transportOf(p)}`;

export function NetworkResultPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const [params] = useSearchParams();
  const uid = params.get('task_uid') ?? '';
  const { answer, state } = useTaskPreview(uid);
  const platform = platformOf(node);

  /** Failed items per host:port, for the services table. */
  const problems = useMemo(() => {
    const m = new Map<string, { finding: Finding; detail: string; request?: string; response?: string }[]>();
    for (const f of answer?.assessment?.findings ?? []) {
      if (f.result !== 'fail') continue;
      for (const e of f.evidence) if (e.file) m.set(e.file, [...(m.get(e.file) ?? []), { finding: f, detail: e.detail ?? '', ...(e.request ? { request: e.request } : {}), ...(e.response ? { response: e.response } : {}) }]);
    }
    return m;
  }, [answer]);

  if (state === 'loading' && !answer) return <Loading />;
  if (!answer) return <ResultNotFound node={node} />;
  const { task, assessment, rules } = answer;
  const hosts = Array.isArray(assessment?.target.hosts) ? (assessment!.target.hosts as HostRow[]) : [];
  const accessTag = (a?: string) =>
    a === 'open' ? <Tag color="red">{t('network.accessOpen')}</Tag> : a === 'auth_required' ? <Tag color="green">{t('network.accessAuth')}</Tag> : a === 'refused' ? <Tag>{t('network.accessRefused')}</Tag> : null;
  const download = (format: 'csv' | 'json') => downloadInventory(task.task_uid, format).catch((e: Error) => feedback.error(e.message));

  return (
    <div data-testid="result-page" data-task-uid={task.task_uid}>
      <PageCard title={title(node.title)} testId={`page-${node.key}`} extra={<StatusCell row={task} />}>
        <ResultSummary assessment={assessment} task={task} />
      </PageCard>
      {!assessment ? (
        <PageCard>
          <ResultNotReady task={task} />
        </PageCard>
      ) : (
        <>
          <PageCard
            title={t('network.hosts')}
            extra={
              <Permission code={`${RESOURCE[platform]}-download`}>
                <Space>
                  <Button onClick={() => download('csv')} data-testid="network-download-csv">
                    {t('network.downloadCsv')}
                  </Button>
                  <Button onClick={() => download('json')}>{t('network.downloadJson')}</Button>
                </Space>
              </Permission>
            }
          >
            {hosts.every((h) => h.ports.length === 0) ? (
              <Empty description={t('network.noHosts')} />
            ) : (
              hosts
                .filter((h) => h.ports.length > 0)
                .map((h) => (
                  <div key={h.address} data-testid={`network-host-${h.address}`} style={{ marginBottom: 24 }}>
                    <Typography.Title level={5}>
                      {t('network.host')} {h.address}
                      {h.name ? ` (${h.name})` : ''}
                    </Typography.Title>
                    <Table<PortRow>
                      size="small"
                      rowKey={rowKey}
                      pagination={false}
                      dataSource={h.ports}
                      expandable={{
                        rowExpandable: (p) => (problems.get(where(h.address, p)) ?? []).length > 0,
                        expandedRowRender: (p) => <ServiceProblems list={problems.get(where(h.address, p)) ?? []} rules={rules} />,
                      }}
                      columns={[
                        { title: t('network.port'), dataIndex: 'port', width: 80 },
                        {
                          title: t('network.transport'),
                          key: 'transport',
                          width: 80,
                          render: (_: unknown, p: PortRow) => <span data-testid="network-transport">{transportOf(p)}</span>,
                        },
                        { title: t('network.service'), dataIndex: 'service', width: 110, render: (s: string) => <span data-testid="network-service">{s}</span> },
                        { title: t('network.product'), dataIndex: 'product' },
                        { title: t('network.version'), dataIndex: 'version', width: 120 },
                        { title: t('network.access'), dataIndex: 'access', width: 110, render: accessTag },
                        // Device identity on ics; on network the facts a probe read (SMB dialect and signing, SNMP sysDescr …) when a service has any.
                        ...(platform === 'ics' || h.ports.some((p) => p.extra && Object.keys(p.extra).length > 0)
                          ? [{ title: t(platform === 'ics' ? 'network.identity' : 'network.details'), key: 'identity', render: (_: unknown, p: PortRow) => <span data-testid="network-identity">{Object.entries(p.extra ?? {}).map(([k, v]) => `${k}: ${v}`).join('; ')}</span> }]
                          : []),
                        {
                          title: t('network.findings'),
                          key: 'findings',
                          width: 110,
                          render: (_: unknown, p: PortRow) => {
                            const n = new Set((problems.get(where(h.address, p)) ?? []).map((x) => x.finding.ruleId)).size;
                            return n > 0 ? <Tag color="red" data-testid="network-problem-count">{n}</Tag> : null;
                          },
                        },
                      ]}
                    />
                  </div>
                ))
            )}
          </PageCard>
          <PageCard>
            <FindingsPanel assessment={assessment} rules={rules} />
          </PageCard>
        </>
      )}
    </div>
  );
}

function ServiceProblems({ list, rules }: { list: { finding: Finding; detail: string; request?: string; response?: string }[]; rules: Record<string, RuleTexts> }) {
  return (
    <div data-testid="network-service-problems">
      {list.map((p, i) => (
        <div key={`${p.finding.ruleId}#${i}`} style={{ marginBottom: 12 }}>
          <Space>
            <RiskTag risk={p.finding.risk} />
            <strong>{rules[p.finding.ruleId]?.title ?? p.finding.ruleId}</strong>
          </Space>
          <div style={{ color: '#595959', margin: '4px 0' }}>{p.detail}</div>
          {p.request ? <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: '#fafafa', padding: 6, margin: 0, fontSize: 12 }}>→ {p.request}</pre> : null}
          {p.response ? <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: '#fafafa', padding: 6, margin: 0, fontSize: 12 }}>← {p.response}</pre> : null}
        </div>
      ))}
    </div>
  );
}
