/** @citadel/contracts: types, statuses, the error catalogue and the route table shared by web and server. */
export * from './assessment.ts';
export * from './errors.ts';
export * from './routes.ts';
export * from './access.ts';
export * from './api.ts';
export * from './password-policy.ts';
export * from './format.ts';
export * from './uploads.ts';
export * from './tasks.ts';
export * from './dashboard.ts';
export * from './accounts.ts';
export * from './versions.ts';
export * from './web-scan.ts';
export * from './evidence-facts.ts';
export * from './categories.ts';
