/** The template calls (POST /template/{key}); payloads mirror apps/server/src/domain/templates. */
import { post, type RequestOptions } from '../../api/request.ts';

export interface TemplateRow {
  id: number;
  platform: string;
  name: string;
  is_default: boolean;
  client_key: string;
  preset_template: number | null;
  preset_type: string;
  report_template: string;
  report_language: string;
  items: string[];
  item_count: number;
  created_by_name: string;
  updated_at: number;
  editable: boolean;
  deletable: boolean;
}

export interface CatalogueGroup {
  category: string;
  items: { id: string; title: string; risk: string }[];
}

export type TemplateInput = Pick<TemplateRow, 'platform' | 'name' | 'preset_type' | 'report_template' | 'report_language' | 'items'> & { id?: number; preset_template?: number | null };

export const REPORT_LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'ja'] as const;
export const REPORT_TEMPLATES = ['standard', 'brief', 'compliance'] as const;
export const PRESET_TYPES = ['standard', 'quick', 'custom'] as const;

export const listTemplates = (q: { platform: string; keyword?: string; page?: number; page_size?: number }, opts: RequestOptions = {}) => post<{ total: number; list: TemplateRow[] }>("/template/list", q, opts);
export const getTemplate = (id: number) => post<TemplateRow>('/template/get', { id });
export const templateCatalogue = (platform: string, lang: string) => post<CatalogueGroup[]>('/template/catalogue', { platform, lang });
export const saveTemplate = (t: TemplateInput) => post<TemplateRow>('/template/save', t);
export const deleteTemplates = (ids: number[]) => post<{ ok: boolean }>('/template/delete', { ids });
