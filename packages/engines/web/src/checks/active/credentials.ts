/**
 * Default credentials on login forms. A failure baseline is taken first (a
 * random user and password); a default pair counts only when its answer
 * differs from that baseline the way a successful login does (a redirect
 * elsewhere, or the password field gone) and shows no failure message.
 * Forms that answer on the same page (the form stays, a failure message
 * comes and goes) count when the baseline shows a failure message, the pair's
 * answer shows none and greets the user instead.
 * Forms behind the scan's own sign-in are submitted in session when the
 * baseline without it is only a redirect (to the sign-in page).
 * Few pairs, to stay below common lockout thresholds.
 */
import type { HtmlForm } from '../../crawl/html.ts';
import type { HttpResponse } from '../../net/http-client.ts';
import { webEvidence } from '../evidence.ts';
import { type ActiveContext, type InjectionPoint, marker, requestFor, send } from './points.ts';

export const DEFAULT_PAIRS: readonly [string, string][] = [
  ['admin', 'admin'],
  ['admin', 'password'],
  ['admin', '123456'],
  ['admin', 'admin123'],
  ['root', 'root'],
  ['administrator', 'administrator'],
  ['test', 'test'],
  ['guest', 'guest'],
];
const FAILURE = /invalid|incorrect|failed|wrong|denied|not match|错误|失败|無效|错誤/i;
const PASSWORD_INPUT = /<input[^>]+type\s*=\s*["']?password/i;
/** What a signed-in page says when the form stays on it (DVWA's brute-force page, members areas). */
const GREETING = /\bwelcome\b|log ?out|sign ?out|logged in as|my account|欢迎|歡迎|ようこそ/i;
/** Answers that are neither success nor failure: lockouts and throttling. */
const BLOCKED = /too many|locked|captcha|try again later|rate limit/i;

export function loginFields(form: HtmlForm): { user: string; password: string } | undefined {
  const password = form.fields.find((f) => f.type === 'password')?.name;
  if (!password) return undefined;
  const texts = form.fields.filter((f) => ['text', 'email', 'tel'].includes(f.type));
  const user = (texts.find((f) => /user|login|email|name|account|id/i.test(f.name)) ?? texts[0])?.name;
  return user ? { user, password } : undefined;
}

function submit(ctx: ActiveContext, form: HtmlForm, fields: { user: string; password: string }, user: string, pass: string, session: boolean): Promise<HttpResponse | undefined> {
  const values: [string, string][] = form.fields.map((f) => [f.name, f.name === fields.user ? user : f.name === fields.password ? pass : f.value]);
  const point: InjectionPoint = { source: 'form', method: form.method, url: form.action, values, name: fields.password };
  return send(ctx, requestFor(point, pass, { followRedirects: false, session }));
}

const isRedirect = (r: HttpResponse) => r.status >= 300 && r.status < 400;

function looksLoggedIn(r: HttpResponse, fail: HttpResponse, loginPage: string): boolean {
  if (FAILURE.test(r.text)) return false;
  const loc = r.status >= 300 && r.status < 400 ? (r.headers.location ?? '') : undefined;
  const failLoc = fail.status >= 300 && fail.status < 400 ? (fail.headers.location ?? '') : undefined;
  if (loc !== undefined) {
    const target = new URL(loc, r.url);
    return loc !== failLoc && target.pathname !== new URL(loginPage).pathname && target.pathname !== new URL(r.url).pathname;
  }
  if (r.status !== 200) return false;
  const added = newText(r.text, fail.text);
  if (BLOCKED.test(added)) return false;
  if (PASSWORD_INPUT.test(fail.text) && !PASSWORD_INPUT.test(r.text)) return true;
  return fail.status === 200 && FAILURE.test(fail.text) && GREETING.test(added);
}

/** The lines and tags of `text` that `before` does not have (menus with "Logout" on both pages cancel out). */
function newText(text: string, before: string): string {
  const split = (s: string) => s.slice(0, 512 * 1024).split(/[\n>]/).map((t) => t.trim());
  const old = new Set(split(before));
  return split(text)
    .filter((t) => t && !old.has(t))
    .join('\n');
}

export async function defaultCredentials(ctx: ActiveContext): Promise<void> {
  for (const form of ctx.crawl.forms) {
    const fields = loginFields(form);
    if (!fields || !ctx.scope.admit(form.action)) continue;
    let session = false;
    let fail = await submit(ctx, form, fields, marker('user'), marker('Pw-'), session);
    if (fail && isRedirect(fail) && ctx.b.target.authenticated === true) {
      session = true;
      fail = await submit(ctx, form, fields, marker('user'), marker('Pw-'), session);
    }
    if (!fail) continue;
    for (const [user, pass] of DEFAULT_PAIRS) {
      const r = await submit(ctx, form, fields, user, pass, session);
      if (r && looksLoggedIn(r, fail, form.page)) {
        ctx.b.finding('web.auth.default_credentials', webEvidence(r, { parameter: `${fields.user}/${fields.password}`, headers: ['location', 'set-cookie'], detail: `${user}/${pass} logs in at ${form.action} (a random password got status ${fail.status})` }));
        break;
      }
    }
  }
}
