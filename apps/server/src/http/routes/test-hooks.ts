/**
 * Test hooks for the browser tests: registered only when CITADEL_TEST_HOOKS=1,
 * and even then answered only to callers on the loopback interface. A real
 * deployment never has them (they are absent, not merely hidden).
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { fail } from '../app-error.ts';
import { envelope, responses, str } from '../schemas.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function testHookRoutes(app: FastifyInstance, { captcha }: Services): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/__test/captcha/:id',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: { type: 'object', properties: { id: str(64, 1) }, required: ['id'] },
        response: responses(envelope({ type: 'object', properties: { answer: { type: 'string' } } })),
      },
    },
    async (req) => {
      if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) fail('illegal_access');
      const answer = captcha.testAnswer(req.params.id);
      if (!answer) fail('not_found');
      return { data: { answer } };
    },
  );
}
