/**
 * The network vulnerability ("network-submit") and industrial-internet
 * ("industrial") list pages: the platform's task table with a "new
 * evaluation" button for users holding `<resource>-add`; rows open the
 * host → service → finding result page.
 */
import type { RouteNode } from '@citadel/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permission } from '../../access/index.ts';
import { PageCard } from '../../components/index.ts';
import { TaskTable, createPath } from '../../components/task-table/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { platformOf } from './platform.ts';
import './texts.ts';

export function NetworkListPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const platform = platformOf(node);
  const create = createPath(platform);
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <TaskTable
        key={platform}
        platform={platform}
        toolbar={
          create ? (
            <Permission code={`${node.key}-add`}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(create)} data-testid="new-evaluation">
                {t('evaluation.new')}
              </Button>
            </Permission>
          ) : null
        }
      />
    </PageCard>
  );
}
