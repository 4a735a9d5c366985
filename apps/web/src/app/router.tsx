/**
 * Hash routing (SPEC §2): public routes /login, /401, /403, /404, /502, /503 and
 * a catch-all 404; every route of the contracts table inside the main layout,
 * each behind the session guard and its own access check.
 */
import { createHashRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { LoginPage } from '../pages/login/LoginPage.tsx';
import { ErrorPage } from '../pages/errors/ErrorPage.tsx';
import { resolvePage } from '../pages/registry.tsx';
import { MainLayout } from './layout/MainLayout.tsx';
import { RequireAuth, RouteGate } from './guards.tsx';
import { groupRedirects, HOME_PATH, routeEntries, type RouteEntry } from './route-index.ts';
import { installNavigator } from './navigation.ts';

/** What each matched route tells the breadcrumb and the tags. */
export interface RouteHandle {
  entry: RouteEntry;
}

/** Redirect that keeps the query (result pages carry ?task_uid=…). */
function RedirectKeepSearch({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

function pageRoute(entry: RouteEntry): RouteObject {
  const Page = resolvePage(entry.node.page);
  const handle: RouteHandle = { entry };
  const route: RouteObject = {
    path: entry.node.path,
    handle,
    element: (
      <RouteGate node={entry.node}>
        <Page node={entry.node} />
      </RouteGate>
    ),
  };
  const first = entry.views[0];
  if (!first) return route;
  return {
    ...route,
    children: [
      { index: true, element: <RedirectKeepSearch to={first.node.path} /> },
      ...entry.views.map((view) => {
        const View = resolvePage(view.node.page);
        const viewHandle: RouteHandle = { entry: view };
        return {
          path: view.node.path,
          handle: viewHandle,
          element: (
            <RouteGate node={view.node}>
              <View node={view.node} />
            </RouteGate>
          ),
        };
      }),
    ],
  };
}

export function createAppRouter() {
  const routes: RouteObject[] = [
    { path: '/login', element: <LoginPage /> },
    { path: '/401', element: <ErrorPage status="401" /> },
    { path: '/403', element: <ErrorPage status="403" /> },
    { path: '/404', element: <ErrorPage status="404" /> },
    { path: '/502', element: <ErrorPage status="502" /> },
    { path: '/503', element: <ErrorPage status="503" /> },
    {
      path: '/',
      element: (
        <RequireAuth>
          <MainLayout />
        </RequireAuth>
      ),
      errorElement: <ErrorPage status="503" />,
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        ...groupRedirects().map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
        ...routeEntries().map(pageRoute),
      ],
    },
    { path: '*', element: <ErrorPage status="404" /> },
  ];
  const router = createHashRouter(routes);
  installNavigator((to, opts) => void router.navigate(to, opts));
  return router;
}
