/**
 * The create page of an assessment that takes one uploaded file and no other
 * fields (firmware, software components, compliance): the upload widget of the
 * platform's upload kind, what the user must know before submitting, submit and
 * back to the list. Each platform's page passes its texts and kind.
 */
import { type ReactNode, useState } from 'react';
import type { Platform, RouteNode, UploadKind } from '@citadel/contracts';
import { Alert, Button, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { FileUpload, type UploadedFile } from '../../components/upload/index.ts';
import { createTask } from '../../api/tasks.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';

export interface SingleUploadCreateProps {
  node: RouteNode;
  platform: Platform;
  uploadKind: UploadKind;
  /** i18n keys of the upload field's label and hint. */
  targetLabel: string;
  targetHint: string;
  /** Where submit and cancel go back to. */
  listPath: string;
  /** Shown above the submit button (e.g. what the assessment cannot do without a device). */
  notice?: ReactNode;
}

export function SingleUploadCreatePage({ node, platform, uploadKind, targetLabel, targetHint, listPath, notice }: SingleUploadCreateProps) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const back = () => navigate(listPath);
  const ready = files.length > 0 && !uploading;

  const submit = async () => {
    const main = files[0];
    if (!ready || !main) return;
    setSubmitting(true);
    try {
      await createTask({ platform, sample_id: main.sample_id });
      feedback.success(t('common.operationSuccess'));
      back();
    } catch {
      // The request layer has shown the message.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Form layout="horizontal" labelCol={{ flex: '140px' }} wrapperCol={{ flex: 1 }} style={{ maxWidth: 760 }} onFinish={() => void submit()} data-testid="create-form">
        <Form.Item label={t(targetLabel)} required extra={t(targetHint)}>
          <FileUpload kind={uploadKind} maxCount={1} onChange={setFiles} onBusyChange={setUploading} testId="create-upload" />
        </Form.Item>
        <CreateFormActions notice={notice} uploading={uploading} hasFiles={files.length > 0} submitting={submitting} onCancel={back} />
      </Form>
    </PageCard>
  );
}

/**
 * The last row of a create form that submits one upload: the page's notice, the
 * wait-for-the-upload and upload-needed hints, submit (enabled once the upload is
 * done) and cancel.
 */
export function CreateFormActions({ notice, uploading, hasFiles, submitting, onCancel }: { notice?: ReactNode; uploading: boolean; hasFiles: boolean; submitting: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item label=" " colon={false}>
      {notice}
      {uploading ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('evaluation.uploadsFirst')} data-testid="create-uploading" /> : null}
      {!uploading && !hasFiles ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {t('evaluation.uploadNeeded')}
        </Typography.Paragraph>
      ) : null}
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} disabled={!hasFiles || uploading} data-testid="create-submit">
          {t('evaluation.submit')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </Form.Item>
  );
}
