/** Statistics (issue 11): analysis/analysisdemo. */
export { AnalysisPage } from './AnalysisPage.tsx';
