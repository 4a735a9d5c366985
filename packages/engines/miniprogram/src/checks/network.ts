/**
 * Communication: the url of every request/socket/upload/download call
 * (from the tokenizer's facts, so a URL in a comment is not a call), every
 * URL and IP in the text, third-party services, server-only platform APIs,
 * and certificate / domain checks switched off.
 */
import { findIps, findUrls } from '@citadel/engine-core';
import { type CheckContext, firstTime } from './context.ts';
import { serverOnlyApiOf, thirdPartyOf } from './third-parties.ts';

export const NETWORK_KEYS = ['network.cleartext_endpoints', 'network.ip_addresses', 'network.request_domains', 'network.third_party_endpoints', 'network.server_api_in_client', 'network.tls_verification_disabled'] as const;

/** Platform calls that take a url. */
export const NETWORK_APIS: ReadonlySet<string> = new Set(['request', 'httpRequest', 'connectSocket', 'uploadFile', 'downloadFile', 'createWebSocket']);

const CLEARTEXT = /^(?:http|ws):\/\//i;

export async function networkChecks(c: CheckContext): Promise<void> {
  if (!c.wants(...NETWORK_KEYS)) return;
  await c.run(NETWORK_KEYS, () => {
    const once = firstTime();
    for (const { file, facts } of c.scripts()) {
      for (const call of facts.calls) {
        if (!NETWORK_APIS.has(call.api)) continue;
        const url = call.props.url?.kind === 'string' || call.props.url?.kind === 'template' ? call.props.url : call.firstString;
        const api = `${call.ns}.${call.api}`;
        if (!url) {
          if (once(`dyn|${file.path}|${api}`)) c.problem('network.request_domains', c.at(file, call.index, { detail: `${api}: url computed at run time` }));
          continue;
        }
        const host = /^[a-z]+:\/\/([^/?#:]+)/i.exec(url.value)?.[1];
        if (once(`call|${api}|${url.value}`)) c.problem('network.request_domains', c.at(file, call.index, { detail: `${api} → ${host ?? url.value.slice(0, 200)}` }));
        if (CLEARTEXT.test(url.value) && once(`clear-call|${url.value}`)) c.fail('network.cleartext_endpoints', c.at(file, url.index, { detail: `${api} calls ${url.value.slice(0, 300)}` }));
      }
      for (const t of facts.tlsOff) c.fail('network.tls_verification_disabled', c.at(file, t.index, { detail: t.what }));
    }
    for (const file of c.texts()) {
      c.builder.throwIfAborted();
      for (const u of findUrls(file.text, 5000)) {
        if (u.reference) continue;
        if ((u.scheme === 'http' || u.scheme === 'ws') && once(`clear|${u.value}`)) c.fail('network.cleartext_endpoints', c.at(file, u.index, { detail: u.value.slice(0, 300) }));
        const service = thirdPartyOf(u.host);
        if (service) {
          c.builder.addSdk({ name: service.name, category: service.category, matched: u.host });
          if (once(`3p|${u.host}`)) c.problem('network.third_party_endpoints', c.at(file, u.index, { detail: `${service.name} (${service.category}): ${u.host}` }));
        }
        let path = '/';
        try {
          path = new URL(u.value).pathname;
        } catch {
          /* findUrls only returns parseable URLs */
        }
        const server = serverOnlyApiOf(u.host, path);
        if (server && once(`server|${u.host}${path}`)) c.fail('network.server_api_in_client', c.at(file, u.index, { detail: `${server.what}: ${u.value.slice(0, 200)}` }));
        if (u.hostKind !== 'domain' && u.ipClass !== 'reserved' && once(`ip|${u.host}`)) c.problem('network.ip_addresses', c.at(file, u.index, { detail: `${u.host} (${u.ipClass ?? 'ip'}) in ${u.value.slice(0, 200)}` }));
      }
      for (const ip of findIps(file.text, 5000)) {
        if (ip.ipClass === 'reserved' || !once(`ip|${ip.value}`)) continue;
        c.problem('network.ip_addresses', c.at(file, ip.index, { detail: `IPv${ip.version} ${ip.value} (${ip.ipClass})` }));
      }
    }
    const cfg = c.project.projectConfig;
    const setting = cfg?.setting;
    if (setting && typeof setting === 'object' && (setting as Record<string, unknown>).urlCheck === false) {
      const file = c.project.files.find((f) => f.path === c.project.projectConfigPath);
      const idx = file?.text?.indexOf('"urlCheck"') ?? -1;
      c.fail('network.tls_verification_disabled', file && idx >= 0 ? c.at(file, idx, { detail: 'setting.urlCheck: false (domain, TLS version and certificate checks off)' }) : { file: c.project.projectConfigPath, detail: 'setting.urlCheck: false' });
    }
  });
}
