/**
 * Mini-programs (WeChat .wxapkg, Alipay .amr / zip / tar), read with the
 * mini-program engine's project reader and script scanner: every personal-
 * information API call and data button (mini-apis.ts) with its file, line
 * and who is responsible (the mini-program itself, an npm package under
 * miniprogram_npm/ or node_modules/, or a plug-in); requiredPrivateInfos and
 * permission scopes declared vs used; whether the privacy-agreement flow is
 * wired in; and collection that runs when the mini-program opens — in App
 * onLaunch/onShow or the entry page's onLoad/onShow/onReady, following
 * helpers called from them in the same file — with the path.
 */
import type { Attribution, Evidence } from '@citadel/contracts';
import type { KeyedCheckContext } from '@citadel/engine-core';
import { type CallSite, type MiniProject, type ProjectFile, scanJs, snippetOf } from './reader.ts';
import { AGREE_OPEN_TYPE, ALIPAY_AUTHORIZE_SCOPES, ALIPAY_AUTH_SCOPES, ALIPAY_PI_APIS, LAUNCH_HOOKS, type MiniApi, PAGE_LOAD_HOOKS, WECHAT_OPEN_TYPES, WECHAT_PI_APIS, WECHAT_PRIVACY_FLOW } from '../data/mini-apis.ts';
import { type FoundSdk, type Site } from '../common/sites.ts';
import { type ScriptFunctions, scriptFunctions } from './functions.ts';
import type { PiType } from '../data/pi-apis.ts';
import { type Endpoint, abroadCheck } from '../common/abroad.ts';

export const MINI_KEYS = ['mini.pre_consent_collection', 'mini.required_private_infos', 'mini.privacy_authorization', 'permission.declared_unused'] as const;

interface MiniSite extends Site {
  api?: MiniApi;
  call?: CallSite;
  file: ProjectFile;
}

