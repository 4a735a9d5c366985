/**
 * The hidden result page of a platform (`?task_uid=…`): the result header
 * (target, score, counts) above the child views of SPEC §2 as tabs (rendered
 * through <Outlet/>), or the findings directly when the platform has no views.
 * The task's status stays live through the socket; when it finishes, the
 * assessment is loaded.
 */
import type { RouteNode } from '@citadel/contracts';
import { Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Loading, PageCard } from '../../components/index.ts';
import { StatusCell, evaluationTitle, pagePlatform } from '../../components/task-table/index.ts';
import { ResultSummary } from '../../components/result/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { ResultBody, type ResultOutletContext } from './ResultViews.tsx';
import { useTaskPreview } from './use-task-preview.ts';
import { ResultNotFound, ResultNotReady } from './ResultStates.tsx';

export function EvaluationResultPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const uid = params.get('task_uid') ?? '';
  const { answer, state } = useTaskPreview(uid);

  const platform = pagePlatform(node.page);
  const platformTitle = platform ? evaluationTitle(platform) : undefined;
  const views = node.children ?? [];
  const active = views.find((v) => location.pathname.endsWith(`/${v.path}`))?.path;

  if (state === 'loading' && !answer) return <Loading />;
  if (!answer) return <ResultNotFound node={node} />;
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
          <ResultNotReady task={task} />
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
