/**
 * The portal as an OpenID Connect relying party, through openid-client:
 * discovery of the provider (cached once it answered), the authorization
 * request with state, nonce and PKCE (S256), the code exchange with ID-token
 * validation (signature, issuer, audience, expiry, nonce), the UserInfo claims,
 * and the RP-initiated logout URL. Nothing here logs: tokens, codes and the
 * client secret stay inside this module and its caller.
 */
import * as oidc from 'openid-client';
import { AppError } from '../../http/app-error.ts';
import type { SsoConfig } from './sso-config.ts';

export interface AuthorizationStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export type Claims = Record<string, unknown>;

/** A failure the caller may log: a name and a provider error code, never a token or a message that could quote one. */
export interface SsoFailure {
  kind: 'unavailable' | 'rejected';
  name: string;
  code: string;
}

export class OidcClient {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(private readonly cfg: SsoConfig) {}

  /** The provider's configuration; a failed discovery is not cached, so the next sign-in retries it. */
  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(this.cfg.issuer),
        this.cfg.clientId,
        undefined,
        this.cfg.tokenAuth === 'post' ? oidc.ClientSecretPost(this.cfg.clientSecret) : oidc.ClientSecretBasic(this.cfg.clientSecret),
        {
          ...(this.cfg.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
          timeout: 10,
        },
      )
      .catch((err: unknown) => {
        this.discovered = undefined;
        throw err;
      });
    return this.discovered;
  }

  async start(): Promise<AuthorizationStart> {
    const config = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.cfg.redirectUri,
      scope: this.cfg.scope,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code the provider sent back. The callback URL is rebuilt from
   * the configured redirect URI plus the provider's answer parameters, so
   * nothing of the request decides where the code was meant to go.
   */
  async finish(answer: Record<string, string>, check: { state: string; nonce: string; codeVerifier: string }): Promise<{ subject: string; claims: Claims }> {
    const config = await this.configuration();
    const callback = new URL(this.cfg.redirectUri);
    callback.search = '';
    callback.hash = '';
    for (const [k, v] of Object.entries(answer)) callback.searchParams.set(k, v);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: check.codeVerifier,
      expectedState: check.state,
      expectedNonce: check.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new AppError('sso_login_failed');
    const claims: Claims = { ...idClaims };
    // Providers may keep profile claims (customer, role) for UserInfo only; its subject must be the ID token's.
    if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      for (const [k, v] of Object.entries(info)) if (k !== 'sub') claims[k] = v;
    }
    return { subject: idClaims.sub, claims };
  }

  /** Where the browser goes to end the provider's session too (RP-initiated logout), or undefined when the provider has no such endpoint. */
  async endSessionUrl(): Promise<string | undefined> {
    const config = await this.configuration();
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    return oidc.buildEndSessionUrl(config, { client_id: this.cfg.clientId, post_logout_redirect_uri: this.cfg.postLogoutRedirectUri }).href;
  }

  get issuer(): string {
    return this.cfg.issuer;
  }
}

/** What went wrong, in terms safe to log (no error message: it could quote a response). */
export function describeFailure(err: unknown): SsoFailure {
  const e = err as { name?: unknown; code?: unknown; error?: unknown; cause?: unknown };
  const name = typeof e?.name === 'string' ? e.name : 'Error';
  const code = typeof e?.error === 'string' ? e.error : typeof e?.code === 'string' ? e.code : '';
  // Network trouble (connection refused, timeout, a provider answering 5xx) is "unavailable"; everything else a rejected sign-in.
  const unavailable = name === 'TypeError' || name === 'AbortError' || name === 'TimeoutError' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || /ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN/.test(String((e?.cause as { code?: unknown } | undefined)?.code ?? ''));
  return { kind: unavailable ? 'unavailable' : 'rejected', name, code: code.slice(0, 60) };
}
