/**
 * `@citadel/engine-core/testing`: helpers for the engines' tests — paths of the
 * shared real samples, a seeded PRNG and byte mutations for fuzz cases, a quick
 * way to pull one entry out of a sample, and a TAR writer and a little-endian
 * byte writer for inputs built in code. Never imported by engine code.
 */
export * from './corpus.ts';
export * from './unzip-entry.ts';
export { buildTar, type TarWriterEntry } from '../archive/test-utils/tar-writer.ts';
export * from './byte-writer.ts';
