/** /ext: the signed-in user's permission list (SPEC §6: loaded after sign-in). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { fail } from '../app-error.ts';
import { body, envelope, responses, str } from '../schemas.ts';

export async function extRoutes(app: FastifyInstance, _services: Services): Promise<void> {
  app.post<{ Body: { user: string; client_key?: string } }>(
    '/ext/userPermissions',
    {
      // The sign-in page reads them to build the layout that shows the first-login password dialog.
      config: { access: 'session', duringPasswordChange: true },
      schema: {
        tags: ['ext'],
        summary: 'Permissions of the signed-in user (resources = menu keys)',
        body: body({ user: str(100, 1), client_key: str(100) }, ['user']),
        response: responses(
          envelope({
            type: 'object',
            properties: {
              is_admin: { type: 'boolean' },
              permissions: { type: 'array', items: { type: 'object', properties: { resources: { type: 'string' }, operations: { type: 'array', items: { type: 'string' } } } } },
            },
          }),
        ),
      },
    },
    async (req) => {
      const identity = identityOf(req);
      // Only one's own permissions: asking for another user's is refused, not answered.
      if (req.body.user !== identity.user.name) fail('illegal_access');
      if (req.body.client_key && req.body.client_key !== identity.user.customer_key) fail('illegal_access');
      return { data: { is_admin: identity.isAdmin, permissions: identity.permissions } };
    },
  );
}
