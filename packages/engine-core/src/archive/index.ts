/**
 * Safe archive readers shared by every engine: ZIP (APK, AAB, XAPK, AAR/JAR,
 * IPA, HAP/APP, mini-program packages) read by random access under hard
 * limits, TAR (plain or gzip, for source uploads and Alipay packages) read as a
 * stream, entry-name safety checks and safeJoin for code that extracts, and a
 * tiny ZIP writer for building test inputs in code.
 */
export * from './limits.ts';
export * from './names.ts';
export * from './source.ts';
export { ZipArchive, openZip, withZip, type ZipOpenOptions } from './zip-archive.ts';
export type { ZipEntry, ZipAnomaly, ZipAnomalyKind } from './zip-entries.ts';
export type { ReadEntryOptions } from './zip-data.ts';
export { METHOD_STORED, METHOD_DEFLATED, FLAG_ENCRYPTED, FLAG_DATA_DESCRIPTOR, FLAG_UTF8, extraFields, type CentralRecord } from './zip-format.ts';
export { readTar, TarReader, type TarEntry, type TarEntryType, type TarAnomaly, type TarOptions, type TarInput } from './tar.ts';
export { buildZip, deflateBomb, type ZipWriterEntry, type ZipWriterOptions } from './zip-writer.ts';
export type { ZipLayout } from './zip-layout.ts';
// Block-level TAR parsing for readers of tar archives embedded in larger images (firmware).
export { BLOCK as TAR_BLOCK, META_TYPES as TAR_META_TYPES, isZeroBlock as isTarZeroBlock, numeric as tarNumeric, parseHeader as parseTarHeader, parseLongName as parseTarLongName, parsePax as parseTarPax, type TarHeader } from './tar-header.ts';
