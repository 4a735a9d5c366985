/**
 * 新建合规测评: what is assessed (an Android, iOS or HarmonyOS package, a
 * WeChat or Alipay mini-program — each uploads under its own kind, so the
 * widget checks the right extensions), the app's type among the 39 common
 * types of the 必要个人信息范围规定 (optional: the engine's parameter
 * `category`, which judges permissions beyond what the type needs), the
 * app's privacy policy as text or HTML (optional: read in the browser and sent
 * as the parameter `privacyPolicy`, for the SDK disclosure check — the only way
 * for iOS, HarmonyOS and mini-programs, whose policies live outside the
 * package), and submit. What needs a device is said up front.
 */
import { useState } from 'react';
import type { RouteNode, UploadKind } from '@citadel/contracts';
import { APP_CATEGORIES } from '@citadel/engine-compliance/app-categories';
import { Alert, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { listPath } from '../../components/task-table/index.ts';
import { FileUpload, MAX_TEXT_DOCUMENT_BYTES, type TextDocument, TextDocumentPicker, type UploadedFile } from '../../components/upload/index.ts';
import { createTask } from '../../api/tasks.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { CreateFormActions } from '../evaluation/SingleUploadCreatePage.tsx';
import './texts.ts';

const INPUT_KINDS: readonly UploadKind[] = ['android', 'ios', 'harmony_next', 'miniprogram', 'alipay_miniprogram'];

export function ComplianceCreatePage({ node }: { node: RouteNode }) {
  const { t, i18n } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const [kind, setKind] = useState<UploadKind>('android');
  const [category, setCategory] = useState<string | undefined>();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [policy, setPolicy] = useState<TextDocument>();
  const back = () => navigate(listPath('compliance') ?? '/special/compliance');
  const ready = files.length > 0 && !uploading;
  const zh = i18n.language.startsWith('zh');

  const submit = async () => {
    const main = files[0];
    if (!ready || !main) return;
    setSubmitting(true);
    try {
      // input: what was uploaded (an Alipay package may be a plain zip or tar, which only this says).
      const policyParams: Record<string, string> = policy ? { privacyPolicy: policy.text, privacyPolicyName: policy.name } : {};
      await createTask({ platform: 'compliance', sample_id: main.sample_id, params: { input: kind, ...(category ? { category } : {}), ...policyParams } });
      feedback.success(t('common.operationSuccess'));
      back();
    } catch {
      // The request layer has shown the message.
    } finally {
      setSubmitting(false);
    }
  };

  const readPolicy = async (file: File): Promise<TextDocument | { error: string }> => {
    if (/\.pdf$/i.test(file.name)) return { error: t('compliance.policyPdf') };
    if (file.size > MAX_TEXT_DOCUMENT_BYTES) return { error: t('compliance.policyTooLarge') };
    const text = await file.text();
    if (text.includes('\u0000') || !text.trim()) return { error: t('compliance.policyNotText') };
    return { name: file.name, text, summary: t('compliance.policyChars', { n: text.length }) };
  };

  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Form layout="horizontal" labelCol={{ flex: '140px' }} wrapperCol={{ flex: 1 }} style={{ maxWidth: 760 }} onFinish={() => void submit()} data-testid="create-form">
        <Form.Item label={t('compliance.inputKind')}>
          <Select
            value={kind}
            onChange={(k: UploadKind) => {
              setKind(k);
              setFiles([]);
            }}
            options={INPUT_KINDS.map((k) => ({ value: k, label: t(`compliance.inputKinds.${k}`) }))}
            data-testid="create-input-kind"
          />
        </Form.Item>
        <Form.Item label={t('compliance.target')} required extra={t(kind === 'android' ? 'compliance.targetHint' : 'compliance.targetHintOther')}>
          {/* A new widget per kind: its accepted extensions and rows belong to that kind. */}
          <FileUpload key={kind} kind={kind} maxCount={1} onChange={setFiles} onBusyChange={setUploading} testId="create-upload" />
        </Form.Item>
        <Form.Item label={t('compliance.appCategory')} extra={t('compliance.appCategoryHint')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('compliance.appCategoryNone')}
            value={category}
            onChange={(v?: string) => setCategory(v)}
            options={APP_CATEGORIES.map((c) => ({ value: c.id, label: zh ? c.name[0] : c.name[1] }))}
            data-testid="create-app-category"
          />
        </Form.Item>
        <TextDocumentPicker
          label={t('compliance.policyUpload')}
          extra={t('compliance.policyUploadHint')}
          accept=".txt,.html,.htm,text/plain,text/html"
          chooseLabel={t('compliance.policyChoose')}
          value={policy}
          read={readPolicy}
          onChange={setPolicy}
          testId="compliance-policy"
        />
        <CreateFormActions
          notice={<Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('compliance.deviceNote')} />}
          uploading={uploading}
          hasFiles={files.length > 0}
          submitting={submitting}
          onCancel={back}
        />
      </Form>
    </PageCard>
  );
}
