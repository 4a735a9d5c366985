/**
 * 新建软件成分测评: the project archive (the upload widget of the source kind:
 * ZIP or tar.gz), the licence policy of this assessment (allowed and denied
 * SPDX ids → engine params licenceAllowed / licenceDenied) and an optional VEX
 * document (CycloneDX or OpenVEX JSON → param vex), then submit. The server
 * reads both with the engine's own readers and refuses bad ones with a
 * catalogue error; the form only catches what it can tell at once (a file
 * that is not JSON, too large).
 */
import { useState } from 'react';
import type { RouteNode } from '@citadel/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard } from '../../components/index.ts';
import { FileUpload, type TextDocument, TextDocumentPicker, type UploadedFile } from '../../components/upload/index.ts';
import { createTask } from '../../api/tasks.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { CreateFormActions } from '../evaluation/SingleUploadCreatePage.tsx';
import { COMMON_LICENCES, MAX_VEX_CHARS, scaParams, vexSummary } from './create-params.ts';
import { SCA_PATHS } from './paths.ts';
import './texts.ts';

const LIST_PATH = SCA_PATHS.list;

export function ScaCreatePage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [allowed, setAllowed] = useState<string[]>([]);
  const [denied, setDenied] = useState<string[]>([]);
  const [vex, setVex] = useState<TextDocument>();
  const back = () => navigate(LIST_PATH);

  const readVex = async (file: File): Promise<TextDocument | { error: string }> => {
    if (file.size > MAX_VEX_CHARS) return { error: t('sca.create.vexTooLarge') };
    const text = await file.text();
    const summary = vexSummary(text);
    if (!summary) return { error: t('sca.create.vexNotVex') };
    return { name: file.name, text, summary: t('sca.create.vexStatements', { format: summary.format, n: summary.statements }) };
  };

  const submit = async () => {
    const main = files[0];
    if (!main || uploading) return;
    setSubmitting(true);
    try {
      await createTask({ platform: 'sca', sample_id: main.sample_id, params: scaParams(allowed, denied, vex) });
      feedback.success(t('common.operationSuccess'));
      back();
    } catch {
      // The request layer has shown the catalogue message (unknown licence id, unreadable VEX …).
    } finally {
      setSubmitting(false);
    }
  };

  const options = COMMON_LICENCES.map((id) => ({ value: id, label: id }));
  // By prefix: typing "GPL-3.0-only" and Enter must take that id, not LGPL-/AGPL-3.0-only listed before it.
  const byPrefix = (input: string, o?: { value?: unknown }) => String(o?.value ?? '').toLowerCase().startsWith(input.trim().toLowerCase());
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Form layout="horizontal" labelCol={{ flex: '140px' }} wrapperCol={{ flex: 1 }} style={{ maxWidth: 760 }} onFinish={() => void submit()} data-testid="create-form">
        <Form.Item label={t('sca.target')} required extra={t('sca.targetHint')}>
          <FileUpload kind="source" maxCount={1} onChange={setFiles} onBusyChange={setUploading} testId="create-upload" />
        </Form.Item>
        <Form.Item label={t('sca.create.allowed')} extra={t('sca.create.allowedHint')}>
          <Select mode="tags" value={allowed} onChange={setAllowed} options={options} filterOption={byPrefix} tokenSeparators={[',', ' ']} placeholder={t('sca.create.licencePlaceholder')} data-testid="sca-licence-allowed" />
        </Form.Item>
        <Form.Item label={t('sca.create.denied')} extra={t('sca.create.deniedHint')}>
          <Select mode="tags" value={denied} onChange={setDenied} options={options} filterOption={byPrefix} tokenSeparators={[',', ' ']} placeholder={t('sca.create.licencePlaceholder')} data-testid="sca-licence-denied" />
        </Form.Item>
        <TextDocumentPicker
          label={t('sca.create.vex')}
          extra={t('sca.create.vexHint')}
          accept=".json,application/json"
          chooseLabel={t('sca.create.vexChoose')}
          value={vex}
          read={readVex}
          onChange={setVex}
          testId="sca-vex"
        />
        <CreateFormActions uploading={uploading} hasFiles={files.length > 0} submitting={submitting} onCancel={back} />
      </Form>
    </PageCard>
  );
}
