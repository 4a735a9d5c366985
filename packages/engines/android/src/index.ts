/**
 * @citadel/engine-android: the Android app (APK, APKS/XAPK, AAB) and Android
 * SDK (AAR, JAR) assessment engine. `engine` is what the CLI and the workers
 * load; the rule catalogue (./catalogue), the package model (./apk) and the
 * format readers (./formats) are exported for reports, tests and tools.
 */
export * from './formats/index.ts';
export { AndroidEngine, ENGINE_VERSION, engine } from './engine.ts';
export { ANDROID_CATALOGUE, SDK_ITEM_KEYS, ANDROID_ITEM_KEYS, ruleId } from './catalogue/index.ts';
export { openPackage, DEFAULT_OPEN_LIMITS, type OpenLimits } from './apk/open-package.ts';
/** For engines that read Android packages too (compliance): the model before its hashes are done, and the target facts. */
export { openPackageDeferred } from './apk/open-package.ts';
export { appLabel, fileFacts } from './apk/app-info.ts';
export type { PackageModel, PackageKind, NativeLib, DexEntry } from './apk/model.ts';
export { readManifestInfo, type ManifestInfo, type Component, type ComponentKind } from './apk/manifest-info.ts';
export { parseClassFile, type ClassFileInfo, type MemberRef } from './apk/class-file.ts';
export { PACKER_SIGNATURES, type PackerSignature } from './checks/packer-signatures.ts';
export { API_RULES, FIELD_RULES, STRING_RULES, type ApiRule } from './checks/code/api-rules.ts';
/** The DEX code checks for other engines that meet DEX code (HarmonyOS FA packages): a check context, the visitors and the one walk. */
export { CheckContext as AndroidCheckContext, type AndroidPlatform } from './checks/context.ts';
export { codeVisitors, scanCode, type CodeScanResult, type StringOccurrence } from './checks/code/scan.ts';
