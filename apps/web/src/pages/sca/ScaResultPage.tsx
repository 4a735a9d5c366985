/**
 * 软件成分安全结果 (`?task_uid=…`): the result header, the overview (counts,
 * severities, manifests read), the components with search, filters and
 * dependency paths, the vulnerabilities, and every item with its evidence.
 */
import type { RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Space } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import { Loading, PageCard } from '../../components/index.ts';
import { StatusCell } from '../../components/task-table/index.ts';
import { FindingsPanel, ResultSummary } from '../../components/result/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { useTaskPreview } from '../evaluation/use-task-preview.ts';
import { ResultNotFound, ResultNotReady } from '../evaluation/ResultStates.tsx';
import { scaView, withoutSca } from './model.ts';
import { ComponentTable, Overview, VulnerabilityTable } from './Sections.tsx';
import { LicenceTable, SuppressedTable } from './LicenceSection.tsx';
import { DependencyTree } from './TreeSection.tsx';
import { UpgradePlan } from './UpgradeSection.tsx';
import { SCA_PATHS } from './paths.ts';
import './texts.ts';

export function ScaResultPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const [params] = useSearchParams();
  const uid = params.get('task_uid') ?? '';
  const { answer, state } = useTaskPreview(uid);
  const navigate = useNavigate();

  if (state === 'loading' && !answer) return <Loading />;
  if (!answer) return <ResultNotFound node={node} />;
  const { task, assessment, rules } = answer;
  const view = scaView(assessment);
  return (
    <div data-testid="result-page" data-task-uid={task.task_uid}>
      <PageCard
        title={title(node.title)}
        testId={`page-${node.key}`}
        extra={
          <Space>
            {view ? (
              <Button size="small" icon={<DiffOutlined />} onClick={() => navigate(`${SCA_PATHS.compare}?b=${encodeURIComponent(task.task_uid)}`)} data-testid="sca-compare-with">
                {t('sca.compare.with')}
              </Button>
            ) : null}
            <StatusCell row={task} />
          </Space>
        }
      >
        <ResultSummary assessment={withoutSca(assessment)} task={task} />
      </PageCard>
      {!assessment ? (
        <PageCard>
          <ResultNotReady task={task} />
        </PageCard>
      ) : (
        <>
          {view ? (
            <>
              <PageCard title={t('sca.overview')} testId="sca-overview">
                <Overview view={view} />
              </PageCard>
              <PageCard title={t('sca.components')} testId="sca-components-card">
                <ComponentTable view={view} />
              </PageCard>
              <PageCard title={t('sca.vulnerabilities')} testId="sca-vulnerabilities-card">
                <VulnerabilityTable view={view} />
              </PageCard>
              <PageCard title={t('sca.upgrade.title')} testId="sca-upgrade-card">
                <UpgradePlan view={view} />
              </PageCard>
              <PageCard title={t('sca.tree.title')} testId="sca-tree-card">
                <DependencyTree view={view} />
              </PageCard>
              <PageCard title={t('sca.licences.title')} testId="sca-licences-card">
                <LicenceTable view={view} />
              </PageCard>
              <PageCard title={t('sca.vex.title')} testId="sca-suppressed-card">
                <SuppressedTable view={view} />
              </PageCard>
            </>
          ) : null}
          <PageCard title={t('sca.allFindings')}>
            <FindingsPanel assessment={assessment} rules={rules} />
          </PageCard>
        </>
      )}
    </div>
  );
}
