/** Assessment template screens (issue 10): per-platform list and the hidden detail page. */
export { TemplateListPage } from './TemplateListPage.tsx';
export { TemplateDetailPage } from './TemplateDetailPage.tsx';
export { listTemplates, type TemplateRow } from './api.ts';
