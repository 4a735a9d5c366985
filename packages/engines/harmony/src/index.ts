/**
 * @citadel/engine-harmony: HarmonyOS (FA model, platform harmony) and
 * HarmonyOS NEXT / OpenHarmony (Stage model, platform harmony_next) app
 * assessment. `engine` is what the CLI and the workers load; the catalogue,
 * the package model, the permission table and the format readers are
 * exported for reports, tests and tools.
 */
export * from './formats/index.ts';
export { HarmonyEngine, ENGINE_VERSION, engine } from './engine.ts';
export { HARMONY_CATALOGUE, HARMONY_ITEM_KEYS, HARMONY_PLATFORMS, type HarmonyPlatform } from './catalogue/index.ts';
export { openHarmonyPackage, DEFAULT_OPEN_LIMITS, type OpenLimits } from './hap/open-package.ts';
export type { HarmonyPackage, HarmonyModule, PackageKind, AppModel } from './hap/model.ts';
export { detectPlatform } from './hap/detect.ts';
export { PERMISSIONS, permissionInfo, type PermissionInfo, type PermissionLevel, type GrantMode } from './permissions/index.ts';
export { ohpmPackageOf } from './checks/sdks.ts';
