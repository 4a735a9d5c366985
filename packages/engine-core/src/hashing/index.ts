/**
 * The identity hashes of an input (MD5, SHA-1, SHA-256) that every
 * assessment reports, computed in one streaming pass.
 */
export * from './content-hashes.ts';
