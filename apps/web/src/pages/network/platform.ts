/** Which of the two platforms a network screen serves: its page id says it ('…:network', '…:ics', 'industrial'). */
import type { RouteNode } from '@citadel/contracts';

export type NetworkPlatform = 'network' | 'ics';

export function platformOf(node: RouteNode): NetworkPlatform {
  const page = node.page ?? '';
  return page === 'industrial' || page.endsWith(':ics') ? 'ics' : 'network';
}

/** The list page's route key of a platform (its permission resource). */
export const RESOURCE: Record<NetworkPlatform, string> = { network: 'NetworkVulnerability', ics: 'IndustrialInternet' };

const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const V4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const V6 = /^[0-9a-f:.]+$/i;

/** The first entry of a target list that is no host, address or CIDR range (the server checks again). */
export function badTarget(text: string): string | undefined {
  for (const e of text.split(/[\s,;]+/).filter(Boolean)) {
    const [addr = '', prefix, extra] = e.split('/');
    const v4 = V4.test(addr);
    const v6 = addr.includes(':') && V6.test(addr);
    const ok = extra === undefined && (prefix === undefined ? v4 || v6 || HOST.test(addr) : (v4 || v6) && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128));
    if (!ok) return e;
  }
  return undefined;
}

export function portsValid(text: string): boolean {
  return text.split(/[\s,]+/).filter(Boolean).every((p) => {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(p);
    return !!m && Number(m[1]) >= 1 && Number(m[2] ?? m[1]) <= 65535 && Number(m[1]) <= Number(m[2] ?? m[1]);
  });
}
