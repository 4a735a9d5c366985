/** The licence grace banner (issue 30): shown to every signed-in user in the last days before expiry, and once expired. */
import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session-store.ts';
import { type LicenceStatus, licenceStatus } from './api.ts';
import './texts.ts';

export function LicenceBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [status, setStatus] = useState<LicenceStatus | null>(null);
  useEffect(() => {
    if (!user) return;
    licenceStatus().then(setStatus, (err: unknown) => console.warn('licence: status', err));
  }, [user]);
  if (!status) return null;
  if (status.state === 'expired') return <Alert type="error" banner showIcon message={t('licence.expired')} data-testid="licence-banner" />;
  if (status.state === 'not_yet') return <Alert type="warning" banner showIcon message={t('licence.notYet')} data-testid="licence-banner" />;
  if (status.grace) return <Alert type="warning" banner showIcon closable message={t('licence.grace', { days: status.days_left ?? 0 })} data-testid="licence-banner" />;
  return null;
}
