/** HTTP methods: TRACE echoing the request, and PUT creating a file that GET then serves (removed afterwards with DELETE). */
import { webEvidence } from '../evidence.ts';
import { type ActiveContext, marker, send } from './points.ts';

export async function traceMethod(ctx: ActiveContext): Promise<void> {
  const nonce = marker('trace');
  const r = await send(ctx, { method: 'TRACE', url: ctx.target.href, headers: { 'X-Citadel-Trace': nonce }, followRedirects: false });
  if (r && r.status === 200 && r.text.includes(nonce)) {
    ctx.b.finding('web.methods.trace', webEvidence(r, { match: nonce, headers: ['content-type'], detail: 'TRACE echoed the request, including the X-Citadel-Trace header' }));
  }
}

export async function putMethod(ctx: ActiveContext): Promise<void> {
  const nonce = marker('put');
  const url = new URL(`ctd-${nonce}.txt`, ctx.target).href;
  const put = await send(ctx, { method: 'PUT', url, body: nonce, headers: { 'Content-Type': 'text/plain' }, followRedirects: false });
  if (!put || put.status >= 400) return;
  const get = await send(ctx, { url, followRedirects: false });
  if (get && get.status === 200 && get.text.includes(nonce)) {
    ctx.b.finding('web.methods.put', webEvidence(put, { headers: [], detail: `PUT created ${url}; a GET returned the uploaded text (${nonce}); the file was then deleted` }));
  }
  await send(ctx, { method: 'DELETE', url, followRedirects: false });
}
