/**
 * Ark bytecode (.abc, "PANDA" files such as ets/modules.abc in a HAP): header
 * with checksum, classes (records) with their fields and methods, literal
 * arrays, ES module records (the imported kits and ohpm packages) and every
 * string those structures reach — what the HarmonyOS engine scans for URLs,
 * secrets and API uses, and method code decoded into call facts (which API
 * each method calls, with constant arguments). Every offset is bounds-checked;
 * counts are capped; work is budgeted.
 */
export { parseAbc, DEFAULT_ABC_LIMITS, type AbcFile, type AbcLimits, type AbcIndexRegion } from './abc-file.ts';
export { parseAbcHeader, adler32, ABC_MAGIC, ABC_HEADER_SIZE, type AbcHeader } from './header.ts';
export type { AbcClass, AbcField, AbcMethod, AbcCode } from './classes.ts';
export { LITERAL_TAGS, type AbcLiteral, type AbcLiteralArray, type AbcLiteralValue } from './literals.ts';
export type { AbcModuleRecord } from './module-record.ts';
export { readAbcString, type AbcString } from './mutf8.ts';
export { type AbcMethodFacts, type CodeDecoding, DEFAULT_CODE_LIMITS, codeDecodable } from './code/code.ts';
export type { AbcCall, AbcValue } from './code/interpret.ts';
export { ISA_TABLE, PREFIXES } from './code/isa-table.ts';
export { decodeInstruction, specOf, type Instruction, type InstructionSpec } from './code/instructions.ts';
