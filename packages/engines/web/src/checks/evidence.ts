/**
 * Evidence for web findings: the URL (in `file`), the exact request sent, the
 * relevant part of the response (status line, headers, the body around the
 * match), the parameter, and a curl command that reproduces it.
 */
import type { Evidence } from '@citadel/contracts';
import type { HttpResponse } from '../net/http-client.ts';

const MAX_HEADERS_TEXT = 2048;
const MAX_REQUEST_TEXT = 4096;
const AROUND = 200;

export interface EvidenceOptions {
  parameter?: string;
  /** What is shown from the body: the text around the first match. */
  match?: string | RegExp;
  /** Only these headers in the response excerpt (default: all). */
  headers?: readonly string[];
  detail?: string;
  /** Replaces the curl command derived from the request. */
  reproduce?: string;
}

export function responseExcerpt(r: HttpResponse, o: EvidenceOptions = {}): { response: string; snippet?: string } {
  const wanted = o.headers?.map((h) => h.toLowerCase());
  const headerLines = Object.entries(r.headers)
    .filter(([k]) => !wanted || wanted.includes(k))
    .map(([k, v]) => `${k}: ${v}`);
  for (const c of r.setCookies) if (!wanted || wanted.includes('set-cookie')) headerLines.push(`set-cookie: ${c}`);
  let head = `HTTP/1.1 ${r.status} ${r.statusText}\r\n${headerLines.join('\r\n')}`;
  if (head.length > MAX_HEADERS_TEXT) head = `${head.slice(0, MAX_HEADERS_TEXT)}…`;
  let snippet: string | undefined;
  if (o.match !== undefined) {
    const text = r.text;
    let index = -1;
    let length = 0;
    if (typeof o.match === 'string') {
      index = text.indexOf(o.match);
      length = o.match.length;
    } else {
      const m = new RegExp(o.match.source, o.match.flags.replace('g', '')).exec(text);
      if (m) {
        index = m.index;
        length = m[0].length;
      }
    }
    if (index !== -1) {
      const from = Math.max(0, index - AROUND);
      const to = Math.min(text.length, index + length + AROUND);
      snippet = `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
    }
  }
  return { response: snippet ? `${head}\r\n\r\n${snippet}` : head, ...(snippet ? { snippet: text1(snippet) } : {}) };
}

function text1(s: string): string {
  return s.length > 600 ? `${s.slice(0, 600)}…` : s;
}

export function webEvidence(r: HttpResponse, o: EvidenceOptions = {}): Evidence {
  const { response, snippet } = responseExcerpt(r, o);
  const request = r.requestText.length > MAX_REQUEST_TEXT ? `${r.requestText.slice(0, MAX_REQUEST_TEXT)}…` : r.requestText;
  const parts = [o.parameter ? `parameter: ${o.parameter}` : undefined, o.detail, `reproduce: ${o.reproduce ?? curlOf(r)}`].filter(Boolean);
  return { file: r.url, request, response, ...(snippet ? { snippet } : {}), detail: parts.join(' · ') };
}

/** A curl command for the request as sent (method, URL, custom headers except the defaults, body). */
export function curlOf(r: Pick<HttpResponse, 'requestText' | 'url'>): string {
  const [head = '', body = ''] = splitOnce(r.requestText, '\r\n\r\n');
  const lines = head.split('\r\n');
  const method = lines[0]?.split(' ')[0] ?? 'GET';
  const skip = /^(host|user-agent|accept|accept-encoding|connection|content-length):/i;
  const headers = lines.slice(1).filter((l) => l && !skip.test(l));
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return ['curl -i', method === 'GET' ? '' : `-X ${method}`, ...headers.map((h) => `-H ${q(h)}`), body ? `--data-raw ${q(body)}` : '', q(r.url)].filter(Boolean).join(' ');
}

function splitOnce(s: string, sep: string): [string, string] {
  const i = s.indexOf(sep);
  return i === -1 ? [s, ''] : [s.slice(0, i), s.slice(i + sep.length)];
}
