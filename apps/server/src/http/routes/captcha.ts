/** /captcha: digit image captchas for sign-in (SPEC §1 "change one" asks for a new one). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { body, envelope, responses, str } from '../schemas.ts';

export async function captchaRoutes(app: FastifyInstance, { captcha }: Services): Promise<void> {
  app.post(
    '/captcha/captchaDight',
    {
      config: { access: 'public' },
      schema: {
        tags: ['captcha'],
        summary: 'A new digit captcha (PNG data URL)',
        response: responses(envelope({ type: 'object', properties: { captcha_id: { type: 'string' }, image: { type: 'string' }, expires_in: { type: 'integer' } } })),
      },
    },
    async () => {
      const { id, png, expiresIn } = await captcha.issue();
      return { data: { captcha_id: id, image: `data:image/png;base64,${png.toString('base64')}`, expires_in: expiresIn } };
    },
  );

  app.post<{ Body: { captcha_id: string; code: string } }>(
    '/captcha/verifyCode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['captcha'],
        summary: 'Pre-check a captcha answer (a wrong answer uses the captcha up)',
        body: body({ captcha_id: str(64, 1), code: str(10, 1) }),
        response: responses(envelope({ type: 'object', properties: { valid: { type: 'boolean' } } })),
      },
    },
    async (req) => ({ data: { valid: (await captcha.check(req.body.captcha_id, req.body.code, false)) === 'ok' } }),
  );
}
