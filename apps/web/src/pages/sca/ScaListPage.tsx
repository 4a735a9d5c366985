/** 软件成分安全: the SCA task list with its "new evaluation" button (users holding ComponentSecurity-add). */
import type { RouteNode } from '@citadel/contracts';
import { Button, Space, Typography } from 'antd';
import { DiffOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { TaskTable, createPath } from '../../components/task-table/index.ts';
import { Permission } from '../../access/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { SCA_PATHS } from './paths.ts';
import './texts.ts';

export function ScaListPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const create = createPath('sca');
  const newButton = (
    <Space>
      {create ? (
        <Permission code={`${node.key}-add`}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(create)} data-testid="new-evaluation">
            {t('evaluation.new')}
          </Button>
        </Permission>
      ) : null}
      <Button icon={<DiffOutlined />} onClick={() => navigate(SCA_PATHS.compare)} data-testid="sca-compare">
        {t('sca.compare.button')}
      </Button>
    </Space>
  );
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Typography.Paragraph type="secondary" data-testid="sca-hint">
        {t('sca.listHint')}
      </Typography.Paragraph>
      <TaskTable platform="sca" toolbar={newButton} />
    </PageCard>
  );
}
