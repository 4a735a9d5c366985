/**
 * White-box library management (SPEC §2, §3): name, logo, type, platform,
 * algorithm, user, function and purpose, usage status, generation status (with
 * progress), add time; new library dialog; detail drawer with the verification
 * and DCA report; download of generated libraries (/whitebox/downloadfile);
 * enable/disable; generate again; delete. Rows still generating are polled.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Progress, Tag, Tooltip } from 'antd';
import { can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard, SearchBox, usePagedList } from '../../components/index.ts';
import { EditableTable } from '../../components/editable-table/index.ts';
import { formatTime } from '../../components/task-table/format.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { useTitle } from '../../locales/i18n.ts';
import { type LibraryRow, deleteLibraries, downloadLibrary, listLibraries, regenerateLibrary, setLibraryStatus } from './api.ts';
import { LibraryAddDialog } from './LibraryAddDialog.tsx';
import { LibraryDetail } from './LibraryDetail.tsx';
import './texts.ts';

const GEN_COLOR: Record<string, string> = { queued: 'default', generating: 'blue', succeeded: 'green', failed: 'red' };

export function LibraryPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const list = usePagedList<LibraryRow, { keyword: string }>(listLibraries);
  const [adding, setAdding] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  const L = (k: string) => t(`whitebox.library.${k}`);
  const running = list.tableProps.dataSource?.some((r) => r.generation_status === 'queued' || r.generation_status === 'generating');
  const reload = list.reload;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), 3000);
    return () => clearInterval(timer);
  }, [running, reload]);

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      feedback.success(t('common.operationSuccess'));
      void reload();
    } catch (err) {
      reportError(err);
    }
  };

  return (
    <PageCard
      title={title(node.title)}
      testId={`page-${node.key}`}
      extra={
        can(subject, node.key, 'add') ? (
          <Button type="primary" onClick={() => setAdding(true)} data-testid="wb-lib-add">
            {L('add')}
          </Button>
        ) : null
      }
    >
      <Alert type="warning" showIcon message={L('dcaWarning')} style={{ marginBottom: 12 }} data-testid="wb-dca-warning" />
      <SearchBox<{ keyword?: string }> onSearch={list.search}>
        <Form.Item name="keyword" label={`${L('name')}/${L('logo')}`}>
          <Input allowClear maxLength={100} data-testid="wb-lib-search" />
        </Form.Item>
      </SearchBox>
      <EditableTable<LibraryRow>
        testId="wb-lib-table"
        rowKey="id"
        {...list.tableProps}
        columns={[
          { title: L('name'), dataIndex: 'name', width: 150 },
          { title: L('logo'), dataIndex: 'logo', width: 130 },
          { title: L('type'), dataIndex: 'build_type', width: 70, render: (v: string) => L(`types.${v}`) },
          { title: L('platform'), dataIndex: 'platforms', width: 130, render: (v: string[]) => v.map((p) => L(`platforms.${p}`)).join(', ') },
          { title: L('algorithm'), dataIndex: 'algorithm', width: 90, render: (v: string) => v.toUpperCase() },
          { title: L('userName'), dataIndex: 'user', width: 100 },
          { title: L('purpose'), dataIndex: 'directions', width: 110, render: (v: string[]) => v.map((d) => L(`purposes.${d}`)).join(', ') },
          { title: L('usageStatus'), dataIndex: 'usage_status', width: 90, render: (v: string) => <Tag color={v === 'enabled' ? 'green' : 'default'}>{t(`whitebox.${v}`)}</Tag> },
          {
            title: L('generationStatus'),
            dataIndex: 'generation_status',
            width: 150,
            render: (v: string, r) =>
              v === 'generating' ? (
                <Progress percent={r.progress} size="small" data-testid="wb-lib-progress" />
              ) : (
                <Tooltip title={r.fail_msg || undefined}>
                  <Tag color={GEN_COLOR[v]} data-testid="wb-lib-status">
                    {L(`gen.${v}`)}
                  </Tag>
                </Tooltip>
              ),
          },
          { title: L('addTime'), dataIndex: 'created_at', width: 165, render: formatTime },
        ]}
        actions={{
          view: () => true,
          download: (r) => r.generation_status === 'succeeded' && r.usage_status === 'enabled' && can(subject, node.key, 'download'),
          delete: (r) => r.deletable && r.generation_status !== 'queued' && r.generation_status !== 'generating' && can(subject, node.key, 'delete'),
        }}
        onAction={async (action, r) => {
          if (action === 'view') return setDetail(r.id);
          if (action === 'download') return void downloadLibrary(r.id, `${r.logo}.zip`).catch((err: Error) => feedback.error(err.message));
          if (action === 'delete') return act(() => deleteLibraries([r.id]));
        }}
        extraActions={(r) =>
          can(subject, node.key, 'edit') ? (
            <>
              <Button type="link" size="small" onClick={() => void act(() => setLibraryStatus(r.id, r.usage_status === 'enabled' ? 'disabled' : 'enabled'))} data-testid="wb-lib-toggle">
                {t(r.usage_status === 'enabled' ? 'whitebox.disable' : 'whitebox.enable')}
              </Button>
              {(r.generation_status === 'succeeded' || r.generation_status === 'failed') && (
                <Button type="link" size="small" onClick={() => void act(() => regenerateLibrary(r.id))} data-testid="wb-lib-regenerate">
                  {L('regenerate')}
                </Button>
              )}
            </>
          ) : null
        }
      />
      <LibraryAddDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          void reload();
        }}
      />
      <LibraryDetail id={detail} onClose={() => setDetail(null)} />
    </PageCard>
  );
}
