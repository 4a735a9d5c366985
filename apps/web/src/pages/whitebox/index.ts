/** White-box screens (issue 29): original keys (symmetric, asymmetric) and white-box libraries. */
export { KeysPage } from './KeysPage.tsx';
export { LibraryPage } from './LibraryPage.tsx';
