/**
 * The web assessment's scan options on its create page (field names under `scan`, turned
 * into engine parameters by contracts' webScanParams): crawl limits and scope, JavaScript
 * rendering, authentication, and the active checks — which send attack payloads, so none
 * is ticked by default and the form says so. The administrator's configuration still
 * bounds the rate and the reachable networks.
 */
import { WEB_ACTIVE_GROUPS, type WebAuthMode } from '@citadel/contracts';
import { Alert, Checkbox, Collapse, Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

export function WebScanOptionsFields() {
  const { t } = useTranslation();
  const auth = Form.useWatch<WebAuthMode | undefined>(['scan', 'auth']);
  const active = Form.useWatch<string[] | undefined>(['scan', 'active']);
  const fields = (
    <>
      <Form.Item name={['scan', 'maxPages']} label={t('evaluation.scan.maxPages')}>
        <InputNumber min={1} max={1000} placeholder="100" data-testid="scan-max-pages" />
      </Form.Item>
      <Form.Item name={['scan', 'maxDepth']} label={t('evaluation.scan.maxDepth')}>
        <InputNumber min={1} max={20} placeholder="5" data-testid="scan-max-depth" />
      </Form.Item>
      <Form.Item name={['scan', 'rate']} label={t('evaluation.scan.rate')} extra={t('evaluation.scan.rateHint')}>
        <InputNumber min={1} max={1000} placeholder="10" data-testid="scan-rate" />
      </Form.Item>
      <Form.Item name={['scan', 'include']} label={t('evaluation.scan.include')} extra={t('evaluation.scan.patternsHint')}>
        <Input.TextArea rows={2} maxLength={2000} data-testid="scan-include" />
      </Form.Item>
      <Form.Item name={['scan', 'exclude']} label={t('evaluation.scan.exclude')}>
        <Input.TextArea rows={2} maxLength={2000} data-testid="scan-exclude" />
      </Form.Item>
      <Form.Item name={['scan', 'render']} label={t('evaluation.scan.render')} valuePropName="checked" extra={t('evaluation.scan.renderHint')}>
        <Switch data-testid="scan-render" />
      </Form.Item>
      <Form.Item name={['scan', 'auth']} label={t('evaluation.scan.auth')}>
        <Radio.Group data-testid="scan-auth" options={(['none', 'header', 'cookie', 'form'] as const).map((m) => ({ value: m, label: t(`evaluation.scan.authMode.${m}`) }))} />
      </Form.Item>
      {auth === 'header' ? (
        <Form.Item name={['scan', 'authHeader']} label={t('evaluation.scan.authHeader')} rules={[{ required: true, pattern: /^[A-Za-z0-9-]+:\s*\S/, message: t('evaluation.scan.authHeaderFormat') }]}>
          <Input placeholder="Authorization: Bearer …" maxLength={4000} data-testid="scan-auth-header" />
        </Form.Item>
      ) : null}
      {auth === 'cookie' ? (
        <Form.Item name={['scan', 'authCookie']} label={t('evaluation.scan.authCookie')} rules={[{ required: true, whitespace: true, message: t('evaluation.required', { field: t('evaluation.scan.authCookie') }) }]}>
          <Input placeholder="session=…; csrftoken=…" maxLength={4000} data-testid="scan-auth-cookie" />
        </Form.Item>
      ) : null}
      {auth === 'form' ? (
        <>
          <Form.Item name={['scan', 'loginUrl']} label={t('evaluation.scan.loginUrl')} rules={[{ required: true, type: 'url', message: t('evaluation.badUrl') }]}>
            <Input placeholder="https://www.example.com/login" maxLength={2000} data-testid="scan-login-url" />
          </Form.Item>
          <Form.Item name={['scan', 'loginUser']} label={t('evaluation.scan.loginUser')} rules={[{ required: true, message: t('evaluation.required', { field: t('evaluation.scan.loginUser') }) }]}>
            <Input maxLength={200} autoComplete="off" data-testid="scan-login-user" />
          </Form.Item>
          <Form.Item name={['scan', 'loginPassword']} label={t('evaluation.scan.loginPassword')} rules={[{ required: true, message: t('evaluation.required', { field: t('evaluation.scan.loginPassword') }) }]}>
            <Input.Password maxLength={200} autoComplete="new-password" data-testid="scan-login-password" />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name={['scan', 'active']} label={t('evaluation.scan.active')}>
        <Checkbox.Group data-testid="scan-active" options={WEB_ACTIVE_GROUPS.map((g) => ({ value: g, label: t(`evaluation.scan.group.${g}`) }))} />
      </Form.Item>
      {active && active.length > 0 ? <Alert type="warning" showIcon title={t('evaluation.scan.activeWarning')} style={{ marginBottom: 16 }} data-testid="scan-active-warning" /> : null}
    </>
  );
  return <Collapse ghost style={{ marginBottom: 16 }} items={[{ key: 'scan', label: t('evaluation.scan.title'), children: fields, forceRender: true }]} data-testid="scan-options" />;
}
