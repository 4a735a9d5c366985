/**
 * `@citadel/engine-core/testing`: helpers for the engines' tests — paths of the
 * shared real samples, a seeded PRNG and byte mutations for fuzz cases, and a
 * quick way to pull one entry out of a sample. Never imported by engine code.
 */
export * from './corpus.ts';
export * from './unzip-entry.ts';
