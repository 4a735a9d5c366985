/** Where a hardening type's screens live (contracts ROUTES: shield/<slug> …, by page id). */
import { walkRoutes } from '@citadel/contracts';

const path = (page: string, fallback: string): string => {
  const node = walkRoutes().find((n) => n.page === page);
  return node ? `/${node.path}` : fallback;
};

/** Menu slug → hardening type id of the server. */
export const TYPE_OF: Record<string, string> = { App: 'app', So: 'so', Sdk: 'sdk', H5: 'h5', Source: 'source' };
export const slugOf = (page: string | undefined) => page?.split(':')[1] ?? 'H5';

export const shieldPaths = (slug: string) => ({
  list: path(`shield-list:${slug}`, `/shield/${slug}`),
  detail: path(`shield-detail:${slug}`, `/shield/${slug}/detail`),
  templates: path(`shield-template:${slug}`, `/shield/${slug}/template`),
  templateAdd: path(`shield-template-detail:${slug}`, `/shield/${slug}/template/add`),
});
