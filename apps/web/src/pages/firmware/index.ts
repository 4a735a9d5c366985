/** The firmware assessment screens: list, create, preview (result), compare. */
export { FirmwareListPage } from './FirmwareListPage.tsx';
export { FirmwareCreatePage } from './FirmwareCreatePage.tsx';
export { FirmwarePreviewPage } from './FirmwarePreviewPage.tsx';
export { FirmwareComparePage } from './FirmwareComparePage.tsx';
