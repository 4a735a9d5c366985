/** /aa: sign-in, session check and passwords (SPEC §7). */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ErrorCode, ERROR_CATALOGUE, buttonPermissions } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import { toSessionUser } from '../../domain/auth/auth-service.ts';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { fail } from '../app-error.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';

const sessionUserSchema = {
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
const permissionSchema = { type: 'object', properties: { resources: { type: 'string' }, operations: { type: 'array', items: { type: 'string' } } } };
/** RSA-2048 ciphertext is 256 bytes: 344 base64 characters. */
const sealed = str(700, 1);

/** The password calls are signed with the session token: HMAC-SHA256(token, payload), hex. */
function assertSigned(token: string, payload: string, signature: string): void {
  const expected = createHmac('sha256', token).update(payload).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) fail('illegal_parameter', 'signature');
}

export async function aaRoutes(app: FastifyInstance, { auth, loginKeys }: Services): Promise<void> {
  app.post(
    '/aa/loginKey',
    {
      config: { access: 'public' },
      schema: { tags: ['aa'], summary: 'RSA public key for encrypting passwords (RSA-OAEP, SHA-256)', response: responses(envelope({ type: 'object', properties: { key_id: { type: 'string' }, public_key: { type: 'string' } } })) },
    },
    async () => {
      const { keyId, publicPem } = await loginKeys.current();
      return { data: { key_id: keyId, public_key: publicPem } };
    },
  );

  app.post<{ Body: { agent: string; username: string; password: string; key_id: string; captcha_id: string; captcha_code: string; client_key?: string } }>(
    '/aa/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['aa'],
        summary: 'Sign in with user name, sealed password and captcha',
        body: body(
          { agent: { type: 'string', enum: ['web'] }, username: str(100, 1), password: sealed, key_id: str(64, 1), captcha_id: str(64, 1), captcha_code: str(10, 1), client_key: str(100) },
          ['agent', 'username', 'password', 'key_id', 'captcha_id', 'captcha_code'],
        ),
        response: responses(envelope({ type: 'object', properties: { token: { type: 'string' }, expires_at: { type: 'integer' }, user: sessionUserSchema } })),
      },
    },
    async (req) => {
      const b = req.body;
      const result = await auth.login({
        username: b.username,
        password: b.password,
        keyId: b.key_id,
        captchaId: b.captcha_id,
        captchaCode: b.captcha_code,
        ...(b.client_key ? { clientKey: b.client_key } : {}),
        agent: b.agent,
        ip: req.ip,
      });
      return { data: { token: result.token, expires_at: result.expiresAt, user: result.user } };
    },
  );

  app.post<{ Body: { user: string; token: string; agent: string } }>(
    '/aa/checkLogin',
    {
      // The token travels in the body here (SPEC §7), so the route checks it itself.
      config: { access: 'public' },
      schema: {
        tags: ['aa'],
        summary: 'Check a token and return the signed-in user',
        body: body({ user: str(100, 1), token: str(200, 1), agent: { type: 'string', enum: ['web'] } }),
        response: responses(
          envelope({
            type: 'object',
            properties: {
              user: sessionUserSchema,
              extra: { type: 'object', properties: { expires_at: { type: 'integer' }, permissions: { type: 'array', items: permissionSchema }, buttons: { type: 'array', items: { type: 'string' } } } },
            },
          }),
        ),
      },
    },
    async (req) => {
      const identity = await auth.identify(req.body.token, req.body.user);
      const subject = { isAdmin: identity.isAdmin, permissions: identity.permissions };
      return {
        data: {
          user: toSessionUser(identity.user),
          extra: { expires_at: 0, permissions: identity.permissions, buttons: buttonPermissions(subject) },
        },
      };
    },
  );

  app.post<{ Body: { password: string; key_id: string; signature: string } }>(
    '/aa/asyncCheckPassword',
    {
      config: { access: 'session', duringPasswordChange: true },
      schema: {
        tags: ['aa'],
        summary: 'Check a candidate password against the server policy',
        body: body({ password: sealed, key_id: str(64, 1), signature: str(64, 64) }),
        response: responses(envelope({ type: 'object', properties: { pass: { type: 'boolean' }, msg: { type: 'string' } } })),
      },
    },
    async (req) => {
      const identity = identityOf(req);
      assertSigned(identity.token, req.body.password, req.body.signature);
      const { pass, code } = await auth.checkPassword(req.body.key_id, req.body.password);
      return { data: { pass, msg: code ? ERROR_CATALOGUE[code as ErrorCode][requestLang(req)] : '' } };
    },
  );

  app.post<{ Body: { old_password: string; new_password: string; key_id: string; signature: string } }>(
    '/aa/changePwd',
    {
      config: { access: 'session', duringPasswordChange: true },
      schema: {
        tags: ['aa'],
        summary: 'Change the signed-in user’s password (ends every session of the user)',
        body: body({ old_password: sealed, new_password: sealed, key_id: str(64, 1), signature: str(64, 64) }),
        response: responses(okEnvelope),
      },
    },
    async (req) => {
      const identity = identityOf(req);
      const b = req.body;
      assertSigned(identity.token, `${b.old_password}.${b.new_password}`, b.signature);
      await auth.changePassword(identity, b.key_id, b.old_password, b.new_password, req.ip);
      return { data: { ok: true } };
    },
  );
}
