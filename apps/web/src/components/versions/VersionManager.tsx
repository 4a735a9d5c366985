/**
 * The version view of a result page: every finished assessment of the opened
 * task's package (newest first) with its score trend, a base and a compared
 * version picked by radio buttons (the opened task against the one before it
 * at first), and their diff below.
 */
import { type HTMLAttributes, useEffect, useMemo, useState } from 'react';
import type { VersionDiffAnswer, VersionEntry, VersionListAnswer } from '@citadel/contracts';
import { Alert, Empty, Radio, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffVersions, listVersions } from '../../api/versions.ts';
import { useLang } from '../../locales/i18n.ts';
import { Loading } from '../Loading.tsx';
import { Chart, RISK_COLOURS, lineOption } from '../charts/index.ts';
import { formatTime } from '../task-table/index.ts';
import { VersionDiffView } from './VersionDiffView.tsx';
import { defaultPair } from './pair.ts';

const versionLabel = (v: VersionEntry): string => v.version || v.file_name || v.task_uid.slice(0, 8);

export function VersionManager({ taskUid }: { taskUid: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [answer, setAnswer] = useState<VersionListAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [pair, setPair] = useState<{ base: string; compare: string } | undefined>();
  const [diff, setDiff] = useState<VersionDiffAnswer | null>(null);
  const [diffState, setDiffState] = useState<'idle' | 'loading' | 'failed'>('idle');

  useEffect(() => {
    let live = true;
    setFailed(false);
    listVersions(taskUid)
      .then((a) => {
        if (!live) return;
        setAnswer(a);
        setPair(defaultPair(a.list, taskUid));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [taskUid]);

  useEffect(() => {
    if (!pair || pair.base === pair.compare) {
      setDiff(null);
      return;
    }
    let live = true;
    setDiffState('loading');
    diffVersions(pair.base, pair.compare)
      .then((d) => {
        if (!live) return;
        setDiff(d);
        setDiffState('idle');
      })
      .catch(() => live && setDiffState('failed'));
    return () => {
      live = false;
    };
    // Rule titles are translated by the server: reload when the UI language changes.
  }, [pair, lang]);

  const trend = useMemo(() => {
    const oldestFirst = [...(answer?.list ?? [])].reverse();
    const option = lineOption(oldestFirst.map(versionLabel), [{ name: t('result.score'), data: oldestFirst.map((v) => v.score ?? 0), area: true }]);
    return { ...option, yAxis: { type: 'value' as const, min: 0, max: 100 } };
  }, [answer, t]);

  if (failed) return <Empty data-testid="version-manager-failed" description={t('versions.loadFailed')} />;
  if (!answer) return <Loading />;
  const { list } = answer;
  const choose = (side: 'base' | 'compare', uid: string) => setPair((p) => ({ base: p?.base ?? uid, compare: p?.compare ?? uid, [side]: uid }));

  return (
    <div data-testid="version-manager" data-count={list.length}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('versions.title', { pkg: answer.package_name || '-', n: list.length })}
      </Typography.Title>
      <Chart testId="version-trend" option={trend} height={180} empty={list.length < 2} emptyText={t('versions.trendNeedsTwo')} />
      <Table<VersionEntry>
        data-testid="version-list"
        size="small"
        bordered
        style={{ marginTop: 12 }}
        rowKey="task_uid"
        dataSource={list}
        pagination={list.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        onRow={(v) => ({ 'data-testid': `version-row-${v.task_uid}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'base',
            title: t('versions.base'),
            width: 70,
            align: 'center',
            render: (_, v) => <Radio data-testid={`version-base-${v.task_uid}`} checked={pair?.base === v.task_uid} onChange={() => choose('base', v.task_uid)} />,
          },
          {
            key: 'compare',
            title: t('versions.compare'),
            width: 70,
            align: 'center',
            render: (_, v) => <Radio data-testid={`version-compare-${v.task_uid}`} checked={pair?.compare === v.task_uid} onChange={() => choose('compare', v.task_uid)} />,
          },
          {
            key: 'version',
            title: t('versions.version'),
            render: (_, v) => (
              <>
                <span style={{ fontWeight: 500 }}>{versionLabel(v)}</span>
                {v.task_uid === taskUid ? <Tag color="blue" style={{ marginLeft: 8 }}>{t('versions.current')}</Tag> : null}
                <div style={{ color: '#8c8c8c', fontSize: 12 }}>{v.file_name}</div>
              </>
            ),
          },
          { key: 'time', title: t('versions.time'), width: 170, render: (_, v) => formatTime(v.finished_at ?? v.created_at) },
          { key: 'score', title: t('result.score'), width: 90, render: (_, v) => (v.score === null ? '-' : <span data-testid={`version-score-${v.task_uid}`}>{v.score}</span>) },
          {
            key: 'counts',
            title: t('versions.counts'),
            render: (_, v) =>
              v.counts
                ? (['serious', 'high', 'medium', 'low'] as const)
                    .filter((r) => (v.counts?.[r] ?? 0) > 0)
                    .map((r) => (
                      <Tag key={r} color={RISK_COLOURS[r]}>
                        {t(`result.risk.${r}`)} {v.counts![r]}
                      </Tag>
                    ))
                : '-',
          },
        ]}
      />
      <div style={{ marginTop: 16 }}>
        {list.length < 2 ? (
          <Empty data-testid="version-single" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('versions.onlyOne')} />
        ) : pair && pair.base === pair.compare ? (
          <Alert type="info" showIcon message={t('versions.sameVersion')} />
        ) : diffState === 'failed' ? (
          <Alert type="error" showIcon message={t('versions.diffFailed')} />
        ) : diff ? (
          <VersionDiffView diff={diff} loading={diffState === 'loading'} />
        ) : (
          <Loading />
        )}
      </div>
    </div>
  );
}
