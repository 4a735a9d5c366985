/**
 * What a template may hold (SPEC §3, §5) and which screen grants it: the
 * platforms with template pages come from the route table (their list page key
 * is the permission resource, e.g. Template_Android).
 */
import { LOCALES, type Operation, type Platform, can, evaluationResource, walkRoutes } from '@citadel/contracts';
import type { Identity } from '../auth/auth-service.ts';

export const TEMPLATE_NAME_MAX = 50;
export const REPORT_LANGUAGES = LOCALES;
/** Report layouts a template can ask for: standard, brief, compliance (defined and rendered by @citadel/reports). */
export { REPORT_TEMPLATES } from '@citadel/reports';
/** What the template is for: the full default set, a quick scan, or a custom selection. */
export const PRESET_TYPES = ['standard', 'quick', 'custom'] as const;

/** platform → its template list resource (Template_<Slug>). */
export const TEMPLATE_RESOURCES: ReadonlyMap<Platform, string> = new Map(
  walkRoutes()
    .filter((n) => n.page?.startsWith('template-list:'))
    .map((n) => [n.page!.slice('template-list:'.length) as Platform, n.key]),
);
export const TEMPLATE_PLATFORMS: readonly Platform[] = [...TEMPLATE_RESOURCES.keys()];

/**
 * Whether the caller may do `op` on the templates of a platform. Reading is
 * also open to whoever may create an evaluation of that platform, since the
 * create page picks a template.
 */
export function mayUseTemplates(who: Identity, platform: string, op: Operation): boolean {
  const resource = TEMPLATE_RESOURCES.get(platform as Platform);
  if (!resource) return false;
  const s = { isAdmin: who.isAdmin, permissions: who.permissions };
  if (can(s, resource, op)) return true;
  const evaluation = evaluationResource(platform);
  return op === 'view' && evaluation !== undefined && can(s, evaluation, 'add');
}
