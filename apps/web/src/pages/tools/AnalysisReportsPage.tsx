/**
 * Tools → analysis reports (Tools_AnalysisReports): the EXCEL export of
 * finished assessments by date (issue 9, SPEC §5 "a date must be chosen for a
 * download"); each task's own report stays on its result page and the workbench.
 */
import type { RouteNode } from '@citadel/contracts';
import { ExcelExportByDate } from '../../components/downloads/index.ts';
import { PageCard } from '../../components/index.ts';
import { useTitle } from '../../locales/i18n.ts';

export function AnalysisReportsPage({ node }: { node: RouteNode }) {
  const title = useTitle();
  return (
    <PageCard title={title(node.title)} testId="page-tools-reports">
      <ExcelExportByDate />
    </PageCard>
  );
}
