/**
 * HTTP/1.x (RFC 9112): GET / with the Server header and, when the answer is
 * one of the management APIs that should never be open, what it is: Docker
 * Engine API (/version with ApiVersion), Elasticsearch (the root's
 * "You Know, for Search" document), Kubernetes API server (/version with
 * gitVersion), CouchDB. Only GET is ever sent.
 */
import { printable } from '../render.ts';
import type { Conn } from '../../scan/conn.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

export function getRequest(host: string, path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: CitadelScanner/0.1\r\nAccept: */*\r\nConnection: close\r\n\r\n`;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function parseHttp(d: Buffer): HttpAnswer | undefined {
  const s = d.toString('latin1');
  const m = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(s);
  if (!m) return undefined;
  const end = s.indexOf('\r\n\r\n');
  const head = end === -1 ? s : s.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(m[1]), headers, body: end === -1 ? '' : d.subarray(end + 4).toString('utf8') };
}

async function get(ctx: ProbeContext, path: string): Promise<{ answer?: HttpAnswer; c: Conn; request: string }> {
  const c = await ctx.open();
  const request = getRequest(ctx.host.includes(':') ? `[${ctx.host}]` : ctx.host, path);
  c.write(request);
  await c.until(() => false, ctx.timeoutMs).catch(() => false);
  c.close();
  return { answer: parseHttp(c.data), c, request };
}

function json(body: string): Record<string, unknown> | undefined {
  try {
    const start = body.indexOf('{');
    const v = JSON.parse(start >= 0 ? body.slice(start) : body) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const http: Protocol = {
  id: 'http',
  ports: [80, 8080, 8000, 8008, 8081, 8888, 9200, 2375, 2376, 6443, 8443, 10250, 5984, 15672, 9000],
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const root = await get(ctx, '/');
    if (!root.answer) return undefined;
    const a = root.answer;
    const proof = { request: printable(root.request), response: printable(root.c.data, 600) };
    const server = a.headers.server;
    const info: ServiceInfo = { service: 'http', ...(server ? { product: server.split('/')[0], version: /\/([\w.-]+)/.exec(server)?.[1] } : {}), extra: { status: String(a.status), ...(server ? { server } : {}) }, proof };
    if (info.version === undefined) delete info.version;
    const doc = json(a.body);
    const ver = doc?.version as Record<string, unknown> | undefined;
    if (doc && typeof doc.tagline === 'string' && /for search/i.test(doc.tagline) && ver) {
      return { service: 'elasticsearch', product: ver.distribution === 'opensearch' ? 'OpenSearch' : 'Elasticsearch', version: String(ver.number ?? ''), extra: { cluster_name: String(doc.cluster_name ?? '') }, access: a.status === 200 ? 'open' : 'auth_required', proof };
    }
    if (doc && doc.couchdb === 'Welcome') return { service: 'couchdb', product: 'CouchDB', version: String(doc.version ?? ''), access: 'open', proof };
    if (a.status === 404 || a.status === 200 || a.status === 401 || a.status === 403) {
      const v = await get(ctx, '/version');
      const vd = v.answer && json(v.answer.body);
      const vproof = { request: printable(v.request), response: printable(v.c.data, 600) };
      if (vd && typeof vd.ApiVersion === 'string') return { service: 'docker', product: 'Docker Engine API', version: String(vd.Version ?? ''), extra: { api_version: vd.ApiVersion, os: String(vd.Os ?? '') }, access: v.answer!.status === 200 ? 'open' : 'auth_required', proof: vproof };
      if (vd && typeof vd.gitVersion === 'string') return { service: 'kubernetes', product: 'Kubernetes API server', version: vd.gitVersion.replace(/^v/, ''), access: v.answer!.status === 200 ? 'open' : 'auth_required', proof: vproof };
    }
    return info;
  },
};
