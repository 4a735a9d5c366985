/**
 * @citadel/engine-harmony: HarmonyOS (FA model) and HarmonyOS NEXT /
 * OpenHarmony (Stage model) app assessment. So far: the format readers.
 */
export * from './formats/index.ts';
