/** Starting an import (upload or server folder) and showing the current or last job. */
import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, List, Progress, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { PageCard } from '../../components/index.ts';
import { type ImportJob, vulndbApi } from './api.ts';

export function JobStatus({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 16 }} data-testid="vulndb-job" data-status={job.status}>
      <Descriptions size="small" column={1} title={t('vulndb.job')}>
        <Descriptions.Item label={t(`vulndb.jobKinds.${job.kind}`)}>{job.label}</Descriptions.Item>
        <Descriptions.Item label={t(`vulndb.status.${job.status}`)}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Progress percent={job.percentage} size="small" status={job.status === 'failed' ? 'exception' : job.status === 'running' ? 'active' : 'success'} />
            <Typography.Text data-testid="vulndb-job-stats">
              {t('vulndb.jobStats', { read: job.read, added: job.added, updated: job.updated, unchanged: job.unchanged, bad: job.bad })}
              {job.ms !== undefined ? ` · ${t('vulndb.duration', { s: (job.ms / 1000).toFixed(1) })}` : ''}
            </Typography.Text>
            {job.error && <Typography.Text type="danger">{job.error}</Typography.Text>}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {job.badExamples.length > 0 && (
        <List size="small" header={t('vulndb.badExamples')} dataSource={job.badExamples} renderItem={(b) => <List.Item><Typography.Text code>{b.file}</Typography.Text> {b.reason}</List.Item>} />
      )}
    </div>
  );
}

export function ImportPanel({ busy, onStarted }: { busy: boolean; onStarted: () => Promise<void> }) {
  const { t } = useTranslation();
  const [folder, setFolder] = useState('');
  const [sending, setSending] = useState(false);

  const started = async (p: Promise<ImportJob>) => {
    setSending(true);
    try {
      await p;
      feedback.success(t('vulndb.started'));
      await onStarted();
    } catch (e) {
      reportError(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <PageCard title={t('vulndb.import')} testId="vulndb-import">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Upload
          accept=".zip,.json"
          showUploadList={false}
          disabled={busy || sending}
          beforeUpload={(file) => {
            void started(vulndbApi.upload(file));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={busy || sending} data-testid="vulndb-upload">
            {t('vulndb.importUpload')}
          </Button>
        </Upload>
        <Alert type="info" message={t('vulndb.uploadHint')} showIcon />
        <Form layout="inline" onFinish={() => void started(vulndbApi.importFolder(folder.trim()))}>
          <Form.Item label={t('vulndb.importFolder')}>
            <Input value={folder} onChange={(e) => setFolder(e.target.value)} placeholder={t('vulndb.folderPlaceholder')} style={{ width: 420 }} data-testid="vulndb-folder" />
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={busy || sending || !folder.trim()} data-testid="vulndb-folder-start">
            {t('vulndb.start')}
          </Button>
        </Form>
      </Space>
    </PageCard>
  );
}
