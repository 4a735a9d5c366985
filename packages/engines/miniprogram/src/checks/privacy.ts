/**
 * Privacy: which privacy APIs the code calls (data table in
 * privacy-apis.ts) and which data buttons the templates carry; for WeChat,
 * whether location APIs are declared in requiredPrivateInfos and their
 * scopes described in permission; calls made in App onLaunch / onShow,
 * before the user can have agreed to anything.
 */
import type { Evidence } from '@citadel/contracts';
import { type CheckContext, firstTime } from './context.ts';
import { ALIPAY_PRIVACY_APIS, BUTTON_OPEN_TYPES, CONSENT_APIS, PRIVACY_CATEGORY_NAMES, type PrivacyApi, WECHAT_PRIVACY_APIS } from './privacy-apis.ts';

export const PRIVACY_KEYS = ['privacy.api_usage', 'privacy.undeclared_private_info', 'privacy.missing_permission_desc', 'privacy.before_consent', 'privacy.clipboard_read'] as const;

const OPEN_TYPE_ATTR = /open-type\s*=\s*["']([A-Za-z]+)["']/g;
/** Compiled WXML keeps attribute values as string literals: Z([3,'getPhoneNumber']). */
const COMPILED_OPEN_TYPE = /(["'])(getPhoneNumber|getRealtimePhoneNumber|chooseAvatar)\1/g;

interface Use {
  api: PrivacyApi;
  ev: Evidence;
  atLaunch: boolean;
}

export async function privacyChecks(c: CheckContext): Promise<void> {
  if (!c.wants(...PRIVACY_KEYS)) return;
  const table = new Map((c.platform === 'miniprogram' ? WECHAT_PRIVACY_APIS : ALIPAY_PRIVACY_APIS).map((a) => [a.api, a]));
  const uses: Use[] = [];
  let consentFlow = /"__usePrivacyCheck__"\s*:\s*true/.test(c.project.files.find((f) => f.path === c.project.appConfigPath)?.text ?? '');
  for (const { file, facts } of c.scripts()) {
    for (const call of facts.calls) {
      if (CONSENT_APIS.has(call.api)) consentFlow = true;
      const api = table.get(call.api);
      if (api) uses.push({ api, atLaunch: call.atLaunch, ev: c.at(file, call.index, { detail: `${call.ns}.${call.api} (${PRIVACY_CATEGORY_NAMES[api.category][1]})${call.atLaunch ? ' in App onLaunch/onShow' : ''}` }) });
    }
  }

  await c.run(['privacy.api_usage', 'privacy.clipboard_read'], () => {
    const once = firstTime();
    for (const u of uses) {
      if (once(`${u.ev.file}|${u.api.api}`)) c.problem('privacy.api_usage', u.ev);
      if (u.api.clipboardRead) c.fail('privacy.clipboard_read', u.ev);
    }
    for (const file of c.texts()) {
      if (file.role !== 'template' && !(file.role === 'script' && file.text.includes('$gwx'))) continue;
      const re = file.role === 'template' && !file.path.endsWith('.html') ? OPEN_TYPE_ATTR : COMPILED_OPEN_TYPE;
      for (const m of file.text.matchAll(re)) {
        const type = m[re === OPEN_TYPE_ATTR ? 1 : 2]!;
        const category = BUTTON_OPEN_TYPES[type];
        if (category && once(`${file.path}|button|${type}`)) c.problem('privacy.api_usage', c.at(file, m.index, { detail: `<button open-type="${type}"> (${PRIVACY_CATEGORY_NAMES[category][1]})` }));
      }
    }
  });

  const config = c.project.appConfig;
  const noConfig = 'the package has no readable app-config.json / app.json (declarations unknown)';
  if (!config) c.notExecuted(['privacy.undeclared_private_info', 'privacy.missing_permission_desc'], noConfig);
  else {
    await c.run(['privacy.undeclared_private_info', 'privacy.missing_permission_desc'], () => {
      const declared = new Set(config.requiredPrivateInfos);
      const once = firstTime();
      for (const u of uses) {
        if (u.api.requiredPrivateInfo && !declared.has(u.api.api) && once(`rpi|${u.api.api}`)) c.fail('privacy.undeclared_private_info', { ...u.ev, detail: `${u.api.api} is called but not in requiredPrivateInfos [${[...declared].join(', ')}]` });
        const scope = u.api.scope;
        if (scope && !config.permission[scope]?.trim() && once(`scope|${scope}`)) c.fail('privacy.missing_permission_desc', { ...u.ev, detail: `${u.api.api} needs ${scope}, which has no permission description` });
      }
    });
  }

  await c.run(['privacy.before_consent'], () => {
    for (const u of uses) {
      if (!u.atLaunch) continue;
      if (consentFlow) c.problem('privacy.before_consent', { ...u.ev, detail: `${u.ev.detail}; the platform privacy authorisation is in use and should intercept it` });
      else c.fail('privacy.before_consent', u.ev);
    }
  });
}
