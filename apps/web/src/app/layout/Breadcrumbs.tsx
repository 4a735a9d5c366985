/** Breadcrumb from the matched routes (SPEC §2): each match's handle contributes its trail. */
import { Breadcrumb } from 'antd';
import { Link, useMatches } from 'react-router';
import type { RouteNode } from '@citadel/contracts';
import { useTitle } from '../../locales/i18n.ts';
import type { RouteHandle } from '../router.tsx';

function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && 'entry' in h;
}

export function Breadcrumbs() {
  const title = useTitle();
  const matches = useMatches();
  const crumbs: RouteNode[] = matches.flatMap((m) => (isRouteHandle(m.handle) ? m.handle.entry.crumbs : []));
  const items = crumbs.map((node, i) => {
    const last = i === crumbs.length - 1;
    const text = title(node.title);
    const linkable = !last && node.page && !node.hidden && !node.children;
    return { key: node.key, title: linkable ? <Link to={`/${node.path}`}>{text}</Link> : <span>{text}</span> };
  });
  return (
    <div className="citadel-breadcrumb" data-testid="breadcrumb">
      <Breadcrumb items={items} />
    </div>
  );
}
