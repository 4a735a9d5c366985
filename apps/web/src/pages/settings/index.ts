/** Admin settings screens of the evaluations (issue 10): the evaluation settings page. */
export { EvaluationSettingsPage } from './EvaluationSettingsPage.tsx';
