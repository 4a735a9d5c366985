/**
 * Which component renders a route's `page` id (contracts ROUTES). Later issues
 * register their screens here by page id or by prefix (the part before ':',
 * e.g. 'evaluation-list' for 'evaluation-list:android'); every other page shows
 * the "not yet available" state.
 */
import type { ComponentType } from 'react';
import type { RouteNode } from '@citadel/contracts';
import { AnalysisPage } from './analysis/index.ts';
import { HomePage } from './home/HomePage.tsx';
import { PlaceholderPage } from './placeholder/PlaceholderPage.tsx';
import { SamplesPage } from './samples/SamplesPage.tsx';
import { PhonesPage, ReportsPage, WorkOrdersPage } from './workbench/index.ts';
import { AccountsPage, AuditLogPage, CustomersPage, RolesPage, SiteSettingsPage } from './system/index.ts';
import { EvaluationCreatePage, EvaluationListPage, EvaluationResultPage, EvaluationViewPage, TaskLedgerPage } from './evaluation/index.ts';
import { TemplateDetailPage, TemplateListPage } from './templates/index.ts';
import { RuleSettingsPage, SensitiveWordsPage, ThirdSdkPage, WhitelistPage } from './testing/index.ts';
import { EvaluationSettingsPage } from './settings/index.ts';
import { AnalysisReportsPage } from './tools/AnalysisReportsPage.tsx';
import { NetworkCreatePage, NetworkListPage, NetworkResultPage } from './network/index.ts';
import { VulnDataPage } from './vulndb/index.ts';
import { ComplianceCreatePage, ComplianceListPage, ComplianceResultPage } from './compliance/index.ts';
import { FirmwareComparePage, FirmwareCreatePage, FirmwareListPage, FirmwarePreviewPage } from './firmware/index.ts';
import { KeysPage as WhiteboxKeysPage, LibraryPage as WhiteboxLibraryPage } from './whitebox/index.ts';
import { ShieldDetailPage, ShieldListPage, StrategyEditPage, StrategyListPage } from './shield/index.ts';
import { ScaComparePage, ScaCreatePage, ScaListPage, ScaResultPage } from './sca/index.ts';
import { NoticesPage } from './notices/index.ts';
import { LicencePage } from './licence/index.ts';
import { HelpPage } from './help/index.ts';
import { AboutPage } from './about/index.ts';

export type PageComponent = ComponentType<{ node: RouteNode }>;

const PAGES: Record<string, PageComponent> = {
  home: HomePage,
  'workbench-pending': WorkOrdersPage,
  'workbench-completed': WorkOrdersPage,
  'tools-workorders': WorkOrdersPage,
  'workbench-reports': ReportsPage,
  'workbench-phones': PhonesPage,
  analysis: AnalysisPage,
  'tools-samples': SamplesPage,
  'workbench-samples': SamplesPage,
  'evaluation-list': EvaluationListPage,
  'evaluation-create': EvaluationCreatePage,
  // Result pages render their child views through <Outlet/>.
  'evaluation-result': EvaluationResultPage,
  'evaluation-view': EvaluationViewPage,
  'tools-tasks': TaskLedgerPage,
  'tools-reports': AnalysisReportsPage,
  'workbench-tasks': TaskLedgerPage,
  'template-list': TemplateListPage,
  'template-detail': TemplateDetailPage,
  whitelist: WhitelistPage,
  'sensitive-words': SensitiveWordsPage,
  'third-sdk': ThirdSdkPage,
  'rules-settings': RuleSettingsPage,
  'evaluation-settings': EvaluationSettingsPage,
  accounts: AccountsPage,
  roles: RolesPage,
  customers: CustomersPage,
  'site-settings': SiteSettingsPage,
  'audit-log': AuditLogPage,
  'network-submit': NetworkListPage,
  industrial: NetworkListPage,
  'evaluation-create:network': NetworkCreatePage,
  'evaluation-create:ics': NetworkCreatePage,
  'evaluation-result:network': NetworkResultPage,
  'evaluation-result:ics': NetworkResultPage,
  vulndb: VulnDataPage,
  compliance: ComplianceListPage,
  'evaluation-create:compliance': ComplianceCreatePage,
  'evaluation-result:compliance': ComplianceResultPage,
  'firmware-list': FirmwareListPage,
  'firmware-create': FirmwareCreatePage,
  'firmware-preview': FirmwarePreviewPage,
  'firmware-compare': FirmwareComparePage,
  'whitebox-keys': WhiteboxKeysPage,
  'whitebox-library': WhiteboxLibraryPage,
  'shield-list:App': ShieldListPage,
  'shield-detail:App': ShieldDetailPage,
  'shield-template:App': StrategyListPage,
  'shield-template-detail:App': StrategyEditPage,
  'shield-list:So': ShieldListPage,
  'shield-detail:So': ShieldDetailPage,
  'shield-template:So': StrategyListPage,
  'shield-template-detail:So': StrategyEditPage,
  'shield-list:Sdk': ShieldListPage,
  'shield-detail:Sdk': ShieldDetailPage,
  'shield-template:Sdk': StrategyListPage,
  'shield-template-detail:Sdk': StrategyEditPage,
  'shield-list:H5': ShieldListPage,
  'shield-detail:H5': ShieldDetailPage,
  'shield-template:H5': StrategyListPage,
  'shield-template-detail:H5': StrategyEditPage,
  'shield-list:Source': ShieldListPage,
  'shield-detail:Source': ShieldDetailPage,
  'shield-template:Source': StrategyListPage,
  'shield-template-detail:Source': StrategyEditPage,
  component: ScaListPage,
  'evaluation-create:sca': ScaCreatePage,
  'evaluation-result:sca': ScaResultPage,
  'sca-compare': ScaComparePage,
  notices: NoticesPage,
  licence: LicencePage,
  help: HelpPage,
  about: AboutPage,
};

export function resolvePage(page: string | undefined): PageComponent {
  if (!page) return PlaceholderPage;
  return PAGES[page] ?? PAGES[page.split(':')[0] ?? ''] ?? PlaceholderPage;
}
