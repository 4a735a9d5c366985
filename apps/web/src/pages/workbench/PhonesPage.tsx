/** Workbench → real phones: the registered devices and their states (managing them comes with the device-farm issue). */
import { useEffect, useState } from 'react';
import { App as AntApp, Badge, Button, Empty, Table } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { can, type DeviceRow, type RouteNode } from '@citadel/contracts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { formatTime } from '../../components/task-table/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { bringAllDevicesOnline, fetchDevices } from '../home/api.ts';
import '../home/texts.ts';

const STATE_BADGE = { online: 'success', busy: 'processing', offline: 'default' } as const;

export function PhonesPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const [list, setList] = useState<DeviceRow[]>([]);
  const [loading, setLoading] = useState(true);
  const { modal } = AntApp.useApp();
  const subject = useAccessSubject();
  const mayManage = can(subject, 'Tools_PhoneLedger', 'edit') || can(subject, 'Tools_MyPhones', 'edit');
  useEffect(() => {
    fetchDevices()
      .then((r) => setList(r.list))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, []);

  return (
    <PageCard
      title={title(node.title)}
      testId="page-workbench-phones"
      extra={
        mayManage && list.length > 0 && (
          <Button
            icon={<CloudUploadOutlined />}
            data-testid="phones-online-all"
            onClick={() =>
              modal.confirm({
                title: t('dash.phones.onlineAllConfirm'),
                okText: t('common.ok'),
                cancelText: t('common.cancel'),
                // The server answers with the device-farm error until device management lands; the request layer shows it.
                onOk: () => bringAllDevicesOnline().catch(() => undefined),
              })
            }
          >
            {t('dash.phones.onlineAll')}
          </Button>
        )
      }
    >
      <Table<DeviceRow>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={list}
        pagination={list.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: <Empty description={t('dash.phones.empty')} data-testid="phones-empty" /> }}
        data-testid="phones-table"
        columns={[
          { title: t('dash.phones.name'), dataIndex: 'name' },
          { title: t('dash.phones.model'), dataIndex: 'model' },
          { title: t('dash.phones.os'), dataIndex: 'os', width: 120 },
          { title: t('dash.phones.version'), dataIndex: 'os_version', width: 120 },
          { title: t('dash.phones.serial'), dataIndex: 'serial' },
          { title: t('dash.phones.state'), dataIndex: 'state', width: 120, render: (s: DeviceRow['state']) => <Badge status={STATE_BADGE[s]} text={t(`dash.phones.states.${s}`)} /> },
          { title: t('dash.phones.updated'), dataIndex: 'updated_at', width: 180, render: (v: number) => formatTime(v) },
        ]}
      />
    </PageCard>
  );
}
