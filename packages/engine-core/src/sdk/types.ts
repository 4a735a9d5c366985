/** One third-party SDK of the library: data, not code (admins will edit a copy of it; see the rules issue). */
import type { SdkCategory } from '@citadel/contracts';

export interface SdkDefinition {
  name: string;
  category: SdkCategory;
  /** Java package prefixes (Android DEX, HarmonyOS classic), dot-separated; matched on whole segments. */
  packages?: readonly string[];
  /** iOS framework bundle names without ".framework" (also Swift module names). */
  iosFrameworks?: readonly string[];
  /** Objective-C class-name prefixes; a prefix matches when the next character starts a new word (upper case, digit, "_") or the name ends. */
  iosClassPrefixes?: readonly string[];
  /** ohpm package names (HarmonyOS NEXT), exact or "@scope/*". */
  ohpm?: readonly string[];
  website?: string;
}

/** Shorthand used by the library files: name, category, packages, then optional iOS data and website. */
export function defineSdk(name: string, category: SdkCategory, packages: readonly string[], extra: Omit<SdkDefinition, 'name' | 'category' | 'packages'> = {}): SdkDefinition {
  return { name, category, ...(packages.length > 0 ? { packages } : {}), ...extra };
}
