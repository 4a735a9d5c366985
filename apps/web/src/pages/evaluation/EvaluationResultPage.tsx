/**
 * The hidden result page of a platform (`?task_uid=…`): the result header
 * (target, score, counts) above the child views of SPEC §2 as tabs (rendered
 * through <Outlet/>), or the findings directly when the platform has no views.
 * The task's status stays live through the socket; when it finishes, the
 * assessment is loaded.
 */
import { useEffect, useState } from 'react';
import type { RouteNode, TaskPreviewAnswer } from '@citadel/contracts';
import { Empty, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Loading, PageCard } from '../../components/index.ts';
import { ProgressCell, StatusCell, evaluationTitle, pagePlatform } from '../../components/task-table/index.ts';
import { ResultSummary } from '../../components/result/index.ts';
import { previewTask } from '../../api/tasks.ts';
import { subscribeTaskPushes } from '../../api/socket.ts';
import { useLang, useTitle } from '../../locales/i18n.ts';
import { ResultBody, type ResultOutletContext } from './ResultViews.tsx';

export function EvaluationResultPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const uid = params.get('task_uid') ?? '';
  const [answer, setAnswer] = useState<TaskPreviewAnswer | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (!uid) {
      setState('failed');
      return;
    }
    let live = true;
    setState((s) => (s === 'ready' ? s : 'loading'));
    previewTask(uid)
      .then((a) => {
        if (!live) return;
        setAnswer(a);
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
    // The rule texts come in the UI language: reload when it changes.
  }, [uid, lang, reloads]);

  useEffect(
    () =>
      subscribeTaskPushes((push) => {
        if (push.task_uid !== uid) return;
        setAnswer((a) => (a ? { ...a, task: { ...a.task, ...push } } : a));
        if (push.status === 'FINISHED') setReloads((n) => n + 1);
      }),
    [uid],
  );

  const platform = pagePlatform(node.page);
  const platformTitle = platform ? evaluationTitle(platform) : undefined;
  const views = node.children ?? [];
  const active = views.find((v) => location.pathname.endsWith(`/${v.path}`))?.path;

  if (state === 'loading' && !answer) return <Loading />;
  if (!answer) {
    return (
      <PageCard title={title(node.title)} testId={`page-${node.key}`}>
        <div data-testid="result-page">
          <Empty description={t('result.notFound')} />
        </div>
      </PageCard>
    );
  }
  const { task, assessment } = answer;
  return (
    <div data-testid="result-page" data-task-uid={task.task_uid}>
      <PageCard
        title={
          <Space size={10}>
            <span>{title(node.title)}</span>
            {platformTitle ? <span style={{ color: '#8c8c8c', fontWeight: 400, fontSize: 14 }}>{title(platformTitle)}</span> : null}
          </Space>
        }
        testId={`page-${node.key}`}
        extra={<StatusCell row={task} />}
      >
        <ResultSummary assessment={assessment} task={task} />
      </PageCard>
      <PageCard>
        {!assessment ? (
          <Empty description={t('result.notReady')} data-testid="result-not-ready">
            <div style={{ width: 260, margin: '0 auto' }}>
              <ProgressCell row={task} />
            </div>
          </Empty>
        ) : views.length > 0 ? (
          <>
            <Tabs
              activeKey={active}
              items={views.map((v) => ({ key: v.path, label: <span data-testid={`view-tab-${v.key}`}>{title(v.title)}</span> }))}
              onChange={(key) => navigate({ pathname: `/${node.path}/${key}`, search: location.search })}
            />
            <Outlet context={{ answer, hasSdkView: views.some((v) => v.key.endsWith('-sdk')) } satisfies ResultOutletContext} />
          </>
        ) : (
          <ResultBody answer={answer} withSdks />
        )}
      </PageCard>
    </div>
  );
}
