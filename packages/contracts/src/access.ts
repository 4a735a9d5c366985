/**
 * SPEC §6 access rules as pure functions, used by the sidebar, the router guard,
 * the button-permission check and, on the server, to validate role grants.
 */
import { BEHAVIOUR_DETECTION, BEHAVIOUR_DETECTION_INDEX, type Operation, type RouteNode, walkRoutes } from './routes.ts';

/** A permission entry (SPEC §3): `resources` matches a menu key. */
export interface PermissionEntry {
  resources: string;
  operations: Operation[];
}

export interface AccessSubject {
  /** The special user "admin" gets every menu entry. */
  isAdmin: boolean;
  permissions: PermissionEntry[];
  /** The site customer (site configuration), for customer-specific entries. */
  siteCustomer?: string;
  /** Address of the external compliance platform for behaviour detection. */
  behaviourUrl?: string;
}

export type MenuItem = Omit<RouteNode, 'children'> & { grantedOperations: Operation[]; children?: MenuItem[] };

function grantsFor(subject: AccessSubject, resource: string): Operation[] | undefined {
  const entry = subject.permissions.find((p) => p.resources === resource);
  return entry ? entry.operations : undefined;
}

/**
 * The sidebar for a subject: admin sees all; others see only leaf items whose key
 * matches a granted resource (with the matched operations attached); parents of
 * matched items become visible; hidden items are skipped.
 */
export function filterMenu(routes: RouteNode[], subject: AccessSubject): MenuItem[] {
  const visit = (nodes: RouteNode[]): MenuItem[] => {
    const out: MenuItem[] = [];
    for (const node of nodes) {
      if (node.hidden) continue;
      if (node.customer && node.customer !== subject.siteCustomer) continue;
      if (node.children) {
        const kids = visit(node.children);
        if (kids.length > 0) out.push({ ...node, grantedOperations: [], children: kids });
        continue;
      }
      const ops = subject.isAdmin ? [...(node.operations ?? ['view'])] : grantsFor(subject, node.key);
      if (ops) out.push({ ...node, children: undefined, grantedOperations: ops });
    }
    return out;
  };
  const menu = visit(routes);
  if (subject.siteCustomer === BEHAVIOUR_DETECTION.customer && subject.behaviourUrl) {
    menu.splice(Math.min(BEHAVIOUR_DETECTION_INDEX, menu.length), 0, { ...BEHAVIOUR_DETECTION, children: undefined, href: subject.behaviourUrl, grantedOperations: ['view'] });
  }
  return menu;
}

/** Whether a route (visible or hidden) may be opened: its resource must be granted. */
export function canOpenRoute(node: RouteNode, subject: AccessSubject): boolean {
  if (subject.isAdmin) return true;
  if (node.children && !node.resource) return false;
  return grantsFor(subject, node.resource ?? node.key) !== undefined;
}

/** Whether the subject holds `operation` on `resource` (admin holds everything). */
export function can(subject: AccessSubject, resource: string, operation: Operation): boolean {
  if (subject.isAdmin) return true;
  return grantsFor(subject, resource)?.includes(operation) ?? false;
}

/** The stored button-permission list of SPEC §6: 'resource-operation' strings. */
export function buttonPermissions(subject: AccessSubject): string[] {
  const nodes = subject.isAdmin ? walkRoutes().filter((n) => !n.children && !n.hidden).map((n) => ({ resources: n.key, operations: [...(n.operations ?? ['view'])] })) : subject.permissions;
  return nodes.flatMap((p) => p.operations.map((op) => `${p.resources}-${op}`));
}
