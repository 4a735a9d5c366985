/** The root: antd theme and locale following the language, the message bridge, site effects and the router. */
import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { RouterProvider } from 'react-router/dom';
import { useLang } from '../locales/i18n.ts';
import { installMessage } from './feedback.ts';
import { SiteEffects } from './SiteEffects.tsx';
import { createAppRouter } from './router.tsx';

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif";

function FeedbackBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => installMessage(message), [message]);
  return null;
}

export function App() {
  const lang = useLang();
  const router = useMemo(() => createAppRouter(), []);
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);
  return (
    <ConfigProvider
      locale={lang === 'zh' ? zhCN : enUS}
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        token: { colorPrimary: '#1d4ed8', borderRadius: 4, fontFamily: FONT_FAMILY },
        components: { Layout: { headerBg: '#0b1f3a', siderBg: '#0f2747', headerHeight: 56, headerPadding: '0 20px' }, Menu: { darkItemBg: '#0f2747', darkSubMenuItemBg: '#0a1d36', darkItemSelectedBg: '#1d4ed8' } },
      }}
    >
      <AntApp>
        <FeedbackBridge />
        <SiteEffects />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
