/**
 * Sample management (Tools → sample management) and the workbench's samples
 * list: upload, search with Reset and Query, the paged table with sizes as
 * SPEC §9 formats them, download, and delete behind the SPEC §8 confirmation.
 * Buttons follow the route's granted operations; the server enforces them.
 */
import { App as AntApp, Button, Space, Tag } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { can, formatFileSize, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { KeywordSearch, PageCard, PagedTable, usePagedList } from '../../components/index.ts';
import { FileUpload } from '../../components/upload/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { reportError } from '../../api/request.ts';
import { deleteSample, downloadSample, listSamples, type SampleRow } from '../../api/samples.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { formatTime } from '../../components/task-table/format.ts';

export function SamplesPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const { modal } = AntApp.useApp();
  const subject = useAccessSubject();
  const list = usePagedList<SampleRow, { search: string }>(listSamples);
  const load = list.reload;

  const confirmDelete = (row: SampleRow) =>
    modal.confirm({
      title: t('samples.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'sample-delete-ok' } as Record<`data-${string}`, string>) },
      onOk: async () => {
        await deleteSample(row.id);
        feedback.success(t('common.operationSuccess'));
        await load();
      },
    });

  const download = (row: SampleRow) => downloadSample(row).catch(reportError);

  return (
    <PageCard title={title(node.title)} testId="page-samples">
      {can(subject, node.key, 'add') && (
        <div style={{ marginBottom: 16 }}>
          <FileUpload kind="target" testId="sample-upload" onChange={(files) => files.length > 0 && void load()} />
        </div>
      )}
      <KeywordSearch name="search" label={t('samples.search')} placeholder={t('samples.searchPlaceholder')} testId="sample-search" width={260} onSearch={list.search} />
      <PagedTable<SampleRow>
        rowKey="id"
        {...list.tableProps}
        data-testid="sample-table"
        columns={[
          { title: t('samples.name'), dataIndex: 'name', ellipsis: true },
          { title: t('samples.size'), dataIndex: 'size', width: 120, render: (size: number) => formatFileSize(size) },
          { title: 'MD5', dataIndex: 'md5', width: 300 },
          { title: t('samples.uploader'), dataIndex: 'uploader_name', width: 120 },
          { title: t('samples.uploadedAt'), dataIndex: 'created_at', width: 180, render: (at: number) => formatTime(at) },
          {
            title: t('samples.state'),
            dataIndex: 'cleaned',
            width: 100,
            render: (cleaned: boolean) => (cleaned ? <Tag>{t('samples.cleaned')}</Tag> : <Tag color="green">{t('samples.kept')}</Tag>),
          },
          {
            title: t('samples.actions'),
            key: 'actions',
            width: 65 * 2 + 25,
            render: (_: unknown, row: SampleRow) => (
              <Space size={4}>
                {can(subject, node.key, 'download') && !row.cleaned && (
                  <Button type="link" size="small" icon={<DownloadOutlined />} title={t('samples.download')} data-testid="sample-download" onClick={() => void download(row)} />
                )}
                {can(subject, node.key, 'delete') && (
                  <Button type="link" danger size="small" icon={<DeleteOutlined />} title={t('samples.delete')} data-testid="sample-delete" onClick={() => confirmDelete(row)} />
                )}
              </Space>
            ),
          },
        ]}
      />
    </PageCard>
  );
}
