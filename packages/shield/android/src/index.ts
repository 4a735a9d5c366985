/**
 * @citadel/shield-android: hardening of Android apps (type "app": APK),
 * native libraries (type "so": ELF .so) and SDKs (type "sdk": AAR/JAR), as
 * shield-core type modules. Only protections that can be applied statically
 * and verified here are offered; each result says what remains unverified.
 */
import type { ShieldTypeModule } from '@citadel/shield-core';
import { appShield } from './app/module.ts';
import { soShield } from './so/module.ts';
import { sdkShield } from './sdk/module.ts';

export { appShield, hardenApp } from './app/module.ts';
export { soShield, hardenSo } from './so/module.ts';
export { sdkShield, hardenSdk } from './sdk/module.ts';
export { stripClassDebug } from './sdk/class-strip.ts';
export { APP_SCHEMA, APP_DEFAULTS } from './app/strategy.ts';
export { editManifestBooleans, type BoolEdit, type EditOutcome } from './manifest/axml-patch.ts';
export { stripDexDebugInfo, type DexStripResult } from './dex/strip-debug.ts';
export { stripElf, type ElfStripResult } from './so/elf-strip.ts';
export { compareStripped } from './so/verify-elf.ts';
export { keystoreFrom, type KeystoreInput } from './signing/sign.ts';

/** The hardening types this package provides, for createRegistry(). */
export const androidShieldTypes: ShieldTypeModule[] = [appShield, soShield, sdkShield];
