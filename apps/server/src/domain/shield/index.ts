/** Hardening (shield) service of the portal: tasks, strategies, downloads for every registered hardening type. */
import type { Kysely } from 'kysely';
import type { Services } from '../../services.ts';
import type { ShieldDB } from './schema.ts';
import { ShieldService } from './shield-service.ts';

export { SHIELD_REGISTRY, SLUG_OF, listResource, templateResource } from './types.ts';
export { ShieldService } from './shield-service.ts';

export function createShield(services: Services, log: (m: string) => void): ShieldService {
  return new ShieldService(
    services.database.db as unknown as Kysely<ShieldDB>,
    services.storage,
    {
      timeoutMs: Math.min(services.config.taskTimeoutSeconds, 3600) * 1000,
      memoryMb: Math.min(services.config.taskMemoryMb, 2048),
      maxInputBytes: services.config.uploadMaxMb * 1024 * 1024,
    },
    log,
  );
}
