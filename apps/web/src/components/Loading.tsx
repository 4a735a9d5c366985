/** Loading overlay (SPEC §2, §9): covers its positioned parent (or the page) and fades in over 300 ms. */
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function Loading({ fullscreen = false, tip }: { fullscreen?: boolean; tip?: string }) {
  const { t } = useTranslation();
  return (
    <div className={fullscreen ? 'citadel-loading citadel-loading--fullscreen' : 'citadel-loading'} data-testid="loading" role="status">
      <Spin size="large" />
      <span className="citadel-loading__tip">{tip ?? t('common.loading')}</span>
    </div>
  );
}
