/**
 * Authentication by login form: fetch the login page, fill the form that
 * has a password field, submit it through the client, and keep the session
 * cookies in the client's jar for the rest of the scan.
 */
import { loginFields } from '../checks/active/credentials.ts';
import type { HttpClient } from '../net/http-client.ts';
import type { WebScanConfig } from '../options.ts';
import { parseHtml } from './html.ts';

export async function loginWithForm(client: HttpClient, login: NonNullable<WebScanConfig['login']>): Promise<{ ok: boolean; detail: string }> {
  const page = await client.request({ url: login.url });
  const form = parseHtml(page.text, page.url).forms.find((f) => f.fields.some((x) => x.type === 'password'));
  if (!form) return { ok: false, detail: `no form with a password field at ${login.url}` };
  const guessed = loginFields(form);
  const userField = login.userField ?? guessed?.user;
  const passwordField = login.passwordField ?? guessed?.password;
  if (!userField || !passwordField) return { ok: false, detail: `cannot tell the user and password fields of the form at ${login.url}` };
  const params = new URLSearchParams(form.fields.map((f): [string, string] => [f.name, f.name === userField ? login.user : f.name === passwordField ? login.password : f.value]));
  const r =
    form.method === 'GET'
      ? await client.request({ url: `${form.action.split('?')[0]}?${params}` })
      : await client.request({ method: 'POST', url: form.action, body: params.toString() });
  const stillLogin = /<input[^>]+type\s*=\s*["']?password/i.test(r.text) && new URL(r.url).pathname === new URL(form.action).pathname;
  return stillLogin || r.status >= 400 ? { ok: false, detail: `login at ${form.action} answered ${r.status} and still shows the login form` } : { ok: true, detail: `logged in at ${form.action} (${r.status}, ${r.url})` };
}
