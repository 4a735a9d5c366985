/**
 * Download progress panel (SPEC §2, §4): opened from the header, minimized to
 * it, at a vertical offset of 66px. QUEUEING shows queue_number/queue_len,
 * PROCESSING a loading text, READY/DOWNLOADING the transfer's progress,
 * FINISHED 100 %, ERROR its message; QUEUEING and PROCESSING can be cancelled,
 * any record deleted, and the list cleared.
 */
import { Button, Card, Empty, List, Popconfirm, Progress, Space, Tooltip, Typography } from 'antd';
import { CloseOutlined, DeleteOutlined, LoadingOutlined, MinusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isErrorCode } from '@citadel/contracts';
import { type DownloadRecord, clearDownloads, deleteDownload } from '../../api/downloads.ts';
import { translateError } from '../../api/request.ts';
import { minimizePanel, refreshDownloads, useDownloads } from './downloads-store.ts';

export const PANEL_OFFSET = 66;

function StatusLine({ r, transfer }: { r: DownloadRecord; transfer: number | undefined }) {
  const { t } = useTranslation();
  switch (r.status) {
    case 'QUEUEING':
      return <Typography.Text type="secondary" data-testid={`download-queue-${r.id}`}>{t('downloads.queueing', { n: r.queue_number ?? '-', len: r.queue_len ?? '-' })}</Typography.Text>;
    case 'PROCESSING':
      return (
        <Typography.Text type="secondary">
          <LoadingOutlined /> {t('downloads.processing')}
        </Typography.Text>
      );
    case 'READY':
    case 'DOWNLOADING':
      return <Progress percent={transfer ?? r.percentage} size="small" status="active" />;
    case 'FINISHED':
      return <Progress percent={100} size="small" />;
    default:
      return (
        // The record keeps an error code; older records kept the server's English detail, which is not shown.
        <Tooltip title={isErrorCode(r.error) ? translateError(r.error) : undefined}>
          <Typography.Text type="danger">{r.error === 'report_font_missing' ? translateError(r.error) : t('downloads.error')}</Typography.Text>
        </Tooltip>
      );
  }
}

export function DownloadPanel() {
  const { t } = useTranslation();
  const { records, open, transfers } = useDownloads();
  if (!open) return null;
  const remove = async (id: number) => {
    await deleteDownload(id);
    await refreshDownloads();
  };
  return (
    <Card
      size="small"
      data-testid="download-panel"
      style={{ position: 'fixed', top: PANEL_OFFSET, right: 16, width: 400, zIndex: 1000, boxShadow: '0 6px 16px rgba(0,0,0,0.12)' }}
      title={t('downloads.title')}
      extra={
        <Space size={4}>
          <Popconfirm title={t('downloads.clearConfirm')} onConfirm={async () => { await clearDownloads(); await refreshDownloads(); }}>
            <Button size="small" type="text" disabled={records.length === 0} data-testid="download-clear">
              {t('downloads.clear')}
            </Button>
          </Popconfirm>
          <Button size="small" type="text" icon={<MinusOutlined />} onClick={minimizePanel} title={t('downloads.minimize')} data-testid="download-minimize" />
        </Space>
      }
    >
      {records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('downloads.empty')} />
      ) : (
        <List
          size="small"
          style={{ maxHeight: 420, overflow: 'auto' }}
          dataSource={records}
          renderItem={(r) => (
            <List.Item
              data-testid={`download-row-${r.id}`}
              data-status={r.status}
              actions={[
                r.status === 'QUEUEING' || r.status === 'PROCESSING' ? (
                  <Tooltip key="cancel" title={t('downloads.cancel')}>
                    <Button size="small" type="text" icon={<StopOutlined />} onClick={() => void remove(r.id)} data-testid={`download-cancel-${r.id}`} />
                  </Tooltip>
                ) : (
                  <Tooltip key="delete" title={t('downloads.delete')}>
                    <Button size="small" type="text" icon={r.status === 'ERROR' ? <CloseOutlined /> : <DeleteOutlined />} onClick={() => void remove(r.id)} data-testid={`download-delete-${r.id}`} />
                  </Tooltip>
                ),
              ]}
            >
              <div style={{ width: '100%', minWidth: 0 }}>
                <Typography.Text ellipsis={{ tooltip: r.name }} style={{ display: 'block' }}>
                  {r.name}
                </Typography.Text>
                <StatusLine r={r} transfer={transfers[r.id]} />
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
