/**
 * Placeholder of an evaluation result page: its child views (SPEC §2, e.g.
 * result preview, version management, third-party SDK security) as tabs, each
 * view rendered through the nested route's <Outlet/>.
 */
import type { RouteNode } from '@citadel/contracts';
import { Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { NotYetAvailable, PageCard } from '../../components/index.ts';
import { useTitle } from '../../locales/i18n.ts';

export function ResultShell({ node }: { node: RouteNode }) {
  const title = useTitle();
  const navigate = useNavigate();
  const location = useLocation();
  const views = node.children ?? [];
  const active = views.find((v) => location.pathname.endsWith(`/${v.path}`))?.path;
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      {views.length > 0 ? (
        <>
          <Tabs
            activeKey={active}
            items={views.map((v) => ({ key: v.path, label: <span data-testid={`view-tab-${v.key}`}>{title(v.title)}</span> }))}
            onChange={(key) => navigate({ pathname: `/${node.path}/${key}`, search: location.search })}
          />
          <Outlet />
        </>
      ) : (
        <NotYetAvailable />
      )}
    </PageCard>
  );
}

/** A result child view that a later issue fills. */
export function ViewPlaceholder() {
  return <NotYetAvailable />;
}
