/**
 * Testing rules (issue 10, SPEC §2 testing management): whitelists, the
 * third-party SDK library, sensitive words and the admin's evaluation
 * settings — stored per customer (plus shared rows) and handed to the engines
 * as EngineOptions at run time, so changes apply to the next assessment.
 */
export * from './ownership.ts';
export * from './whitelist-service.ts';
export * from './sdk-library-service.ts';
export * from './sensitive-words-service.ts';
export * from './evaluation-settings-service.ts';
export * from './engine-options.ts';
