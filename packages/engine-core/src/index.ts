/**
 * @citadel/engine-core: the pieces every assessment engine shares.
 * Engines are pure libraries (input files + options → Assessment); nothing here
 * knows about HTTP, the database or users.
 */
export * from './binary/byte-reader.ts';
export * from './asn1/index.ts';
export * from './catalogue/index.ts';
export * from './scoring/index.ts';
export * from './engine/index.ts';
export * from './secrets/index.ts';
export * from './hashing/index.ts';
export * from './archive/index.ts';
export * from './elf/index.ts';
export * from './sdk/index.ts';
export * from './sarif/index.ts';
