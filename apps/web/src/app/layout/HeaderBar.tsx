/**
 * Header (SPEC §2): collapse toggle, site title, optional language switch,
 * download-progress button with the badge of finished downloads, welcome line
 * with the real name, and the user dropdown (Change Password, Log out).
 */
import { useEffect, useState } from 'react';
import { Avatar, Badge, Dropdown, Layout, Space } from 'antd';
import { DownloadOutlined, DownOutlined, GlobalOutlined, KeyOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession, useSite } from '../session-store.ts';
import { signOut } from '../session.ts';
import { feedback } from '../feedback.ts';
import i18n, { LANGS, switchLang, useLang, type Lang } from '../../locales/i18n.ts';
import { IconButton } from '../../components/index.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { DownloadPanel, holdPolling, openPanel, minimizePanel, useDownloads } from '../../components/downloads/index.ts';
import { resetTags } from './tags-store.ts';
import defaultLogo from '../../assets/logo.svg';

export function HeaderBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSite();
  const { user } = useSession();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const downloads = useDownloads();
  const finishedDownloads = downloads.records.filter((r) => r.status === 'FINISHED').length;
  useEffect(() => (user ? holdPolling() : undefined), [user]);
  const siteTitle = site.main_title || t('app.defaultTitle');

  const changeLang = async (next: Lang) => {
    if (next === lang) return;
    await switchLang(next);
    feedback.success(i18n.t('common.switchLanguageSuccess'));
  };

  const logout = async () => {
    resetTags();
    await signOut();
  };

  return (
    <Layout.Header className="citadel-header" data-testid="header">
      <div className="citadel-header__left">
        <IconButton
          className="citadel-header__toggle"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          tip={collapsed ? t('header.expand') : t('header.collapse')}
          onClick={onToggle}
          data-testid="sidebar-toggle"
        />
        <img className="citadel-header__logo" src={site.bar_logo || defaultLogo} alt="" />
        <span className="citadel-header__title" data-testid="site-title">
          {siteTitle}
        </span>
      </div>
      <Space size={20} className="citadel-header__right">
        {site.lang_switch ? (
          <Dropdown
            menu={{
              selectedKeys: [lang],
              items: LANGS.map((l) => ({ key: l, label: <span data-testid={`lang-${l}`}>{t(`header.${l}`)}</span> })),
              onClick: ({ key }) => void changeLang(key as Lang),
            }}
          >
            <span className="citadel-header__action" data-testid="lang-switch">
              <GlobalOutlined /> {t(`header.${lang}`)}
            </span>
          </Dropdown>
        ) : null}
        <span className="citadel-header__action" data-testid="header-downloads" title={t('header.downloads')} onClick={() => (downloads.open ? minimizePanel() : openPanel())}>
          <Badge count={finishedDownloads} showZero size="small" color={finishedDownloads ? undefined : '#8c8c8c'} data-testid="header-downloads-badge">
            <DownloadOutlined className="citadel-header__icon" />
          </Badge>
        </span>
        {user ? (
          <span className="citadel-header__welcome" data-testid="header-welcome">
            {t('header.welcome', { name: user.real_name || user.name })}
          </span>
        ) : null}
        <Dropdown
          menu={{
            items: [
              { key: 'password', icon: <KeyOutlined />, label: <span data-testid="menu-change-password">{t('header.changePassword')}</span> },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('header.logout')}</span> },
            ],
            onClick: ({ key }) => {
              if (key === 'password') setPasswordOpen(true);
              else void logout();
            },
          }}
        >
          <span className="citadel-header__action citadel-header__user" data-testid="header-user">
            <Avatar size="small" icon={<UserOutlined />} className="citadel-header__avatar" />
            <span>{user?.name}</span>
            <DownOutlined className="citadel-header__caret" />
          </span>
        </Dropdown>
      </Space>
      <DownloadPanel />
      <ChangePasswordDialog open={passwordOpen || Boolean(user?.must_change_password)} mustChange={user?.must_change_password} onClose={() => setPasswordOpen(false)} />
    </Layout.Header>
  );
}
