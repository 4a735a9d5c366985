/**
 * Overview (index/home, the default page): the caller's figures from POST
 * /home/homepage — totals, task / work-order / sample statistics, risks by
 * level, tasks per platform and status, the 30-day trend and the recent tasks.
 * Every number is the server's, for the caller's scope; charts follow the UI
 * language and resize with the window (a grid of cards from 1280 px to 4K).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Card, Col, Empty, Row, Skeleton, Statistic, Table, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { RISK_LEVELS, formatFileSize, type HomepageAnswer, type RouteNode, type TaskRow, TASK_STATUS_LABELS, type TaskStatus } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chart, RISK_COLOURS, barOption, lineOption, pieOption } from '../../components/charts/index.ts';
import { PageCard } from '../../components/index.ts';
import { StatusCell, formatTime, resultPath } from '../../components/task-table/index.ts';
import { useSite } from '../../app/session-store.ts';
import { useLang, useTitle } from '../../locales/i18n.ts';
import { fetchHomepage } from './api.ts';
import './texts.ts';
import './home.css';

const figure = (testId: string, value: number) => <span data-testid={testId} data-value={value}>{value.toLocaleString()}</span>;

export function HomePage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const lang = useLang();
  const site = useSite();
  const [data, setData] = useState<HomepageAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setData(await fetchHomepage());
      setFailed(false);
    } catch {
      setFailed(true); // the request layer has shown the message
    }
  }, []);
  useEffect(() => void load(), [load]);

  const platformName = (p: string) => t(`dash.platforms.${p}`, { defaultValue: p });
  const hint = (text: string) => (
    <Tooltip title={text}>
      <QuestionCircleOutlined style={{ marginInlineStart: 4, color: '#8c8c8c' }} />
    </Tooltip>
  );

  return (
    <PageCard title={title(node.title)} testId="page-home">
      <Typography.Title level={4} className="citadel-home__welcome">
        {t('home.welcome', { title: site.main_title || t('app.defaultTitle') })}
      </Typography.Title>
      {failed && !data && <Alert type="warning" showIcon message={t('common.networkError')} />}
      {!data && !failed && <Skeleton active paragraph={{ rows: 8 }} />}
      {data && (
        <div className="citadel-dash" data-testid="dashboard" data-scope={data.scope.all_customers ? 'all' : 'customer'}>
          <Row gutter={[16, 16]}>
            {(
              [
                ['tasks', data.totals.tasks, undefined],
                ['tasksThisMonth', data.totals.tasks_this_month, undefined],
                ['risks', data.totals.risks, t('dash.risksHint')],
                ['issues', data.totals.issues, t('dash.issuesHint')],
              ] as const
            ).map(([key, value, help]) => (
              <Col key={key} xs={24} sm={12} xl={6}>
                <Card className={`citadel-dash__kpi citadel-dash__kpi--${key}`} variant="borderless">
                  <Statistic title={<span>{t(`dash.${key}`)}{help ? hint(help) : null}</span>} valueRender={() => figure(`kpi-${key}`, value)} />
                </Card>
              </Col>
            ))}
          </Row>

          <Row gutter={[16, 16]} className="citadel-dash__row">
            <Col xs={24} lg={8}>
              <Card title={t('dash.taskStats')} size="small" className="citadel-dash__panel">
                <Row gutter={8}>
                  <Col span={8}><Statistic title={t('dash.finished')} valueRender={() => figure('stat-finished', data.totals.finished)} /></Col>
                  <Col span={8}><Statistic title={t('dash.running')} valueRender={() => figure('stat-running', data.totals.running)} /></Col>
                  <Col span={8}><Statistic title={t('dash.failed')} valueRender={() => figure('stat-failed', data.totals.failed)} /></Col>
                </Row>
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title={t('dash.workOrderStats')} size="small" className="citadel-dash__panel">
                <Row gutter={8}>
                  <Col span={8}><Statistic title={t('dash.pending')} valueRender={() => figure('stat-wo-pending', data.work_orders.pending)} /></Col>
                  <Col span={8}><Statistic title={t('dash.completed')} valueRender={() => figure('stat-wo-completed', data.work_orders.completed)} /></Col>
                  <Col span={8}><Statistic title={t('dash.overdue')} valueRender={() => figure('stat-wo-overdue', data.work_orders.overdue)} /></Col>
                </Row>
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title={t('dash.sampleStats')} size="small" className="citadel-dash__panel">
                <Row gutter={8}>
                  <Col span={8}><Statistic title={t('dash.samples')} valueRender={() => figure('stat-samples', data.totals.samples)} /></Col>
                  <Col span={8}><Statistic title={t('dash.samplesThisMonth')} valueRender={() => figure('stat-samples-month', data.totals.samples_this_month)} /></Col>
                  <Col span={8}><Statistic title={t('dash.sampleBytes')} valueRender={() => <span data-testid="stat-sample-bytes" data-value={data.totals.sample_bytes}>{formatFileSize(data.totals.sample_bytes)}</span>} /></Col>
                </Row>
              </Card>
            </Col>
          </Row>

          <Row gutter={[16, 16]} className="citadel-dash__row">
            <Col xs={24} xl={8}>
              <Card title={t('dash.riskDistribution')} size="small" className="citadel-dash__panel">
                <Chart
                  testId="chart-risk"
                  empty={RISK_LEVELS.every((l) => data.risk_levels[l] === 0)}
                  emptyText={t('dash.noData')}
                  option={pieOption(RISK_LEVELS.map((l) => ({ name: t(`dash.levels.${l}`), value: data.risk_levels[l], color: RISK_COLOURS[l] })))}
                />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card title={t('dash.platformTasks')} size="small" className="citadel-dash__panel">
                <Chart
                  testId="chart-platforms"
                  empty={data.platforms.length === 0}
                  emptyText={t('dash.noData')}
                  option={barOption(data.platforms.map((p) => platformName(p.platform)), [{ name: t('dash.tasks'), data: data.platforms.map((p) => p.tasks) }, { name: t('dash.finished'), data: data.platforms.map((p) => p.finished) }], true)}
                />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card title={t('dash.statusDistribution')} size="small" className="citadel-dash__panel">
                <Chart
                  testId="chart-status"
                  empty={data.totals.tasks === 0}
                  emptyText={t('dash.noData')}
                  option={pieOption(Object.entries(data.tasks_by_status).map(([s, n]) => ({ name: TASK_STATUS_LABELS[s as TaskStatus]?.[lang] ?? s, value: n ?? 0 })))}
                />
              </Card>
            </Col>
          </Row>

          <Row gutter={[16, 16]} className="citadel-dash__row">
            <Col xs={24}>
              <Card title={t('dash.trend')} size="small" className="citadel-dash__panel">
                <Chart
                  testId="chart-trend"
                  height={280}
                  empty={data.trend.every((d) => d.tasks === 0)}
                  emptyText={t('dash.noData')}
                  option={lineOption(
                    data.trend.map((d) => d.day.slice(5)),
                    [
                      { name: t('dash.newTasks'), data: data.trend.map((d) => d.tasks), area: true },
                      { name: t('dash.finishedTasks'), data: data.trend.map((d) => d.finished) },
                      { name: t('dash.risksFound'), data: data.trend.map((d) => d.risks) },
                    ],
                  )}
                />
              </Card>
            </Col>
          </Row>

          <Card title={t('dash.recentTasks')} size="small" className="citadel-dash__row citadel-dash__panel">
            {data.recent.length === 0 ? (
              <Empty description={t('dash.noTasks')} data-testid="dashboard-empty" />
            ) : (
              <Table<TaskRow>
                size="small"
                rowKey="task_uid"
                pagination={false}
                dataSource={data.recent}
                data-testid="recent-tasks"
                scroll={{ x: 720 }}
                columns={[
                  {
                    title: t('dash.target'),
                    key: 'target',
                    ellipsis: true,
                    render: (_: unknown, r) => {
                      const name = r.app_name || r.file_name || r.url;
                      const to = r.status === 'FINISHED' ? resultPath(r.platform, r.task_uid) : undefined;
                      return to ? <Link to={to}>{name}</Link> : name;
                    },
                  },
                  { title: t('dash.platform'), dataIndex: 'platform', width: 140, render: (p: string) => platformName(p) },
                  { title: t('dash.status'), key: 'status', width: 130, render: (_: unknown, r) => <StatusCell row={r} /> },
                  { title: t('dash.score'), dataIndex: 'score', width: 80, render: (s: number | null) => s ?? '-' },
                  { title: t('dash.creator'), dataIndex: 'created_by_name', width: 140, ellipsis: true },
                  { title: t('dash.createdAt'), dataIndex: 'created_at', width: 180, render: (v: number) => formatTime(v) },
                ]}
              />
            )}
          </Card>
        </div>
      )}
    </PageCard>
  );
}
