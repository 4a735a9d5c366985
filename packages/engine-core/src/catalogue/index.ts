/**
 * Rule catalogues: the type helper engines use to declare their items
 * (`defineCatalogue`), validation (also callable from an engine's tests via
 * `catalogueProblems`), and localised texts with fallbacks (`text`).
 */
export * from './define.ts';
export * from './validate.ts';
export * from './text.ts';
export * from './testing.ts';
