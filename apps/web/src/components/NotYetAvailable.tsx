/** The honest empty state of a page that a later release fills (暂未开放 / Not yet available). */
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

export function NotYetAvailable({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <div className="citadel-not-available" data-testid="not-yet-available">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <div>
            {title ? <div className="citadel-not-available__page">{title}</div> : null}
            <div className="citadel-not-available__title">{t('notAvailable.title')}</div>
            <div className="citadel-not-available__desc">{t('notAvailable.description')}</div>
          </div>
        }
      />
    </div>
  );
}
