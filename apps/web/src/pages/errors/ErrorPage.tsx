/** Public status pages: 401, 403, 404 (also the catch-all), 502, 503. */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storage } from '../../api/storage.ts';
import { HOME_PATH } from '../../app/route-index.ts';

export type ErrorStatus = '401' | '403' | '404' | '502' | '503';

const RESULT_STATUS: Record<ErrorStatus, '403' | '404' | '500'> = { '401': '403', '403': '403', '404': '404', '502': '500', '503': '500' };

export function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = storage.hasSession();
  return (
    <div className="citadel-error-page" data-testid={`error-page-${status}`}>
      <Result
        status={RESULT_STATUS[status]}
        title={status}
        subTitle={t(`errorPage.${status}`)}
        extra={
          <Button type="primary" data-testid="error-back" onClick={() => navigate(signedIn ? HOME_PATH : '/login', { replace: true })}>
            {signedIn ? t('errorPage.backHome') : t('errorPage.backLogin')}
          </Button>
        }
      />
    </div>
  );
}
