/**
 * Who may call the report routes: a 'download' grant on any evaluation list,
 * on Workbench → reports or on Tools → analysis reports. The report service
 * then checks the task itself (its customer, its platform's grant, ownership).
 */
import { EVALUATIONS } from '@citadel/contracts';
import type { Access } from '../../http/access.ts';

export const reportAccess: Access = {
  anyOf: [
    ...EVALUATIONS.map((e) => ({ resource: e.key, operation: 'download' as const })),
    { resource: 'Workbench_Reports', operation: 'download' },
    { resource: 'Tools_AnalysisReports', operation: 'download' },
  ],
};
