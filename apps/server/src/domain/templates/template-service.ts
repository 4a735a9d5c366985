/**
 * Assessment templates (SPEC §3, §5): a platform's selection of catalogue
 * items with report preferences. Each platform has a built-in default (every
 * item) that no one — admin included — can edit or delete; users copy it.
 * Templates belong to a customer: users see their customer's and the defaults,
 * admin sees all. Every SPEC §5 rule is enforced here, not only in the browser.
 */
import type { Locale, Operation, RiskLevel, RuleItem } from '@citadel/contracts';
import { text } from '@citadel/engine-core';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';
import { ruleCatalogue } from '../tasks/rule-texts.ts';
import type { CustomerScope, TemplateRepository, TemplateRow } from './template-repository.ts';
import { TEMPLATE_NAME_MAX, mayUseTemplates } from './template-rules.ts';

export interface TemplateView {
  id: number;
  platform: string;
  name: string;
  is_default: boolean;
  customer_id: number | null;
  /** SPEC §3 row flag: 'default' for the built-in rows. */
  client_key: string;
  preset_template: number | null;
  preset_type: string;
  report_template: string;
  report_language: string;
  items: string[];
  item_count: number;
  created_by: number | null;
  created_by_name: string;
  created_at: number;
  updated_at: number;
  editable: boolean;
  deletable: boolean;
}

export interface SaveTemplateRequest {
  id?: number;
  platform: string;
  name: string;
  preset_template?: number | null;
  preset_type: string;
  report_template: string;
  report_language: string;
  items: string[];
}

export interface CatalogueGroup {
  category: string;
  items: { id: string; title: string; risk: RiskLevel }[];
}

/** What a task runs: the template's id and name, and its items (null = every item). */
export interface ResolvedTemplate {
  template_id: number | null;
  template_name: string;
  selected: string[] | null;
}

export class TemplateService {
  constructor(
    private readonly repo: TemplateRepository,
    /** The admin's default template of a platform (evaluation settings), if any. */
    private readonly settingsDefault: (platform: string) => Promise<number | undefined> = async () => undefined,
    private readonly extraEngineFiles: string[] = [],
  ) {}

  private scope(who: Identity): CustomerScope {
    return who.isAdmin ? undefined : who.user.customer_id;
  }

  private assert(who: Identity, platform: string, op: Operation): void {
    if (!mayUseTemplates(who, platform, op)) fail('no_permission');
  }

  /** The catalogue items of one platform, in catalogue order. */
  async platformItems(platform: string): Promise<RuleItem[]> {
    const all = await ruleCatalogue(this.extraEngineFiles);
    return [...all.values()].filter((i) => i.platform === platform);
  }

  async catalogue(who: Identity, platform: string, locale: Locale): Promise<CatalogueGroup[]> {
    this.assert(who, platform, 'view');
    const groups = new Map<string, CatalogueGroup>();
    for (const item of await this.platformItems(platform)) {
      let g = groups.get(item.category);
      if (!g) groups.set(item.category, (g = { category: item.category, items: [] }));
      g.items.push({ id: item.id, title: text(item, 'title', locale), risk: item.risk });
    }
    return [...groups.values()];
  }

  private async view(who: Identity, row: TemplateRow): Promise<TemplateView> {
    const items = row.items ? (JSON.parse(row.items) as string[]) : (await this.platformItems(row.platform)).map((i) => i.id);
    const isDefault = row.is_default === 1;
    const own = who.isAdmin || row.customer_id === who.user.customer_id;
    return {
      id: row.id,
      platform: row.platform,
      name: row.name,
      is_default: isDefault,
      customer_id: row.customer_id,
      client_key: isDefault ? 'default' : (row.client_key ?? ''),
      preset_template: row.preset_template,
      preset_type: row.preset_type,
      report_template: row.report_template,
      report_language: row.report_language,
      items,
      item_count: items.length,
      created_by: row.created_by,
      created_by_name: row.created_by_name ?? '',
      created_at: row.created_at,
      updated_at: row.updated_at,
      editable: !isDefault && own && mayUseTemplates(who, row.platform, 'edit'),
      deletable: !isDefault && (who.isAdmin || row.created_by === who.user.id) && mayUseTemplates(who, row.platform, 'delete'),
    };
  }

