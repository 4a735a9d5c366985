/** OpenAPI document generated from the route schemas, served with Swagger UI at /docs (assets from the package, no CDN). */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TOKEN_HEADER, USER_HEADER } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Citadel API', version: '0.1.0', description: 'Every answer is `{ data }` or `{ error, message }`. Authenticated calls send the `token` and `user` headers.' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
          user: { type: 'apiKey', in: 'header', name: USER_HEADER },
        },
      },
      security: [{ token: [], user: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' }, staticCSP: true });
}
