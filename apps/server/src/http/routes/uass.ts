/**
 * /uass (SPEC §7): single sign-on through the configured OpenID Connect
 * provider. login answers the provider's authorization URL (the browser goes
 * there); validate takes the provider's answer the browser came back with and
 * answers a portal session like /aa/login; logout ends the session and answers
 * the provider's end-session URL when the session came through it. Where the
 * provider sends the browser is fixed by configuration, never by the request.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { type ProviderAnswer, createSso } from '../../domain/sso/index.ts';
import { identityOf } from '../access.ts';
import { body, envelope, responses, str } from '../schemas.ts';

const sessionUser = {
  type: 'object',
  properties: {
    user_id: { type: 'integer' },
    name: { type: 'string' },
    real_name: { type: 'string' },
    client_key: { type: 'string' },
    customer_name: { type: 'string' },
    submit_type: { type: 'integer' },
    is_admin: { type: 'boolean' },
    role: { type: 'string' },
    must_change_password: { type: 'boolean' },
  },
};
const urlAnswer = responses(envelope({ type: 'object', properties: { url: { type: 'string' } } }));

export async function uassRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const sso = createSso(services, { warn: (obj, msg) => app.log.warn(obj, msg) });

  app.post(
    '/uass/login',
    { config: { access: 'public' }, schema: { tags: ['uass'], summary: "Begin single sign-on: the identity provider's authorization URL (state, nonce, PKCE S256)", body: body({}, []), response: urlAnswer } },
    async () => ({ data: await sso.begin() }),
  );

  app.post<{ Body: ProviderAnswer & { agent?: 'web' } }>(
    '/uass/validate',
    {
      config: { access: 'public' },
      schema: {
        tags: ['uass'],
        summary: "Finish single sign-on with the provider's answer (code and state): a portal session",
        body: body(
          { code: str(2000), state: str(200, 1), iss: str(300), error: str(100), error_description: str(500), session_state: str(500), agent: { type: 'string', enum: ['web'] } },
          ['state'],
        ),
        response: responses(envelope({ type: 'object', properties: { token: { type: 'string' }, expires_at: { type: 'integer' }, user: sessionUser } })),
      },
    },
    async (req) => {
      const { agent, ...answer } = req.body;
      const result = await sso.complete(answer, req.ip, agent ?? 'web');
      return { data: { token: result.token, expires_at: result.expiresAt, user: result.user } };
    },
  );

  app.post(
    '/uass/logout',
    {
      config: { access: 'session', duringPasswordChange: true },
      schema: { tags: ['uass'], summary: "Sign out; for a single-sign-on session also the provider's end-session URL (empty otherwise)", body: body({}, []), response: urlAnswer },
    },
    async (req) => ({ data: await sso.logout(identityOf(req), req.ip) }),
  );
}
