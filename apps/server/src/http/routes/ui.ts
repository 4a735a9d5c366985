/** /ui: site configuration for the browser (SPEC §3, §7). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { envelope, responses } from '../schemas.ts';

const siteConfigSchema = {
  type: 'object',
  properties: {
    lang: { type: 'string', enum: ['zh', 'en'] },
    bar_logo: { type: 'string' },
    customer: { type: 'string' },
    main_title: { type: 'string' },
    logo_bottom: { type: 'string' },
    sso: { type: 'boolean' },
    behaviour_url: { type: 'string' },
    lang_switch: { type: 'boolean' },
  },
};

export async function uiRoutes(app: FastifyInstance, { siteConfig }: Services): Promise<void> {
  app.post('/ui/get_ui', { config: { access: 'public' }, schema: { tags: ['ui'], summary: 'Site configuration', response: responses(envelope(siteConfigSchema)) } }, async () => ({
    data: await siteConfig.get(),
  }));
}
