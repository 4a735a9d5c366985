/**
 * Engines per platform: which package assesses which platform, so a process
 * that runs one platform imports only that engine.
 */
import type { Platform } from '@citadel/contracts';
import { ENGINE_PACKAGES, type LoadedEngines, loadEngines } from './engines.ts';

/**
 * The package whose engine assesses each platform, so a process that runs one
 * platform (an engine child, `scan --platform`/`--url`) imports only that
 * engine: importing every engine package costs seconds per process. A platform
 * not listed (a new engine) loads every package; catalogues.test.ts checks that
 * each entry names the engine the full list would pick.
 */
export const PLATFORM_PACKAGES: Readonly<Partial<Record<Platform, string>>> = {
  android: '@citadel/engine-android',
  android_sdk: '@citadel/engine-android',
  ios: '@citadel/engine-ios',
  ios_sdk: '@citadel/engine-ios',
  harmony: '@citadel/engine-harmony',
  harmony_next: '@citadel/engine-harmony',
  miniprogram: '@citadel/engine-miniprogram',
  alipay_miniprogram: '@citadel/engine-miniprogram',
  source: '@citadel/engine-source',
  web: '@citadel/engine-web',
  network: '@citadel/engine-network',
  ics: '@citadel/engine-network',
  compliance: '@citadel/engine-compliance',
  firmware: '@citadel/engine-firmware',
  sca: '@citadel/engine-sca',
};

/** The engines for one platform: its own package when known, every package otherwise. */
export function loadEnginesFor(platform: string): Promise<LoadedEngines> {
  const pkg = (PLATFORM_PACKAGES as Record<string, string | undefined>)[platform];
  return loadEngines(pkg ? [pkg] : ENGINE_PACKAGES);
}
