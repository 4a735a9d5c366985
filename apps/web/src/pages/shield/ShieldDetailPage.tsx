/**
 * Hardening detail (SPEC §2): input and output (size, SHA-256), strategy,
 * protections applied, every verification check with its result and
 * difference, measured size growth and load-time cost, download of a
 * verified output. Polled while the task runs.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Progress, Space, Table, Tag } from 'antd';
import { can, formatFileSize, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Loading, PageCard } from '../../components/index.ts';
import { formatTime } from '../../components/task-table/format.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { useLang, useTitle } from '../../locales/i18n.ts';
import { type Check, type TaskDetail, downloadOutput, taskDetail } from './api.ts';
import { shieldPaths, slugOf } from './paths.ts';
import { pick } from './texts.ts';

const COLOR: Record<string, string> = { QUEUED: 'default', RUNNING: 'blue', FINISHED: 'green', EXCEPTION: 'red' };
const MS = new Set(['protectMs', 'loadMsBefore', 'loadMsAfter', 'testMsBefore', 'testMsAfter']);
const BYTES = new Set(['inputBytes', 'outputBytes', 'outputFileBytes', 'scriptBytesBefore', 'scriptBytesAfter']);

export function ShieldDetailPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const title = useTitle();
  const subject = useAccessSubject();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const slug = slugOf(node.page);
  const uid = params.get('task_uid') ?? '';
  const [d, setD] = useState<TaskDetail | null>(null);
  const load = useCallback(() => taskDetail(uid).then(setD).catch(reportError), [uid]);

  useEffect(() => void load(), [load, lang]);
  useEffect(() => {
    if (!d || (d.status !== 'QUEUED' && d.status !== 'RUNNING')) return;
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [d, load]);

  const listResource = `Shield_${slug}`;
  const r = d?.result;
  const m = r?.metrics ?? {};
  const growth = m.inputBytes ? `${(((m.outputBytes ?? 0) / m.inputBytes - 1) * 100).toFixed(1)} %` : '';
  return (
    <PageCard
      title={title(node.title)}
      testId={`page-${node.key}`}
      extra={
        <Space>
          {d?.status === 'FINISHED' && can(subject, listResource, 'download') && (
            <Button type="primary" data-testid="shield-download" onClick={() => void downloadOutput(d.task_uid, d.output_name ?? 'protected').catch((err: Error) => feedback.error(err.message))}>
              {t('shield.download')}
            </Button>
          )}
          <Button onClick={() => void navigate(shieldPaths(slug).list)}>{t('shield.back')}</Button>
        </Space>
      }
    >
      {!d ? (
        <Loading />
      ) : (
        <>
          <Descriptions bordered size="small" column={2} data-testid="shield-detail">
            <Descriptions.Item label={t('shield.status')}>
              {d.status === 'RUNNING' ? <Progress percent={d.progress} size="small" /> : <Tag color={COLOR[d.status]} data-testid="shield-detail-status">{t(`shield.statuses.${d.status}`)}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('shield.strategy')}>{d.strategy_name}</Descriptions.Item>
            <Descriptions.Item label={t('shield.input')}>{`${d.name} · ${formatFileSize(d.input_size)}`}</Descriptions.Item>
            <Descriptions.Item label={t('shield.sha256')}><code>{d.input_sha256}</code></Descriptions.Item>
            <Descriptions.Item label={t('shield.output')}>{d.output_name ? `${d.output_name} · ${formatFileSize(d.output_size ?? 0)}` : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('shield.sha256')}><code>{d.output_sha256 ?? '-'}</code></Descriptions.Item>
            <Descriptions.Item label={t('shield.createdAt')}>{formatTime(d.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('shield.finishedAt')}>{formatTime(d.finished_at)}</Descriptions.Item>
          </Descriptions>
          {d.fail_msg && <Alert type="error" showIcon message={t('shield.failMsg')} description={d.fail_msg} style={{ marginTop: 12 }} data-testid="shield-fail" />}
          {r ? (
            <>
              <h3 style={{ marginTop: 16 }}>{t('shield.applied')}</h3>
              <Space wrap data-testid="shield-applied">
                {r.applied.map((a) => (
                  <Tag key={a.id} color="geekblue">
                    {pick(a.title, lang)}
                    {a.detail ? `：${a.detail}` : ''}
                  </Tag>
                ))}
              </Space>
              <h3 style={{ marginTop: 16 }}>
                {t('shield.verification')} <Tag color={r.verification.ok ? 'green' : 'red'} data-testid="shield-verdict">{t(r.verification.ok ? 'shield.passed' : 'shield.failed')}</Tag>
              </h3>
              <Table<Check>
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={r.verification.checks}
                data-testid="shield-checks"
                columns={[
                  { title: t('shield.verification'), dataIndex: 'title', render: (v: Check['title']) => pick(v, lang) },
                  { title: t('shield.status'), dataIndex: 'ok', width: 90, render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'shield.passed' : 'shield.failed')}</Tag> },
                  { title: '', dataIndex: 'detail', render: (v?: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span> },
                ]}
              />
              {r.verification.unverified?.length ? <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t('shield.unverified')} description={r.verification.unverified.map((u) => pick(u, lang)).join('；')} /> : null}
              <h3 style={{ marginTop: 16 }}>{t('shield.metrics')}</h3>
              <Descriptions bordered size="small" column={3} data-testid="shield-metrics">
                {Object.entries(m).map(([k, v]) => (
                  <Descriptions.Item key={k} label={t(`shield.metric.${k}`, { defaultValue: k })}>
                    {BYTES.has(k) ? formatFileSize(v) : MS.has(k) ? `${v} ms` : v}
                  </Descriptions.Item>
                ))}
                {growth && <Descriptions.Item label={t('shield.growth')}>{growth}</Descriptions.Item>}
              </Descriptions>
            </>
          ) : (
            d.status !== 'EXCEPTION' && <Alert type="info" message={t('shield.noResult')} style={{ marginTop: 12 }} />
          )}
        </>
      )}
    </PageCard>
  );
}
