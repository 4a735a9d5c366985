/** A platform's evaluation list: the task table with a "new evaluation" button for users holding `<resource>-add`. */
import type { RouteNode } from '@citadel/contracts';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { TaskTable, createPath, pagePlatform } from '../../components/task-table/index.ts';
import { Permission } from '../../access/index.ts';
import { useTitle } from '../../locales/i18n.ts';

export function EvaluationListPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const platform = pagePlatform(node.page);
  const create = platform ? createPath(platform) : undefined;
  const newButton = create ? (
    <Permission code={`${node.key}-add`}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(create)} data-testid="new-evaluation">
        {t('evaluation.new')}
      </Button>
    </Permission>
  ) : null;
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      {platform ? <TaskTable key={platform} platform={platform} toolbar={newButton} /> : null}
    </PageCard>
  );
}

/** Tools → task ledger (every task of the customer) and Workbench → my tasks (own tasks), over every platform the user may view. */
export function TaskLedgerPage({ node }: { node: RouteNode }) {
  const title = useTitle();
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <TaskTable mine={node.page === 'workbench-tasks'} pageResource={node.key} />
    </PageCard>
  );
}
