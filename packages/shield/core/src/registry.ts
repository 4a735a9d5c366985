/**
 * The registry of hardening types. The core imports no type package (they
 * depend on it, not the other way round): whoever runs jobs — the server, the
 * CLI, a test — builds a registry from the modules it ships. Registration checks
 * that each type's default strategies are valid against its own schema.
 */
import { presetValues } from './strategy.ts';
import type { ShieldType, ShieldTypeModule } from './types.ts';

export interface ShieldRegistry {
  get(type: string): ShieldTypeModule | undefined;
  list(): ShieldTypeModule[];
  has(type: string): type is ShieldType;
}

export function createRegistry(modules: ShieldTypeModule[]): ShieldRegistry {
  const byType = new Map<string, ShieldTypeModule>();
  for (const m of modules) {
    if (byType.has(m.type)) throw new Error(`hardening type registered twice: ${m.type}`);
    const keys = new Set<string>();
    for (const o of m.schema.options) {
      if (keys.has(o.key)) throw new Error(`${m.type}: option ${o.key} declared twice`);
      keys.add(o.key);
    }
    const ids = new Set<string>();
    for (const d of m.defaults) {
      if (ids.has(d.id)) throw new Error(`${m.type}: default strategy ${d.id} declared twice`);
      ids.add(d.id);
      presetValues(m.schema, d);
    }
    byType.set(m.type, m);
  }
  return {
    get: (type) => byType.get(type),
    list: () => [...byType.values()],
    has: (type): type is ShieldType => byType.has(type),
  };
}
