/**
 * Sign-in (SPEC §1, §5, §6): user name, password, captcha image with "换一张",
 * optional company login (customer key). The password is sealed with the
 * server's RSA key. After sign-in the permission list is read: an empty list for
 * a non-admin means "no permission" and the user stays here. In SSO mode a user
 * with submit_type 1 sees a one-time warning.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Divider, Form, Input, Switch, Typography } from 'antd';
import { LockOutlined, LoginOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { App as AntApp } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERROR_CATALOGUE, type CaptchaAnswer, type LoginAnswer, type SessionUser } from '@citadel/contracts';
import { getCaptcha, login, logoutOnServer, userPermissions } from '../../api/auth.ts';
import { reportError } from '../../api/request.ts';
import { storage } from '../../api/storage.ts';
import { useSite } from '../../app/session-store.ts';
import { clearLocalSession } from '../../app/session.ts';
import { feedback } from '../../app/feedback.ts';
import { HOME_PATH } from '../../app/route-index.ts';
import type { LoginRedirectState } from '../../app/guards.tsx';
import { resetTags } from '../../app/layout/tags-store.ts';
import { useLang } from '../../locales/i18n.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { finishSignIn, goToProvider, takeProviderAnswer } from './sso.ts';
import defaultLogo from '../../assets/logo.svg';

interface LoginForm {
  username: string;
  password: string;
  captcha_code: string;
  company: boolean;
  client_key?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const { modal } = AntApp.useApp();
  const [form] = Form.useForm<LoginForm>();
  const company = Form.useWatch('company', form);
  const [captcha, setCaptcha] = useState<CaptchaAnswer | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await getCaptcha());
    } catch {
      setCaptcha(null);
    }
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const enter = () => {
    const from = (location.state as LoginRedirectState | null)?.from;
    resetTags();
    navigate(from && from !== '/login' ? from : HOME_PATH, { replace: true });
  };

  /** SPEC §6: in SSO mode, a one-time per-user warning for submit_type 1. */
  const warnSsoThenEnter = (user: SessionUser) => {
    if (!site.sso || user.submit_type !== 1 || storage.wasSsoWarned(user.name)) return enter();
    modal.warning({
      title: t('login.ssoTitle'),
      content: <span data-testid="sso-warning">{t('login.ssoWarning')}</span>,
      okText: t('common.ok'),
      okButtonProps: { 'data-testid': 'sso-warning-ok' },
      onOk: () => {
        storage.markSsoWarned(user.name);
        enter();
      },
    });
  };

  /** After a password or single sign-on: keep the session, check the permission list, warn, enter. */
  const enterWith = async (answer: LoginAnswer) => {
    storage.saveSession(answer.token, answer.user.name, answer.user.client_key);
    const access = await userPermissions(answer.user.name, answer.user.client_key, { quiet: true });
    if (!access.is_admin && access.permissions.length === 0) {
      // SPEC §6: an empty permission list counts as "no permission" and login fails.
      await logoutOnServer();
      clearLocalSession();
      feedback.error(ERROR_CATALOGUE.no_permission[lang]);
      form.setFieldValue('captcha_code', '');
      void refreshCaptcha();
      return;
    }
    warnSsoThenEnter(answer.user);
  };

  // Back from the identity provider with ?code=…&state=…: finish the single sign-on once.
  const providerAnswerTaken = useRef(false);
  const [ssoFinishing, setSsoFinishing] = useState(false);
  useEffect(() => {
    if (providerAnswerTaken.current) return;
    providerAnswerTaken.current = true;
    const answer = takeProviderAnswer();
    if (!answer) return;
    setSsoFinishing(true);
    finishSignIn(answer)
      .then(enterWith)
      .catch((err: unknown) => {
        if (storage.getToken()) clearLocalSession();
        reportError(err);
      })
      .finally(() => setSsoFinishing(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toProvider = () => {
    setSsoFinishing(true);
    goToProvider().catch((err: unknown) => {
      reportError(err);
      setSsoFinishing(false);
    });
  };

  const submit = async (values: LoginForm) => {
    if (!captcha) return void refreshCaptcha();
    setSubmitting(true);
    try {
      const answer = await login({
        username: values.username.trim(),
        password: values.password,
        captcha_id: captcha.captcha_id,
        captcha_code: values.captcha_code.trim(),
        ...(values.company && values.client_key ? { client_key: values.client_key.trim() } : {}),
      });
      await enterWith(answer);
    } catch (err) {
      if (storage.getToken()) clearLocalSession();
      reportError(err);
      form.setFieldValue('captcha_code', '');
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const title = site.main_title || t('app.defaultTitle');

  return (
    <div className="citadel-login" data-testid="login-page">
      <div className="citadel-login__brand">
        <div className="citadel-login__brand-inner">
          <img className="citadel-login__brand-logo" src={site.bar_logo || defaultLogo} alt="" />
          <h1 className="citadel-login__brand-title">{title}</h1>
          <p className="citadel-login__brand-tagline">{t('login.tagline')}</p>
        </div>
      </div>
      <div className="citadel-login__panel">
        {site.lang_switch ? (
          <div className="citadel-login__lang">
            <LanguagePicker />
          </div>
        ) : null}
        <div className="citadel-login__card">
          <Typography.Title level={3} className="citadel-login__heading">
            {t('login.welcome')}
          </Typography.Title>
          {site.sso ? (
            <>
              <Button type="primary" size="large" block icon={<LoginOutlined />} loading={ssoFinishing} onClick={toProvider} data-testid="login-sso">
                {ssoFinishing ? t('login.ssoSigningIn') : t('login.ssoButton')}
              </Button>
              <Divider plain>{t('login.ssoLocal')}</Divider>
            </>
          ) : null}
          <Form<LoginForm> form={form} layout="vertical" size="large" requiredMark={false} initialValues={{ company: false }} onFinish={submit} data-testid="login-form">
            <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('login.username')} data-testid="login-username" />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('login.password')} data-testid="login-password" />
            </Form.Item>
            <Form.Item label={t('login.captcha')} required>
              <div className="citadel-login__captcha">
                <Form.Item name="captcha_code" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
                  <Input prefix={<SafetyCertificateOutlined />} autoComplete="off" maxLength={8} placeholder={t('login.captcha')} data-testid="login-captcha" />
                </Form.Item>
                {captcha ? (
                  <img className="citadel-login__captcha-img" src={captcha.image} alt={t('login.captchaAlt')} data-testid="login-captcha-image" data-captcha-id={captcha.captcha_id} onClick={() => void refreshCaptcha()} />
                ) : (
                  <span className="citadel-login__captcha-img citadel-login__captcha-img--empty" data-testid="login-captcha-image" />
                )}
                <Typography.Link className="citadel-login__change" onClick={() => void refreshCaptcha()} data-testid="login-captcha-change">
                  {t('login.changeOne')}
                </Typography.Link>
              </div>
            </Form.Item>
            <Form.Item name="company" label={t('login.companyLogin')} valuePropName="checked" className="citadel-login__company">
              <Switch size="small" data-testid="login-company-switch" />
            </Form.Item>
            {company ? (
              <Form.Item name="client_key" label={t('login.clientKey')} rules={[{ required: true, whitespace: true, message: t('login.clientKeyRequired') }]}>
                <Input prefix={<TeamOutlined />} autoComplete="organization" placeholder={t('login.clientKey')} data-testid="login-client-key" />
              </Form.Item>
            ) : null}
            <Form.Item className="citadel-login__submit">
              <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
                {t('login.submit')}
              </Button>
            </Form.Item>
          </Form>
        </div>
        <div className="citadel-login__footer">{title}</div>
      </div>
    </div>
  );
}
