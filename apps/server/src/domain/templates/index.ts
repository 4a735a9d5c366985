/**
 * Assessment templates (issue 10, SPEC §2/§3/§5): per-platform selections of
 * rule catalogue items with report preferences; the built-in default of each
 * platform is read-only. Tasks resolve their template here at creation.
 */
export * from './template-rules.ts';
export * from './template-service.ts';
export { TemplateRepository } from './template-repository.ts';