const NAMESPACES = { miniprogram: new Set(['wx', 'uni', 'Taro']), alipay_miniprogram: new Set(['my', 'uni', 'Taro']) } as const;
const OPEN_TYPE = /<button\b[^>]{0,2000}?\bopen-type\s*=\s*["']([A-Za-z]+)["'][^>]{0,2000}?>/g;
const SCOPE_ATTR = /\bscope\s*=\s*["']([A-Za-z]+)["']/;
/** Compiled WXML keeps attribute values as string literals: Z([3,'getPhoneNumber']). */
const COMPILED_OPEN_TYPE = /(["'])(getPhoneNumber|getRealtimePhoneNumber|chooseAvatar|agreePrivacyAuthorization)\1/g;
const MAX_DEPTH = 4;
/** Calls that open a connection with the `url` property (wx./my.request, uploadFile, downloadFile, connectSocket; Alipay's httpRequest). */
const NETWORK_APIS = new Set(['request', 'httpRequest', 'uploadFile', 'downloadFile', 'connectSocket']);
const LOCAL_HOST = /^(?:http|ws):\/\/(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0)(?:[:/]|$)/i;

/** Who is responsible for a file: an npm package, a plug-in, or the mini-program itself. */
export function ownerOf(path: string): Attribution {
  const npm = /(?:^|\/)(?:miniprogram_npm|node_modules)\/((?:@[\w.-]+\/)?[\w.-]+)/.exec(path);
  if (npm) return { kind: 'sdk', name: npm[1]! };
  const plugin = /(?:^|\/)(?:__plugin__|plugin-private:\/\/|plugins?)\/(wx[0-9a-f]{16}|\d{16})/.exec(path);
  if (plugin) return { kind: 'sdk', name: `plugin ${plugin[1]}` };
  return { kind: 'main' };
}

export interface MiniAnalysis {
  sites: MiniSite[];
  sdks: FoundSdk[];
  /** Information kinds declared (permission scopes, requiredPrivateInfos) — for the category check. */
  declaredTypes: Map<PiType, Evidence>;
}

export function collectMiniSites(p: MiniProject): MiniAnalysis & { facts: Map<ProjectFile, CallSite[]>; consent: Evidence[]; cleartext: (Evidence & { attribution: Attribution })[]; endpoints: Endpoint[] } {
  const wechat = p.platform === 'miniprogram';
  const table = new Map((wechat ? WECHAT_PI_APIS : ALIPAY_PI_APIS).map((x) => [x.api, x]));
  const sites: MiniSite[] = [];
  const facts = new Map<ProjectFile, CallSite[]>();
  const consent: Evidence[] = [];
  const cleartext: (Evidence & { attribution: Attribution })[] = [];
  const endpoints = new Map<string, Endpoint>();
  const configText = p.files.find((f) => f.path === p.appConfigPath)?.text ?? '';
  const usePrivacy = /"__usePrivacyCheck__"\s*:\s*true/.exec(configText);
  if (usePrivacy) consent.push({ file: p.appConfigPath, snippet: usePrivacy[0], detail: '__usePrivacyCheck__: true' });
  for (const file of p.files) {
    if (file.text === undefined) continue;
    const owner = ownerOf(file.path);
    if (file.role === 'script') {
      const calls = scanJs(file.text, { namespaces: NAMESPACES[p.platform] }).calls;
      facts.set(file, calls);
      for (const call of calls) {
        const at = (detail: string): Evidence => ({ file: file.path, line: lineOf(file.text!, call.index), snippet: snippetOf(file.text!, call.index), detail });
        if (wechat && WECHAT_PRIVACY_FLOW.has(call.api)) consent.push(at(`${call.ns}.${call.api}`));
        const url = call.props.url;
        if (NETWORK_APIS.has(call.api) && url?.kind === 'string' && /^(?:http|ws):\/\/[\w.-]+/i.test(url.value) && !LOCAL_HOST.test(url.value)) cleartext.push({ ...at(`${call.ns}.${call.api}`), snippet: url.value.slice(0, 300), attribution: owner });
        const host = NETWORK_APIS.has(call.api) && url?.kind === 'string' ? /^(?:https?|wss?):\/\/([\w.-]+)/i.exec(url.value)?.[1]?.toLowerCase() : undefined;
        if (host && !endpoints.has(host) && endpoints.size < 5000) endpoints.set(host, { host, url: url!.value, evidence: at(`${call.ns}.${call.api}`), attribution: owner });
        if (!wechat && call.api === 'getAuthCode') {
          const scopes = call.props.scopes?.value;
          const list = scopes ? scopes.split(/[^\w]+/).filter((s) => s in ALIPAY_AUTH_SCOPES) : [];
          for (const s of list.length > 0 ? list : ['auth_base']) {
            const k = ALIPAY_AUTH_SCOPES[s]!;
            sites.push({ type: k.type, evidence: at(`${call.ns}.getAuthCode: ${k.what}${list.length === 0 ? '; scopes not a constant, auth_base assumed' : ''}`), attribution: owner, call, file });
          }
          continue;
        }
        const api = table.get(call.api);
        if (api) sites.push({ type: api.type, evidence: at(`${call.ns}.${call.api}: ${api.what}`), attribution: owner, api, call, file });
      }
      if (file.text.includes('$gwx')) for (const m of file.text.matchAll(COMPILED_OPEN_TYPE)) templateHit(m[2]!, m.index, undefined);
    } else if (file.role === 'template') {
      for (const m of file.text.matchAll(OPEN_TYPE)) templateHit(m[1]!, m.index, SCOPE_ATTR.exec(m[0])?.[1]);
    }
    function templateHit(openType: string, index: number, scope: string | undefined): void {
      const ev = (detail: string): Evidence => ({ file: file.path, line: lineOf(file.text!, index), snippet: snippetOf(file.text!, index), detail });
      if (openType === AGREE_OPEN_TYPE) return void consent.push(ev(`<button open-type="${AGREE_OPEN_TYPE}">`));
      const k = wechat ? WECHAT_OPEN_TYPES[openType] : openType === 'getAuthorize' && scope ? ALIPAY_AUTHORIZE_SCOPES[scope] : undefined;
      if (k) sites.push({ type: k.type, evidence: ev(`<button open-type="${openType}"${scope ? ` scope="${scope}"` : ''}>: ${k.what} (when the user taps it)`), attribution: owner, file });
    }
  }
  const sdks = new Map<string, FoundSdk>();
  for (const f of p.files) {
    const o = ownerOf(f.path);
    if (o.kind === 'sdk' && !sdks.has(o.name)) sdks.set(o.name, { name: o.name, category: 'other', matched: f.path });
  }
  for (const pl of p.appConfig?.plugins ?? []) {
    const name = `plugin ${pl.provider ?? pl.alias}`;
    if (!sdks.has(name)) sdks.set(name, { name, category: 'other', matched: `app.json plugins.${pl.alias}` });
  }
  const declaredTypes = new Map<PiType, Evidence>();
  if (wechat && p.appConfig) {
    for (const name of p.appConfig.requiredPrivateInfos) {
      const api = table.get(name);
      if (api) declaredTypes.set(api.type, { file: p.appConfigPath, snippet: `requiredPrivateInfos: ${name}` });
    }
    for (const scope of Object.keys(p.appConfig.permission)) {
      const api = WECHAT_PI_APIS.find((x) => x.scope === scope);
      if (api) declaredTypes.set(api.type, { file: p.appConfigPath, snippet: `permission: ${scope}` });
    }
  }
  return { sites, sdks: [...sdks.values()], declaredTypes, facts, consent, cleartext, endpoints: [...endpoints.values()] };
}

function lineOf(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The entry page's script: entryPagePath, else the first page. */
function entryScript(p: MiniProject): ProjectFile | undefined {
  const page = p.appConfig?.entryPagePath ?? p.appConfig?.pages[0];
  if (!page) return undefined;
  const clean = page.replace(/^\//, '').replace(/\.html$/, '');
  return p.files.find((f) => f.role === 'script' && (f.path === `${clean}.js` || f.path === `${clean}.ts`));
}

interface EarlyCall {
  site: MiniSite;
  path: string;
}

/** Sites reached from App onLaunch/onShow and the entry page's load hooks, following same-file helpers. */
export function earlyCalls(p: MiniProject, sites: readonly MiniSite[]): EarlyCall[] {
  const out: EarlyCall[] = [];
  const appJs = p.files.find((f) => f.role === 'script' && /^(?:app\.js|app\.ts)$/.test(f.path));
  const entries: { file: ProjectFile; hooks: string[]; label: string }[] = [];
  if (appJs) entries.push({ file: appJs, hooks: LAUNCH_HOOKS, label: `${appJs.path} App` });
  const page = entryScript(p);
  if (page) entries.push({ file: page, hooks: PAGE_LOAD_HOOKS, label: `${page.path} (entry page) Page` });
  for (const e of entries) {
    const fns: ScriptFunctions = scriptFunctions(e.file.text ?? '');
    const inFile = sites.filter((s) => s.file === e.file && s.call);
    const reported = new Set<MiniSite>();
    for (const hook of e.hooks) {
      for (const body of fns.bodies.filter((b) => b.name === hook)) {
        const queue: { start: number; end: number; path: string[] }[] = [{ start: body.start, end: body.end, path: [`${e.label}.${hook}`] }];
        const seen = new Set<number>([body.start]);
        while (queue.length > 0) {
          const cur = queue.shift()!;
          for (const s of inFile) {
            if (reported.has(s) || s.call!.index <= cur.start || s.call!.index >= cur.end) continue;
            reported.add(s);
            out.push({ site: s, path: [...cur.path, `${s.call!.ns}.${s.call!.api}`].join(' → ') });
          }
          if (cur.path.length > MAX_DEPTH) continue;
          for (const call of fns.calls) {
            if (call.index <= cur.start || call.index >= cur.end) continue;
            for (const b of fns.bodies) {
              if (b.name !== call.name || seen.has(b.start) || LAUNCH_HOOKS.includes(b.name)) continue;
              seen.add(b.start);
              queue.push({ start: b.start, end: b.end, path: [...cur.path, call.name] });
            }
          }
        }
      }
    }
  }
  return out;
}

export async function miniChecks(c: KeyedCheckContext, p: MiniProject, a: ReturnType<typeof collectMiniSites>): Promise<void> {
  const wechat = p.platform === 'miniprogram';
  const config = p.appConfig;
  const flow = a.consent;
  await c.run(['transfer.cleartext'], () => {
    for (const e of a.cleartext) c.fail('transfer.cleartext', e, { attribution: e.attribution });
  });
  await abroadCheck(c, a.endpoints);
  await c.run(['mini.pre_consent_collection'], () => {
    for (const e of earlyCalls(p, a.sites)) {
      const ev = { ...e.site.evidence, detail: `${e.site.evidence.detail}; runs when the mini-program opens`, snippet: e.path, attribution: e.site.attribution };
      if (wechat && flow.length > 0) c.problem('mini.pre_consent_collection', { ...ev, detail: `${ev.detail}; the platform privacy authorisation is wired in (${flow[0]!.detail}) and should hold the call until the user agrees: confirm on a device` }, { attribution: e.site.attribution });
      else c.fail('mini.pre_consent_collection', ev, { attribution: e.site.attribution });
    }
  });
  if (!wechat) c.notExecuted(['mini.required_private_infos', 'mini.privacy_authorization'], 'WeChat rules: an Alipay mini-program declares its privacy guide and API authorisations on the open platform, not in the package');
  else if (!config) c.notExecuted(['mini.required_private_infos', 'mini.privacy_authorization', 'permission.declared_unused'], 'the package has no readable app-config.json / app.json (declarations unknown)');
  else {
    await c.run(['mini.required_private_infos'], () => {
      const declared = new Set(config.requiredPrivateInfos);
      const once = new Set<string>();
      for (const s of a.sites) {
        const api = s.api;
        if (!api) continue;
        if (api.requiredPrivateInfo && !declared.has(api.api) && !once.has(api.api)) {
          once.add(api.api);
          c.fail('mini.required_private_infos', { ...s.evidence, detail: `${api.api} is called but app.json requiredPrivateInfos lists [${[...declared].join(', ')}]`, attribution: s.attribution }, { attribution: s.attribution });
        }
        if (api.scope && !config.permission[api.scope]?.trim() && !once.has(api.scope)) {
          once.add(api.scope);
          c.fail('mini.required_private_infos', { ...s.evidence, detail: `${api.api} needs ${api.scope}, which has no description in app.json permission`, attribution: s.attribution }, { attribution: s.attribution });
        }
      }
    });
    await c.run(['mini.privacy_authorization'], () => {
      if (flow.length > 0) return void c.safe('mini.privacy_authorization', flow.slice(0, 5));
      const used = [...new Set(a.sites.filter((s) => s.attribution.kind === 'main' || s.api).map((s) => s.evidence.detail?.split(':')[0] ?? ''))];
      if (used.length === 0) return;
      c.fail('mini.privacy_authorization', { file: p.appConfigPath, detail: `privacy APIs used (${used.slice(0, 8).join(', ')}${used.length > 8 ? ', …' : ''}) but no wx.onNeedPrivacyAuthorization / wx.requirePrivacyAuthorize, no agreePrivacyAuthorization button and no "__usePrivacyCheck__": true` });
    });
    await c.run(['permission.declared_unused'], () => {
      const called = new Set(a.sites.flatMap((s) => (s.api ? [s.api.api] : [])));
      for (const name of config.requiredPrivateInfos) {
        if (!called.has(name)) c.fail('permission.declared_unused', { file: p.appConfigPath, snippet: `requiredPrivateInfos: ${name}`, detail: `${name} is declared but never called` });
      }
      for (const scope of Object.keys(config.permission)) {
        const apis = WECHAT_PI_APIS.filter((x) => x.scope === scope);
        if (apis.length > 0 && !apis.some((x) => called.has(x.api))) c.fail('permission.declared_unused', { file: p.appConfigPath, snippet: `permission: ${scope}`, detail: `${scope} is described but none of ${apis.map((x) => x.api).join(', ')} is called` });
      }
    });
  }
}
