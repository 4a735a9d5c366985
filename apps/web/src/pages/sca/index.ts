/** The software-component screens (软件成分安全): list, create, result and version compare, registered by page id in ../registry.tsx. */
export { ScaListPage } from './ScaListPage.tsx';
export { ScaCreatePage } from './ScaCreatePage.tsx';
export { ScaResultPage } from './ScaResultPage.tsx';
export { ScaComparePage } from './ScaComparePage.tsx';
