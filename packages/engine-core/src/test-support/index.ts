/** Helpers for engine-core's own tests (real-sample entries via unzip, deterministic mutations); not exported from the package. */
export * from './unzip-entry.ts';
