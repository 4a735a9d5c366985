/**
 * Rule catalogues: the type helper engines use to declare their items
 * (`defineCatalogue`; `defineItems` for items written as compact specs on
 * one or several platforms), validation (also callable from an engine's
 * tests via `catalogueProblems`), and localised texts with fallbacks (`text`).
 */
export * from './define.ts';
export * from './define-items.ts';
export * from './validate.ts';
export * from './text.ts';
export * from './translations.ts';
export * from './testing.ts';
