/** /user: sign-out (SPEC §7 GET /user/logout). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { okEnvelope, responses } from '../schemas.ts';

export async function userRoutes(app: FastifyInstance, { auth }: Services): Promise<void> {
  app.get('/user/logout', { config: { access: 'session', duringPasswordChange: true }, schema: { tags: ['user'], summary: 'Sign out: the token is revoked', response: responses(okEnvelope) } }, async (req) => {
    await auth.logout(identityOf(req), req.ip);
    return { data: { ok: true } };
  });
}
