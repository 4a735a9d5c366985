/**
 * The create form's target upload: the portal's drag-and-drop upload widget
 * (components/upload) for the platform's upload kind. A platform without an
 * upload kind yet shows a disabled picker with its accept list and says
 * uploads open soon — never a fake upload, so such a form cannot be submitted.
 */
import { Alert, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { UploadKind } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { FileUpload, type UploadedFile } from '../../components/upload/index.ts';

export type { UploadedFile };

export interface TargetUploadProps {
  kind?: UploadKind;
  /** Shown by the disabled picker when there is no upload kind. */
  accept: readonly string[];
  maxCount?: number;
  onChange: (files: UploadedFile[]) => void;
  /** True while any file is still uploading (SPEC §5: uploads must finish before submitting). */
  onBusyChange: (busy: boolean) => void;
}

export function TargetUpload({ kind, accept, maxCount = 1, onChange, onBusyChange }: TargetUploadProps) {
  const { t } = useTranslation();
  if (kind) return <FileUpload kind={kind} maxCount={maxCount} onChange={onChange} onBusyChange={onBusyChange} testId="create-upload" />;
  return (
    <div data-testid="upload-unavailable">
      <Upload.Dragger disabled multiple={maxCount > 1} accept={accept.map((e) => `.${e}`).join(',')} beforeUpload={() => Upload.LIST_IGNORE}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('evaluation.uploadDrop')}</p>
        <p className="ant-upload-hint">{t('evaluation.uploadAccept', { accept: accept.map((e) => `.${e}`).join(', ') })}</p>
      </Upload.Dragger>
      <Alert style={{ marginTop: 8 }} type="info" showIcon title={t('evaluation.uploadSoon')} />
    </div>
  );
}
