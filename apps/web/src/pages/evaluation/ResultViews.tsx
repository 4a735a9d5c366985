/**
 * The child views of a result page (SPEC §2), each reading the loaded task
 * from the page's <Outlet context>: `*-result` shows every finding, `*-sdk`
 * the third-party SDKs and their findings, `*-version` the assessments of
 * the same package over time and the diff of two of them.
 */
import type { RouteNode, TaskPreviewAnswer } from '@citadel/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { FindingsPanel, SdkTable } from '../../components/result/index.ts';
import { VersionManager } from '../../components/versions/index.ts';

export function ResultBody({ answer, withSdks }: { answer: TaskPreviewAnswer; withSdks: boolean }) {
  const { t } = useTranslation();
  const { assessment, rules } = answer;
  if (!assessment) return null;
  return (
    <>
      <FindingsPanel assessment={assessment} rules={rules} />
      {withSdks && assessment.sdks.length > 0 ? (
        <>
          <Typography.Title level={5}>{t('result.sdkTitle')}</Typography.Title>
          <SdkTable sdks={assessment.sdks} />
        </>
      ) : null}
    </>
  );
}

function SdkView({ answer }: { answer: TaskPreviewAnswer }) {
  const { t } = useTranslation();
  const { assessment, rules } = answer;
  if (!assessment) return null;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('result.sdkTitle')} ({assessment.sdks.length})
      </Typography.Title>
      <SdkTable sdks={assessment.sdks} />
      <Typography.Title level={5}>{t('result.sdkFindings')}</Typography.Title>
      <FindingsPanel assessment={assessment} rules={rules} sdkOnly />
    </>
  );
}

/** What the result page hands its child views. */
export interface ResultOutletContext {
  answer: TaskPreviewAnswer;
  /** The page has a separate third-party SDK view, so the result view leaves the SDK table to it. */
  hasSdkView: boolean;
}

export function EvaluationViewPage({ node }: { node: RouteNode }) {
  const context = useOutletContext<ResultOutletContext | undefined>();
  if (!context) return null;
  const { answer } = context;
  const view = node.key;
  if (view.endsWith('-version')) return <VersionManager taskUid={answer.task.task_uid} />;
  if (view.endsWith('-sdk')) return <SdkView answer={answer} />;
  return <ResultBody answer={answer} withSdks={!context.hasSdkView} />;
}