  async list(who: Identity, req: { platform: string; keyword?: string; page: number; page_size: number }): Promise<{ total: number; list: TemplateView[] }> {
    this.assert(who, req.platform, 'view');
    const { total, rows } = await this.repo.list(this.scope(who), req.platform, { ...(req.keyword ? { keyword: req.keyword } : {}), page: req.page, pageSize: req.page_size });
    return { total, list: await Promise.all(rows.map((r) => this.view(who, r))) };
  }

  private async visible(who: Identity, id: number): Promise<TemplateRow> {
    return (await this.repo.byId(this.scope(who), id)) ?? fail('template_not_found');
  }

  async get(who: Identity, id: number): Promise<TemplateView> {
    const row = await this.visible(who, id);
    this.assert(who, row.platform, 'view');
    return this.view(who, row);
  }

  /** Creates (no id) or updates a template after every SPEC §5 check. */
  async save(who: Identity, req: SaveTemplateRequest): Promise<TemplateView> {
    const existing = req.id !== undefined ? await this.visible(who, req.id) : undefined;
    if (existing?.is_default === 1) fail('default_template_readonly');
    if (existing && existing.platform !== req.platform) fail('illegal_parameter', 'platform');
    this.assert(who, req.platform, existing ? 'edit' : 'add');
    if (existing && !who.isAdmin && existing.customer_id !== who.user.customer_id) fail('unauthorized_operation');

    const name = req.name.trim();
    if (name === '') fail('template_name_required');
    if ([...name].length > TEMPLATE_NAME_MAX) fail('template_name_too_long');
    const known = new Set((await this.platformItems(req.platform)).map((i) => i.id));
    const items = [...new Set(req.items)];
    if (items.length === 0) fail('pick_at_least_one');
    const unknown = items.find((id) => !known.has(id));
    if (unknown !== undefined) fail('illegal_parameter', `items: ${unknown.slice(0, 100)}`);
    const preset = req.preset_template ?? null;
    if (preset !== null) {
      const source = await this.repo.byId(this.scope(who), preset);
      if (!source || source.platform !== req.platform) fail('template_not_found');
    }
    const customerId = existing ? existing.customer_id : who.user.customer_id;
    if (await this.repo.nameTaken(req.platform, customerId, name, existing?.id)) fail('duplicate_field', `字段值重复:[${name}]`);

    const values = { name, preset_template: preset, preset_type: req.preset_type, report_template: req.report_template, report_language: req.report_language, items };
    let id: number;
    if (existing) {
      await this.repo.update(existing.id, values);
      id = existing.id;
    } else {
      id = await this.repo.create({ ...values, platform: req.platform, customer_id: customerId, created_by: who.user.id });
    }
    return this.get(who, id);
  }

  /** SPEC §5 delete rules: admin or the row's creator; default rows never. */
  async delete(who: Identity, ids: number[]): Promise<void> {
    for (const id of ids) {
      const row = await this.visible(who, id);
      if (row.is_default === 1) fail('default_row_protected');
      this.assert(who, row.platform, 'delete');
      if (!who.isAdmin && row.created_by !== who.user.id) fail('unauthorized_operation');
    }
    await this.repo.delete(ids);
  }

  /**
   * The template a new task runs with: the one asked for (visible to the
   * caller and of the task's platform), else the admin's default for the
   * platform when the caller can see it, else the built-in default.
   */
  async resolveForTask(who: Identity, platform: string, templateId?: number): Promise<ResolvedTemplate> {
    let row: TemplateRow | undefined;
    if (templateId !== undefined) {
      row = await this.repo.byId(this.scope(who), templateId);
      if (!row || row.platform !== platform) fail('template_not_found');
    } else {
      const preferred = await this.settingsDefault(platform);
      if (preferred !== undefined) {
        const candidate = await this.repo.byId(this.scope(who), preferred);
        if (candidate?.platform === platform) row = candidate;
      }
      row ??= (await this.repo.defaultOf(platform)) as TemplateRow | undefined;
    }
    if (!row) return { template_id: null, template_name: '', selected: null };
    if (row.items === null) return { template_id: row.id, template_name: row.name, selected: null };
    const known = new Set((await this.platformItems(platform)).map((i) => i.id));
    // Items since removed from the catalogue are dropped so total_item counts what really runs.
    const selected = (JSON.parse(row.items) as string[]).filter((id) => known.has(id));
    return { template_id: row.id, template_name: row.name, selected };
  }
}
