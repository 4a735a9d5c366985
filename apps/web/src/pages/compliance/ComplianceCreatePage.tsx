/**
 * 新建合规测评: the Android package to assess (the upload widget of the
 * android kind) and submit. A privacy policy inside the package is read by
 * the engine; what needs a device is said up front.
 */
import type { RouteNode } from '@citadel/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { listPath } from '../../components/task-table/index.ts';
import { SingleUploadCreatePage } from '../evaluation/SingleUploadCreatePage.tsx';
import './texts.ts';

export function ComplianceCreatePage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  return (
    <SingleUploadCreatePage
      node={node}
      platform="compliance"
      uploadKind="android"
      targetLabel="compliance.target"
      targetHint="compliance.targetHint"
      listPath={listPath('compliance') ?? '/special/compliance'}
      notice={<Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('compliance.deviceNote')} />}
    />
  );
}
