/**
 * Hardening tasks of one type (SPEC §2): file, strategy, status with progress,
 * user, times; "new hardening" dialog (strategy + file); view opens the detail
 * view; download of verified outputs through /jiagu/downloadfile. Running rows
 * are polled.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Progress, Select, Tag, Tooltip, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { can, formatFileSize, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard, SearchBox, usePagedList } from '../../components/index.ts';
import { EditableTable } from '../../components/editable-table/index.ts';
import { formatTime } from '../../components/task-table/format.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { useLang, useTitle } from '../../locales/i18n.ts';
import { type StrategyRow, type TaskRow, createTask, deleteTasks, downloadOutput, getSchema, listStrategies, listTasks } from './api.ts';
import { TYPE_OF, shieldPaths, slugOf } from './paths.ts';
import './texts.ts';

const COLOR: Record<string, string> = { QUEUED: 'default', RUNNING: 'blue', FINISHED: 'green', EXCEPTION: 'red' };
/** What a type accepts beyond the file endings (the source type names its supported languages, SPEC/issue 28). */
const SUPPORTED: Record<string, string> = { h5: 'shield.supported', source: 'shield.supportedSource' };

export function ShieldListPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const navigate = useNavigate();
  const slug = slugOf(node.page);
  const type = TYPE_OF[slug] ?? 'h5';
  const list = usePagedList<TaskRow, { keyword: string }>((q) => listTasks(type, q), 10, [type]);
  const [adding, setAdding] = useState(false);
  const running = list.tableProps.dataSource?.some((r) => r.status === 'QUEUED' || r.status === 'RUNNING');
  const reload = list.reload;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), 3000);
    return () => clearInterval(timer);
  }, [running, reload]);

  return (
    <PageCard
      title={title(node.title)}
      testId={`page-${node.key}`}
      extra={
        can(subject, node.key, 'add') ? (
          <Button type="primary" onClick={() => setAdding(true)} data-testid="shield-add">
            {t('shield.add')}
          </Button>
        ) : null
      }
    >
      <SearchBox<{ keyword?: string }> onSearch={list.search}>
        <Form.Item name="keyword" label={t('shield.file')}>
          <Input allowClear maxLength={100} data-testid="shield-search" />
        </Form.Item>
      </SearchBox>
      <EditableTable<TaskRow>
        testId="shield-table"
        rowKey="task_uid"
        {...list.tableProps}
        columns={[
          { title: t('shield.file'), dataIndex: 'name', width: 200 },
          { title: t('shield.size'), dataIndex: 'input_size', width: 100, render: (v: number) => formatFileSize(v) },
          { title: t('shield.strategy'), dataIndex: 'strategy_name', width: 140 },
          {
            title: t('shield.status'),
            dataIndex: 'status',
            width: 150,
            render: (v: string, r) =>
              v === 'RUNNING' ? (
                <Progress percent={r.progress} size="small" data-testid="shield-progress" />
              ) : (
                <Tooltip title={r.fail_msg || undefined}>
                  <Tag color={COLOR[v]} data-testid="shield-status">
                    {t(`shield.statuses.${v}`)}
                  </Tag>
                </Tooltip>
              ),
          },
          { title: t('shield.user'), dataIndex: 'user', width: 100 },
          { title: t('shield.createdAt'), dataIndex: 'created_at', width: 165, render: formatTime },
        ]}
        actions={{
          view: () => true,
          download: (r) => r.status === 'FINISHED' && can(subject, node.key, 'download'),
          delete: (r) => r.status !== 'RUNNING' && can(subject, node.key, 'delete'),
        }}
        onAction={async (action, r) => {
          if (action === 'view') return void navigate(`${shieldPaths(slug).detail}?task_uid=${r.task_uid}`);
          if (action === 'download') return void downloadOutput(r.task_uid, r.output_name ?? 'protected').catch((err: Error) => feedback.error(err.message));
          if (action === 'delete') {
            try {
              await deleteTasks([r.task_uid]);
              feedback.success(t('common.operationSuccess'));
              void reload();
            } catch (err) {
              reportError(err);
            }
          }
        }}
      />
      <CreateDialog
        type={type}
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={() => {
          setAdding(false);
          void reload();
        }}
      />
    </PageCard>
  );
}

function CreateDialog({ type, open, onClose, onCreated }: { type: string; open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [strategies, setStrategies] = useState<StrategyRow[]>([]);
  const [accept, setAccept] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [strategy, setStrategy] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    void Promise.all([getSchema(type), listStrategies(type, { page: 1, page_size: 50 })])
      .then(([schema, rows]) => {
        setAccept(schema.accept);
        setStrategies(rows.list);
        setStrategy(rows.list.find((s) => s.is_default)?.id);
      })
      .catch(reportError);
  }, [open, type, lang]);

  const submit = async () => {
    if (!file) return feedback.error(t('shield.fileRequired'));
    if (!strategy) return feedback.error(t('shield.strategyRequired'));
    setBusy(true);
    try {
      await createTask(type, strategy, file);
      feedback.success(t('common.operationSuccess'));
      onCreated();
    } catch (err) {
      reportError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('shield.add')} onCancel={onClose} onOk={() => void submit()} okText={t('shield.submit')} cancelText={t('shield.cancel')} confirmLoading={busy} okButtonProps={{ 'data-testid': 'shield-submit' } as never} destroyOnHidden>
      {SUPPORTED[type] && <Alert type="info" showIcon message={t(SUPPORTED[type])} style={{ marginBottom: 12 }} data-testid="shield-supported" />}
      <Form layout="vertical">
        <Form.Item label={t('shield.strategy')} required>
          <Select value={strategy} onChange={setStrategy} data-testid="shield-strategy" options={strategies.map((s) => ({ value: s.id, label: s.is_default ? `${s.name}（${t('shield.builtIn')}）` : s.name }))} />
        </Form.Item>
        <Form.Item label={t('shield.file')} required extra={t('shield.accept', { list: accept.join(' ') })}>
          <Upload
            accept={accept.join(',')}
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />} data-testid="shield-file">
              {t('shield.upload')}
            </Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
