/** /ui: site configuration for the browser (SPEC §3, §7). */
import type { FastifyInstance } from 'fastify';
import { validateSiteSettings } from '../../domain/accounts/site-settings.ts';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { envelope, okEnvelope, responses } from '../schemas.ts';

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

/** Logos are jpg/png data URLs of at most 500 KB (SPEC §9), or empty; validateSiteSettings checks their bytes. */
const logo = { type: 'string', maxLength: 700_000 };
const siteConfigPatch = {
  type: 'object',
  additionalProperties: false,
  properties: {
    key: { type: 'string' },
    lang: { type: 'string', enum: ['zh', 'en'] },
    bar_logo: logo,
    customer: { type: 'string', maxLength: 100 },
    main_title: { type: 'string', maxLength: 100 },
    logo_bottom: logo,
    sso: { type: 'boolean' },
    behaviour_url: { type: 'string', maxLength: 500, pattern: '^(|https?://[^\\s]+)$' },
    lang_switch: { type: 'boolean' },
  },
};

export async function uiRoutes(app: FastifyInstance, { siteConfig, audit }: Services): Promise<void> {
  app.post<{ Body: Record<string, unknown> }>(
    '/ui/set_ui',
    {
      // The site title, logos and language are every customer's: the platform administrator's alone (issue 18).
      config: { access: { resource: 'siteSettings', operation: 'edit' }, adminOnly: true },
      schema: { tags: ['ui'], summary: 'Change site configuration (admin only)', body: siteConfigPatch, response: responses(okEnvelope) },
    },
    async (req) => {
      const { key: _key, ...patch } = req.body;
      await siteConfig.set(validateSiteSettings(patch));
      const who = identityOf(req).user;
      await audit.record({ userId: who.id, userName: who.name, action: 'site_config_changed', detail: Object.keys(patch).join(','), ip: req.ip });
      return { data: { ok: true } };
    },
  );

  app.post('/ui/get_ui', { config: { access: 'public' }, schema: { tags: ['ui'], summary: 'Site configuration', response: responses(envelope(siteConfigSchema)) } }, async () => ({
    data: await siteConfig.get(),
  }));
}
