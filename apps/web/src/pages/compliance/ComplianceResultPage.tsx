/**
 * 合规测评结果 (`?task_uid=…`): the result header, then the result grouped by
 * regulation clause with its verdict, the SDK inventory (who collects what,
 * disclosed or not, started before consent), the collection paths from the
 * pre-consent entry points, and every item with its evidence. The task's
 * status stays live through the socket.
 */
import type { RouteNode } from '@citadel/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading, PageCard } from '../../components/index.ts';
import { StatusCell } from '../../components/task-table/index.ts';
import { FindingsPanel, ResultSummary } from '../../components/result/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { complianceView, withoutCompliance } from './model.ts';
import { ClauseTable, SdkInventoryTable, StartupPaths } from './ResultSections.tsx';
import './texts.ts';
import { useTaskPreview } from '../evaluation/use-task-preview.ts';
import { ResultNotFound, ResultNotReady } from '../evaluation/ResultStates.tsx';

export function ComplianceResultPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const [params] = useSearchParams();
  const uid = params.get('task_uid') ?? '';
  const { answer, state } = useTaskPreview(uid);

  if (state === 'loading' && !answer) return <Loading />;
  if (!answer) return <ResultNotFound node={node} />;
  const { task, assessment, rules } = answer;
  const view = complianceView(assessment);
  return (
    <div data-testid="result-page" data-task-uid={task.task_uid}>
      <PageCard title={title(node.title)} testId={`page-${node.key}`} extra={<StatusCell row={task} />}>
        <ResultSummary assessment={withoutCompliance(assessment)} task={task} />
      </PageCard>
      {!assessment ? (
        <PageCard>
          <ResultNotReady task={task} />
        </PageCard>
      ) : (
        <>
          {view ? (
            <>
              <PageCard title={t('compliance.clauses')} testId="compliance-clauses">
                <ClauseTable clauses={view.clauses} rules={rules} />
              </PageCard>
              <PageCard title={t('compliance.sdkInventory')} testId="compliance-sdks">
                <SdkInventoryTable rows={view.sdkInventory} havePolicy={view.policies.length > 0} />
              </PageCard>
              <PageCard title={t('compliance.startup')} testId="compliance-startup">
                <StartupPaths assessment={assessment} view={view} />
              </PageCard>
            </>
          ) : null}
          <PageCard title={t('compliance.allFindings')}>
            <Typography.Paragraph type="secondary">{t('compliance.deviceNote')}</Typography.Paragraph>
            <FindingsPanel assessment={assessment} rules={rules} />
          </PageCard>
        </>
      )}
    </div>
  );
}
