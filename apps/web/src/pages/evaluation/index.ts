/**
 * The assessment service screens of SPEC §2 for every platform: list (task
 * table), hidden create page ("new evaluation") and hidden result page with its
 * child views; plus the task ledgers of Tools and Workbench.
 */
export { EvaluationListPage, TaskLedgerPage } from './EvaluationListPage.tsx';
export { EvaluationCreatePage } from './EvaluationCreatePage.tsx';
export { EvaluationResultPage } from './EvaluationResultPage.tsx';
export { EvaluationViewPage } from './ResultViews.tsx';
