/**
 * The identity hashes of an input (MD5, SHA-1, SHA-256) that every
 * assessment reports, computed in one streaming pass; and the chunked content
 * digest that APK v2/v3 and HAP signatures sign.
 */
export * from './content-hashes.ts';
export * from './signed-zip-digest.ts';
