/** Language choice on the sign-in page (same switch as the header's). */
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import i18n, { LANGS, switchLang, useLang, type Lang } from '../../locales/i18n.ts';

export function LanguagePicker() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Segmented<Lang>
      size="small"
      value={lang}
      options={LANGS.map((l) => ({ value: l, label: <span data-testid={`login-lang-${l}`}>{t(`header.${l}`)}</span> }))}
      onChange={(next) => {
        void switchLang(next).then(() => feedback.success(i18n.t('common.switchLanguageSuccess')));
      }}
    />
  );
}
