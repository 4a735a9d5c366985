/** The main layout (SPEC §2): sidebar, header, tags, breadcrumb and the page. */
import { useEffect, useRef, useState } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { revalidateSession } from '../session.ts';
import { getCookie, setCookie } from '../cookies.ts';
import { Sidebar } from './Sidebar.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { TagsView } from './TagsView.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { NoticeCenter } from '../../pages/notices/index.ts';
import { LicenceBanner } from '../../pages/licence/index.ts';
import { closePanelOnNavigation } from '../../components/downloads/index.ts';

/** Cookie holding the sidebar state: '1' open, '0' collapsed. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

/** Background session check on every navigation (not the first render: the guard just loaded it) and on window focus. */
function useSessionWatch(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // The download panel belongs to the page it was opened on.
  useEffect(() => closePanelOnNavigation(), [pathname]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    revalidateSession();
  }, [pathname]);
  useEffect(() => {
    window.addEventListener('focus', revalidateSession);
    return () => window.removeEventListener('focus', revalidateSession);
  }, []);
}

export function MainLayout() {
  useSessionWatch();
  const [collapsed, setCollapsed] = useState(() => getCookie(SIDEBAR_COOKIE) === '0');
  const toggle = () => {
    const next = !collapsed;
    setCookie(SIDEBAR_COOKIE, next ? '0' : '1');
    setCollapsed(next);
  };
  return (
    <Layout className="citadel-layout" data-testid="main-layout">
      <HeaderBar collapsed={collapsed} onToggle={toggle} />
      <Layout className="citadel-body">
        <Sidebar collapsed={collapsed} />
        <Layout className="citadel-main">
          <LicenceBanner />
          <NoticeCenter />
          <TagsView />
          <Breadcrumbs />
          <Layout.Content className="citadel-content">
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
