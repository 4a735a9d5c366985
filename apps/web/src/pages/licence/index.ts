/** The licence (issue 30): System → licence and the grace banner. */
export { LicencePage } from './LicencePage.tsx';
export { LicenceBanner } from './LicenceBanner.tsx';
