/**
 * Single sign-on (issue 30): the portal as an OpenID Connect relying party
 * (authorization code + PKCE, ID-token validation, RP-initiated logout) with
 * provider accounts mapped or provisioned by claim. Built from the portal's
 * services; configured by CITADEL_SSO_* (sso-config.ts).
 */
import type { Kysely } from 'kysely';
import type { Services } from '../../services.ts';
import type { SsoDB } from './sso-schema.ts';
import { SsoService } from './sso-service.ts';

export { SsoService, type ProviderAnswer } from './sso-service.ts';
export { type SsoConfig, ssoConfig, ssoEnabled } from './sso-config.ts';

export function createSso(services: Services, log: { warn(obj: object, msg: string): void }): SsoService {
  return new SsoService(services.config.sso, {
    db: services.database.db as unknown as Kysely<SsoDB>,
    users: services.users,
    roles: services.roles,
    sessions: services.sessions,
    audit: services.audit,
    log,
  });
}
