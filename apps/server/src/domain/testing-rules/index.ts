/**
 * Testing rules (issue 10, SPEC §2 testing management): whitelists, the
 * third-party SDK library, sensitive words and the admin's evaluation
 * settings — stored per customer (plus shared rows) and handed to the engines
 * as EngineOptions at run time, so changes apply to the next assessment —
 * and the read-only reference of the rule catalogue the engines check.
 */
export * from './ownership.ts';
export * from './whitelist-service.ts';
export * from './sdk-library-service.ts';
export * from './sensitive-words-service.ts';
export * from './evaluation-settings-service.ts';
export * from './engine-options.ts';
export * from './rule-reference.ts';
