/** Site configuration (SPEC §3) as key/value rows with typed defaults. */
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export class SiteConfigRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async get(): Promise<SiteConfig> {
    const rows = await this.db.selectFrom('site_config').selectAll().execute();
    const config: SiteConfig = { ...DEFAULT_SITE_CONFIG };
    for (const { key, value } of rows) {
      if (!(key in config)) continue;
      const k = key as keyof SiteConfig;
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === typeof DEFAULT_SITE_CONFIG[k]) (config as unknown as Record<string, unknown>)[k] = parsed;
    }
    return config;
  }

  async set(patch: Partial<SiteConfig>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) continue;
        await trx.deleteFrom('site_config').where('key', '=', key).execute();
        await trx.insertInto('site_config').values({ key, value: JSON.stringify(value) }).execute();
      }
    });
  }
}
