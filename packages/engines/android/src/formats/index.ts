/**
 * Readers of the Android binary formats the engine assesses: binary XML
 * (manifest, res/xml), resources.arsc, DEX with a bytecode walker, APK
 * signatures (signing block v2/v3/v3.1 and v1 JAR files) and the AAB's
 * protobuf manifest. Each takes bytes (the ZIP reader lives in engine-core)
 * and throws FormatError — never anything else — on malformed input.
 */
export * from './res-chunks/index.ts';
export * from './xml-tree/index.ts';
export * from './axml/index.ts';
export * from './arsc/index.ts';
export * from './dex/index.ts';
export * from './signing/index.ts';
export * from './aab/index.ts';
