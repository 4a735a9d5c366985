/**
 * @citadel/engine-core: the pieces every assessment engine shares.
 * Engines are pure libraries (input files + options → Assessment); nothing here
 * knows about HTTP, the database or users.
 */
export * from './binary/byte-reader.ts';
