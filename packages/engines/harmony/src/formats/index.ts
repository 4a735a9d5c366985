/**
 * Readers of the formats inside HarmonyOS packages (.hap/.hsp/.app): Ark
 * bytecode, the signing block and profile, module.json (Stage), config.json
 * (FA), pack.info and resources.index. Each takes bytes (or, for the signing
 * block, a ZIP locator) and returns typed data or throws FormatError.
 */
export * from './abc/index.ts';
export * from './hap-signing/index.ts';
export * from './module-json/index.ts';
export * from './config-json/index.ts';
export * from './pack-info/index.ts';
export * from './resources-index/index.ts';
export { parseJsonBounded, ShapeReader, isObject, DEFAULT_JSON_LIMITS, type JsonLimits, type JsonObject } from './json-shape/index.ts';
