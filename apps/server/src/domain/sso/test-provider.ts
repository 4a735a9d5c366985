/**
 * Test support: a real OpenID Connect provider (oidc-provider from npm) on a
 * free loopback port, with one confidential client for the portal (PKCE
 * required, RP-initiated logout on) and accounts given as data: the dev login
 * form signs in whichever account name is typed, and that account's claims
 * (customer, role, submit_type) come from the table the test passes.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  customer?: string;
  role?: string;
  submit_type?: number;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/** A port that was free a moment ago (the portal's redirect URI must be known before it starts). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export async function startTestProvider(portalUrl: string, accounts: Record<string, TestAccount>): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'citadel-portal';
  const clientSecret = 'test-client-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [portalUrl],
        post_logout_redirect_uris: [portalUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'citadel'],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], citadel: ['customer', 'role', 'submit_type'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['citadel-test-provider-cookie-key'] },
    async findAccount(_ctx, id) {
      const account = accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, preferred_username: id, name: account.name ?? id, ...(account.customer ? { customer: account.customer } : {}), ...(account.role ? { role: account.role } : {}), ...(account.submit_type !== undefined ? { submit_type: account.submit_type } : {}) };
        },
      };
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
