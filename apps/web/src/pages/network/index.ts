/**
 * Network vulnerability and industrial-internet screens (SPEC §2 further
 * evaluation areas): list pages, the submit page with the scan policy, and
 * the host → service → finding result page with device identities.
 */
export { NetworkListPage } from './NetworkListPage.tsx';
export { NetworkCreatePage } from './NetworkCreatePage.tsx';
export { NetworkResultPage } from './NetworkResultPage.tsx';
