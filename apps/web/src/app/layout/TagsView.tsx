/** The bar of visited pages as closable tabs, with "close others" and "close all". */
import { useEffect } from 'react';
import { Dropdown, Tabs } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store.ts';
import { useTitle } from '../../locales/i18n.ts';
import { findEntry, HOME_PATH } from '../route-index.ts';
import { closeAllTags, closeOtherTags, closeTag, tagsStore, visitTag } from './tags-store.ts';

export function TagsView() {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const location = useLocation();
  const tags = useStore(tagsStore);

  const found = findEntry(location.pathname);
  // A result child view shares the result page's tab.
  const active = found ? `/${found.entry.node.path}` : '';

  useEffect(() => {
    if (found) visitTag({ path: active, fullPath: location.pathname + location.search, title: found.entry.node.title });
  }, [active, location.pathname, location.search]);

  const close = (path: string) => {
    const next = closeTag(path);
    if (next && path === active) navigate(next.fullPath);
  };

  return (
    <div className="citadel-tags" data-testid="tags-bar">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active}
        onChange={(key) => {
          const tag = tags.find((x) => x.path === key);
          if (tag) navigate(tag.fullPath);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tags.map((tag) => ({
          key: tag.path,
          closable: tag.closable,
          label: <span data-testid={`tag-${tag.path}`}>{title(tag.title)}</span>,
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown
              menu={{
                items: [
                  { key: 'others', label: <span data-testid="tags-close-others">{t('tags.closeOthers')}</span> },
                  { key: 'all', label: <span data-testid="tags-close-all">{t('tags.closeAll')}</span> },
                ],
                onClick: ({ key }) => {
                  if (key === 'others') closeOtherTags(active);
                  else {
                    closeAllTags();
                    navigate(HOME_PATH);
                  }
                },
              }}
            >
              <span className="citadel-tags__more" data-testid="tags-more">
                <DownOutlined />
              </span>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
