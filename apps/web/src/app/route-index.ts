/**
 * The route table (contracts ROUTES) turned into what the router, the
 * breadcrumb and the tags need: one entry per page with its breadcrumb trail.
 * Group nodes (menu folders) are not pages; a hidden create/result page sits
 * under its list page in the trail; result child views nest under the result.
 */
import { ROUTES, type RouteNode } from '@citadel/contracts';

export interface RouteEntry {
  node: RouteNode;
  /** Breadcrumb trail contributed by this route (nested views contribute only themselves). */
  crumbs: RouteNode[];
  /** Result child views, rendered inside the result page. */
  views: RouteEntry[];
}

export const HOME_PATH = '/index/home';

function entryFor(node: RouteNode, ancestors: RouteNode[], siblings: RouteNode[]): RouteEntry {
  const list = node.hidden && node.resource && node.resource !== node.key ? siblings.find((s) => s.key === node.resource) : undefined;
  const crumbs = [...ancestors, ...(list ? [list] : []), node];
  const views = (node.children ?? []).map((v) => ({ node: v, crumbs: [v], views: [] }));
  return { node, crumbs, views };
}

/** Every page of the main layout, in table order. */
export function routeEntries(routes: RouteNode[] = ROUTES): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const top of routes) {
    if (top.page) out.push(entryFor(top, [], routes));
    else for (const child of top.children ?? []) out.push(entryFor(child, [top], top.children ?? []));
  }
  return out;
}

/** Menu folders with the path of their first visible page (so /safeservice opens a page). */
export function groupRedirects(routes: RouteNode[] = ROUTES): { path: string; to: string }[] {
  return routes
    .filter((n) => !n.page && n.children?.length)
    .flatMap((g) => {
      const first = g.children?.find((c) => !c.hidden && c.page);
      return first && first.path !== g.path ? [{ path: g.path, to: `/${first.path}` }] : [];
    });
}

const ENTRIES = routeEntries();

/** The page entry whose path equals `pathname` (without the leading slash), for tags and titles. */
export function findEntry(pathname: string): { entry: RouteEntry; view?: RouteEntry } | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  for (const entry of ENTRIES) {
    if (entry.node.path === path) return { entry };
    for (const view of entry.views) if (`${entry.node.path}/${view.node.path}` === path) return { entry, view };
  }
  return undefined;
}
