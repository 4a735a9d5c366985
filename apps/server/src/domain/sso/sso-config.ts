/**
 * The single-sign-on settings (issue 30): one OpenID Connect identity provider
 * the portal trusts, read from the environment like every other setting
 * (config.ts calls ssoConfig). The redirect URIs are fixed here by the operator
 * and never taken from a request, so a sign-in can only come back to the portal.
 */

export interface SsoConfig {
  /** The provider's issuer URL (its /.well-known/openid-configuration is read); empty: SSO is off. */
  issuer: string;
  clientId: string;
  /** Never logged, never answered. */
  clientSecret: string;
  /** How the portal authenticates at the token endpoint. */
  tokenAuth: 'basic' | 'post';
  /** Where the provider sends the browser back: the portal's own address (the login page finishes the sign-in). */
  redirectUri: string;
  /** Where the provider sends the browser after signing out there; defaults to the redirect URI. */
  postLogoutRedirectUri: string;
  scope: string;
  /** Claim names: the account name, the customer's client key, the role name, the submit type (SPEC §3 extra fields). */
  claims: { username: string; customer: string; role: string; submitType: string };
  /** Create an account for a provider user the portal does not know yet (otherwise such a user is refused). */
  provision: boolean;
  /** Role given when the provider sends none; empty: a role claim is required. */
  defaultRole: string;
  /** Allow an http:// issuer (a provider inside the same network or a test); https otherwise. */
  allowHttp: boolean;
}

type Source = Record<string, string | undefined>;

function url(src: Source, key: string): string {
  const raw = (src[key] ?? '').trim();
  if (!raw) return '';
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`${key} must be an http(s) URL, got "${raw}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`${key} must be an http(s) URL, got "${raw}"`);
  if (u.username || u.password) throw new Error(`${key} must not carry credentials`);
  return raw;
}

function flag(src: Source, key: string, fallback: boolean): boolean {
  const raw = src[key];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${key} must be 1/true or 0/false, got "${raw}"`);
}

function claimName(src: Source, key: string, fallback: string): string {
  const raw = (src[key] ?? '').trim();
  if (!raw) return fallback;
  if (!/^[A-Za-z_][A-Za-z0-9_.:/-]{0,99}$/.test(raw)) throw new Error(`${key} must be a claim name, got "${raw}"`);
  return raw;
}

export function ssoConfig(src: Source): SsoConfig {
  const issuer = url(src, 'CITADEL_SSO_ISSUER');
  const redirectUri = url(src, 'CITADEL_SSO_REDIRECT_URI');
  const tokenAuth = src.CITADEL_SSO_TOKEN_AUTH || 'basic';
  if (tokenAuth !== 'basic' && tokenAuth !== 'post') throw new Error(`CITADEL_SSO_TOKEN_AUTH must be basic or post, got "${tokenAuth}"`);
  const allowHttp = flag(src, 'CITADEL_SSO_ALLOW_HTTP', false);
  const cfg: SsoConfig = {
    issuer,
    clientId: (src.CITADEL_SSO_CLIENT_ID ?? '').trim(),
    clientSecret: src.CITADEL_SSO_CLIENT_SECRET ?? '',
    tokenAuth,
    redirectUri,
    postLogoutRedirectUri: url(src, 'CITADEL_SSO_POST_LOGOUT_REDIRECT_URI') || redirectUri,
    scope: (src.CITADEL_SSO_SCOPE || 'openid profile').trim(),
    claims: {
      username: claimName(src, 'CITADEL_SSO_USERNAME_CLAIM', 'preferred_username'),
      customer: claimName(src, 'CITADEL_SSO_CUSTOMER_CLAIM', 'customer'),
      role: claimName(src, 'CITADEL_SSO_ROLE_CLAIM', 'role'),
      submitType: claimName(src, 'CITADEL_SSO_SUBMIT_TYPE_CLAIM', 'submit_type'),
    },
    provision: flag(src, 'CITADEL_SSO_PROVISION', true),
    defaultRole: (src.CITADEL_SSO_DEFAULT_ROLE ?? '').trim(),
    allowHttp,
  };
  if (!issuer) return cfg;
  // A half-configured provider stops the start-up instead of failing at the first sign-in.
  if (!cfg.clientId) throw new Error('CITADEL_SSO_CLIENT_ID is required when CITADEL_SSO_ISSUER is set');
  if (!redirectUri) throw new Error('CITADEL_SSO_REDIRECT_URI is required when CITADEL_SSO_ISSUER is set');
  if (!cfg.scope.split(/\s+/).includes('openid')) throw new Error('CITADEL_SSO_SCOPE must include openid');
  for (const [key, value] of [['CITADEL_SSO_ISSUER', issuer], ['CITADEL_SSO_REDIRECT_URI', redirectUri]] as const) {
    if (!allowHttp && new URL(value).protocol !== 'https:') throw new Error(`${key} must be https (or set CITADEL_SSO_ALLOW_HTTP=1)`);
  }
  return cfg;
}

export const ssoEnabled = (cfg: SsoConfig): boolean => cfg.issuer !== '';
