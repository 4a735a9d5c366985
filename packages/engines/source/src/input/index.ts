/**
 * The project as a stream of files: a folder, a zip or a tar(.gz) upload read
 * under the shared archive limits, vendored and generated folders skipped
 * with a note, over-large and binary files skipped with a note, each file's
 * language decided from its name.
 */
export * from './languages.ts';
export * from './collect.ts';
