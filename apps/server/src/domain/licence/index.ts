/**
 * The licence (issue 30): Ed25519-signed licence files verified with the
 * embedded vendor public key, enforcement on task creation and module access,
 * and the counters. One service per Services object (no new field on Services).
 */
import type { Kysely } from 'kysely';
import type { Services } from '../../services.ts';
import { LicenceService } from './licence-service.ts';
import { licencePublicKey } from './public-key.ts';
import type { LicenceDB } from './schema.ts';

export { LicenceService, GRACE_DAYS, ALWAYS_OPEN, moduleOf, type LicenceStatus, type Reservation } from './licence-service.ts';
export { readLicence, LICENCE_FORMAT, MODULE_KEYS, type LicencePayload, type ProductGrant } from './format.ts';

const byServices = new WeakMap<Services, LicenceService>();

export function licenceOf(services: Services): LicenceService {
  let svc = byServices.get(services);
  if (!svc) {
    svc = new LicenceService(services.database.db as unknown as Kysely<LicenceDB>, licencePublicKey(services.config.testHooks));
    byServices.set(services, svc);
  }
  return svc;
}
