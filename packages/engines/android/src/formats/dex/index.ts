/**
 * DEX (Dalvik executable) reader: header with verified checksum and SHA-1,
 * id tables, class definitions, class data, code items, and a bytecode walker
 * that tells, per method, which methods it invokes, which strings and fields
 * it uses and which constants it passes — what the code checks run on.
 */
export { DexFile, NO_INDEX, DEFAULT_DEX_LIMITS, methodDescriptor, methodSignature } from './dex-file.ts';
export type { DexLimits, MethodRef, FieldRef, DexClassDef, ClassData, EncodedMember, CodeItem } from './dex-file.ts';
export { readDexHeader, adler32, hasDexMagic, DEX_VERSIONS, type DexHeader, type DexSection } from './header.ts';
export { decodeMutf8 } from './mutf8.ts';
export { walkCode, type ArgValue, type InvokeSite, type FieldAccess, type TypeUse, type CodeFacts, type WalkLimits } from './code-walker.ts';
export { walkMethods, type MethodCode, type MethodWalkOptions, type MethodWalkProblem } from './methods.ts';
export { parseDex, parseDexContainer, isDexEntryName, compareDexEntryNames } from './parse-dex.ts';
export { OPCODE_FORMATS, OPCODE_UNITS, FORMAT_UNITS, type InsnFormat, type InvokeKind } from './opcodes.ts';
export { ACCESS_FLAGS, describeAccessFlags } from './access-flags.ts';
