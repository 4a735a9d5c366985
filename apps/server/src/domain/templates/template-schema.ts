/** Table types of the templates migration (006). */
import type { Generated } from 'kysely';

export interface TemplatesTable {
  id: Generated<number>;
  platform: string;
  name: string;
  /** NULL for the built-in defaults (shared by every customer). */
  customer_id: number | null;
  is_default: number;
  /** The template this one was copied from. */
  preset_template: number | null;
  preset_type: string;
  report_template: string;
  report_language: string;
  /** JSON array of rule ids; NULL = every item of the platform (the defaults). */
  items: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}
