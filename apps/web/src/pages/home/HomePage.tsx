/** Overview (index/home). The dashboard figures arrive with their issue; until then an honest empty state. */
import type { RouteNode } from '@citadel/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotYetAvailable, PageCard } from '../../components/index.ts';
import { useSite } from '../../app/session-store.ts';
import { useTitle } from '../../locales/i18n.ts';

export function HomePage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const site = useSite();
  return (
    <PageCard title={title(node.title)} testId="page-home">
      <Typography.Title level={4} className="citadel-home__welcome">
        {t('home.welcome', { title: site.main_title || t('app.defaultTitle') })}
      </Typography.Title>
      <NotYetAvailable />
    </PageCard>
  );
}
