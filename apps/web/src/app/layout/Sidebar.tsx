/**
 * Two-level sidebar (SPEC §2): the menu of filterMenu (SPEC §6), one submenu open
 * at a time, collapsed state in a cookie, the logo at the bottom from site
 * configuration (logo_bottom) or the bundled default. External entries
 * (behaviour detection) open in a new tab.
 */
import { useEffect, useMemo, useState } from 'react';
import { Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { filterMenu, ROUTES, type MenuItem } from '@citadel/contracts';
import { useAccessSubject } from '../../access/index.ts';
import { useSite } from '../session-store.ts';
import { useTitle } from '../../locales/i18n.ts';
import { findEntry } from '../route-index.ts';
import { menuIcon } from './icons.tsx';
import defaultLogo from '../../assets/logo.svg';

type AntItem = Required<MenuProps>['items'][number];

/** SPEC §9: menu show timeout 200 ms (submenu pop-ups of the collapsed sidebar). */
const MENU_SHOW_DELAY_S = 0.2;

export const SIDER_WIDTH = 256;
export const SIDER_COLLAPSED_WIDTH = 64;

export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const subject = useAccessSubject();
  const site = useSite();
  const title = useTitle();
  const navigate = useNavigate();
  const location = useLocation();
  const menu = useMemo(() => filterMenu(ROUTES, subject), [subject]);

  // The selected leaf: the page itself, or for hidden pages the list page they belong to.
  const found = findEntry(location.pathname);
  const selectedKey = found ? (found.entry.node.hidden ? (found.entry.node.resource ?? found.entry.node.key) : found.entry.node.key) : '';
  const parentKey = menu.find((g) => g.children?.some((c) => c.key === selectedKey))?.key;

  const [openKeys, setOpenKeys] = useState<string[]>(parentKey ? [parentKey] : []);
  useEffect(() => {
    if (parentKey) setOpenKeys([parentKey]);
  }, [parentKey]);

  const byKey = useMemo(() => {
    const map = new Map<string, MenuItem>();
    const visit = (items: MenuItem[]): void => {
      for (const item of items) {
        map.set(item.key, item);
        if (item.children) visit(item.children);
      }
    };
    visit(menu);
    return map;
  }, [menu]);

  const toItem = (item: MenuItem, topLevel: boolean): AntItem => {
    const label = (
      <span className="citadel-menu-label" data-testid={`menu-${item.key}`} title={title(item.title)}>
        {title(item.title)}
      </span>
    );
    if (item.children) return { key: item.key, icon: menuIcon(item.icon, topLevel), label, children: item.children.map((c) => toItem(c, false)) };
    return { key: item.key, icon: menuIcon(item.icon, topLevel), label };
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = byKey.get(key);
    if (!item) return;
    if (item.href) window.open(item.href, '_blank', 'noopener,noreferrer');
    else navigate(`/${item.path}`);
  };

  // One submenu open at a time: keep only the one just opened.
  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(opened ? [opened] : []);
  };

  return (
    <Layout.Sider
      className="citadel-sider"
      theme="dark"
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      data-testid="sidebar"
    >
      <div className="citadel-sider__inner">
        <Menu
          className="citadel-sider__menu"
          theme="dark"
          mode="inline"
          items={menu.map((m) => toItem(m, true))}
          selectedKeys={selectedKey ? [selectedKey] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange })}
          subMenuOpenDelay={MENU_SHOW_DELAY_S}
          onClick={onClick}
          data-testid="sidebar-menu"
        />
        <div className="citadel-sider__logo" data-testid="sidebar-logo">
          <img src={site.logo_bottom || defaultLogo} alt="logo" />
        </div>
      </div>
    </Layout.Sider>
  );
}
