/** The compliance screens (合规测评): list, create and result, registered by page id in ../registry.tsx. */
export { ComplianceListPage } from './ComplianceListPage.tsx';
export { ComplianceCreatePage } from './ComplianceCreatePage.tsx';
export { ComplianceResultPage } from './ComplianceResultPage.tsx';
