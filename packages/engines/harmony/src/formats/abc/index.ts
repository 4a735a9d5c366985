/**
 * Ark bytecode (.abc, "PANDA" files such as ets/modules.abc in a HAP): header
 * with checksum, classes (records) with their fields and methods, literal
 * arrays, ES module records (the imported kits and ohpm packages) and every
 * string those structures reach — what the HarmonyOS engine scans for URLs,
 * secrets and API uses. Every offset is bounds-checked; counts are capped.
 */
export { parseAbc, DEFAULT_ABC_LIMITS, type AbcFile, type AbcLimits, type AbcIndexRegion } from './abc-file.ts';
export { parseAbcHeader, adler32, ABC_MAGIC, ABC_HEADER_SIZE, type AbcHeader } from './header.ts';
export type { AbcClass, AbcField, AbcMethod, AbcCode } from './classes.ts';
export { LITERAL_TAGS, type AbcLiteral, type AbcLiteralArray, type AbcLiteralValue } from './literals.ts';
export type { AbcModuleRecord } from './module-record.ts';
export { readAbcString, type AbcString } from './mutf8.ts';
