/**
 * The engines the CLI knows. An engine package registers itself by exporting
 * `engine` (an Engine) or `engines` (Engine[]) from its index.ts; packages
 * listed here that export neither yet (placeholders) are simply not offered.
 */
import { type Engine, EngineRegistry } from '@citadel/engine-core';

export const ENGINE_PACKAGES = ['@citadel/engine-android', '@citadel/engine-ios', '@citadel/engine-harmony', '@citadel/engine-miniprogram', '@citadel/engine-source', '@citadel/engine-web', '@citadel/engine-network', '@citadel/engine-compliance', '@citadel/engine-firmware', '@citadel/engine-sca'] as const;

export function isEngine(x: unknown): x is Engine {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return typeof e.name === 'string' && typeof e.version === 'string' && Array.isArray(e.platforms) && typeof e.accepts === 'function' && typeof e.run === 'function' && typeof e.catalogue === 'object';
}

export interface LoadedEngines {
  registry: EngineRegistry;
  /** Packages that could not be imported (not installed or broken), with the reason. */
  unavailable: { pkg: string; reason: string }[];
}

export async function loadEngines(packages: readonly string[] = ENGINE_PACKAGES): Promise<LoadedEngines> {
  const registry = new EngineRegistry();
  const unavailable: LoadedEngines['unavailable'] = [];
  for (const pkg of packages) {
    let mod: Record<string, unknown>;
    try {
      mod = (await import(pkg)) as Record<string, unknown>;
    } catch (e) {
      unavailable.push({ pkg, reason: (e as Error).message.split('\n')[0]! });
      continue;
    }
    const found = [mod.engine, ...(Array.isArray(mod.engines) ? mod.engines : [])].filter(isEngine);
    for (const engine of found) if (!registry.byName(engine.name)) registry.register(engine);
  }
  return { registry, unavailable };
}
