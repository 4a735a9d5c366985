/** 固件测评: the firmware task list with "new evaluation" (FirmwareEvaluation-add) and "compare firmware". */
import type { RouteNode } from '@citadel/contracts';
import { Button, Space, Typography } from 'antd';
import { DiffOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { TaskTable } from '../../components/task-table/index.ts';
import { Permission } from '../../access/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { FIRMWARE_PATHS } from './paths.ts';
import './texts.ts';

export function FirmwareListPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const toolbar = (
    <Space>
      <Permission code={`${node.key}-add`}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(FIRMWARE_PATHS.create)} data-testid="new-evaluation">
          {t('evaluation.new')}
        </Button>
      </Permission>
      <Button icon={<DiffOutlined />} onClick={() => navigate(FIRMWARE_PATHS.compare)} data-testid="firmware-compare">
        {t('firmware.compare')}
      </Button>
    </Space>
  );
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Typography.Paragraph type="secondary" data-testid="firmware-hint">
        {t('firmware.listHint')}
      </Typography.Paragraph>
      <TaskTable platform="firmware" toolbar={toolbar} />
    </PageCard>
  );
}
