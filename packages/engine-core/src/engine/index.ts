/**
 * What an engine is and how it reports: the Engine interface the task
 * workers and the CLI call, the AssessmentBuilder an engine fills while it
 * runs (one row per item, evidence caps, MAIN/SDK attribution, progress,
 * cancellation), the keyed check context engines extend (short keys →
 * platform rule ids), how a run starts (run-start.ts), whitelists and
 * sensitive words, and the engine registry.
 */
export * from './types.ts';
export * from './whitelist.ts';
export * from './builder.ts';
export * from './check-context.ts';
export * from './run-start.ts';
export * from './registry.ts';
export * from './conformance.ts';
