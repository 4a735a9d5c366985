/**
 * 固件预览 / result (`?task_uid=…`): the summary, the image's regions and file
 * systems, the file tree with search and per-file findings, components with
 * their CVEs, services, and every item with its evidence. Live status by socket.
 */
import type { RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading, PageCard } from '../../components/index.ts';
import { StatusCell } from '../../components/task-table/index.ts';
import { FindingsPanel, ResultSummary } from '../../components/result/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { FileBrowser } from './FileBrowser.tsx';
import { ComponentsTable, RegionsTable, ServicesTable } from './Sections.tsx';
import { firmwareView, withoutBulk } from './model.ts';
import './texts.ts';
import { useTaskPreview } from '../evaluation/use-task-preview.ts';
import { ResultNotFound, ResultNotReady } from '../evaluation/ResultStates.tsx';

export function FirmwarePreviewPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const [params] = useSearchParams();
  const uid = params.get('task_uid') ?? '';
  const { answer, state } = useTaskPreview(uid);

  if (state === 'loading' && !answer) return <Loading />;
  if (!answer) return <ResultNotFound node={node} />;
  const { task, assessment, rules } = answer;
  const view = firmwareView(assessment);
  return (
    <div data-testid="result-page" data-task-uid={task.task_uid}>
      <PageCard title={title(node.title)} testId={`page-${node.key}`} extra={<StatusCell row={task} />}>
        <ResultSummary assessment={withoutBulk(assessment)} task={task} />
      </PageCard>
      {!assessment ? (
        <PageCard>
          <ResultNotReady task={task} />
        </PageCard>
      ) : (
        <>
          {view ? (
            <>
              <PageCard title={t('firmware.tree')} testId="firmware-tree-card">
                <FileBrowser assessment={assessment} files={view.files} taskUid={task.task_uid} />
              </PageCard>
              <PageCard title={t('firmware.components')} testId="firmware-components-card">
                <ComponentsTable view={view} />
              </PageCard>
              <PageCard title={t('firmware.services')}>
                <ServicesTable view={view} />
              </PageCard>
              <PageCard title={t('firmware.regions')}>
                <RegionsTable view={view} />
              </PageCard>
            </>
          ) : null}
          <PageCard title={t('firmware.allFindings')}>
            <FindingsPanel assessment={assessment} rules={rules} />
          </PageCard>
        </>
      )}
    </div>
  );
}
