/** The two states every result page shows before its findings: no such task, and a task still running. */
import type { RouteNode, TaskRow } from '@citadel/contracts';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { ProgressCell } from '../../components/task-table/index.ts';
import { useTitle } from '../../locales/i18n.ts';

export function ResultNotFound({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <div data-testid="result-page">
        <Empty description={t('result.notFound')} />
      </div>
    </PageCard>
  );
}

export function ResultNotReady({ task }: { task: TaskRow }) {
  const { t } = useTranslation();
  return (
    <Empty description={t('result.notReady')} data-testid="result-not-ready">
      <div style={{ width: 260, margin: '0 auto' }}>
        <ProgressCell row={task} />
      </div>
    </Empty>
  );
}
