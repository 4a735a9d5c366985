/** Workbench screens (issue 11): work orders (also the Tools ledger), my reports and real phones. */
export { WorkOrdersPage } from './WorkOrdersPage.tsx';
export { ReportsPage } from './ReportsPage.tsx';
export { PhonesPage } from './PhonesPage.tsx';
