/**
 * @citadel/engine-ios: the iOS app (IPA) and iOS SDK (framework,
 * xcframework, .a, .dylib) assessment engine. `engine` is what the CLI and the
 * workers load; the catalogue (./catalogue), the parsed-package model
 * (./package) and the format readers (./formats) are exported for reports,
 * tests and tools.
 */
export * from './formats/index.ts';
export { ENGINE_VERSION, IosEngine, engine } from './engine.ts';
export { IOS_CATALOGUE, IOS_ITEM_KEYS, IOS_SDK_ITEM_KEYS, iosRuleId, type IosItem, type IosPlatform } from './catalogue/index.ts';
export { DEFAULT_OPEN_LIMITS, openPackage } from './package/open-package.ts';
export type { BinaryRole, BinarySummary, IosPackage, PackageKind, SliceSummary } from './package/model.ts';
export { readProvisioningProfile, type ProfileType, type ProvisioningProfile } from './package/provisioning.ts';
export { summarizeMachO, summarizeStaticLibrary } from './package/binary.ts';
export { JAILBREAK_STRINGS, HOOK_STRINGS, DEBUGGER_STRINGS } from './checks/resilience-signatures.ts';
