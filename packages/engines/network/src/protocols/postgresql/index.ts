/**
 * PostgreSQL (frontend/backend protocol 3.0, https://www.postgresql.org/docs/current/protocol-flow.html):
 * a StartupMessage as user "postgres" to database "postgres". AuthenticationOk
 * without any password exchange is "trust" authentication: anyone reaching the
 * port is the superuser. ParameterStatus then carries server_version. A
 * password request or an error still identifies the server. Terminate ends
 * the session before any query.
 */
import { printable } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

export const PG_USER = 'postgres';

export function startupMessage(user: string, database: string): Buffer {
  const body = Buffer.from(`user\0${user}\0database\0${database}\0application_name\0citadel-scan\0\0`, 'utf8');
  const b = Buffer.alloc(8 + body.length);
  b.writeInt32BE(b.length, 0);
  b.writeInt32BE(196608, 4);
  body.copy(b, 8);
  return b;
}

interface PgMessage {
  type: string;
  body: Buffer;
}

/** Backend messages in `d` (complete ones only); undefined when the bytes are not PostgreSQL's. */
export function pgMessages(d: Buffer): PgMessage[] | undefined {
  const out: PgMessage[] = [];
  let o = 0;
  while (o + 5 <= d.length) {
    const type = String.fromCharCode(d[o]!);
    const len = d.readInt32BE(o + 1);
    if (!/[A-Za-z]/.test(type) || len < 4 || len > 1 << 20) return undefined;
    if (o + 1 + len > d.length) break;
    out.push({ type, body: d.subarray(o + 5, o + 1 + len) });
    o += 1 + len;
  }
  return out;
}

const AUTH_NAMES: Record<number, string> = { 3: 'cleartext password', 5: 'MD5 password', 7: 'GSSAPI', 9: 'SSPI', 10: 'SASL (SCRAM)' };

export function parsePgAnswer(d: Buffer): ServiceInfo | undefined {
  const msgs = pgMessages(d);
  if (!msgs || msgs.length === 0) return undefined;
  const first = msgs[0]!;
  if (first.type === 'E') {
    const fields = errorFields(first.body);
    if (!fields.S || !fields.C) return undefined;
    return { service: 'postgresql', product: 'PostgreSQL', access: 'refused', extra: { error: `${fields.C} ${fields.M ?? ''}`.trim() } };
  }
  if (first.type !== 'R' || first.body.length < 4) return undefined;
  const code = first.body.readInt32BE(0);
  if (code !== 0) return { service: 'postgresql', product: 'PostgreSQL', access: 'auth_required', extra: { authentication: AUTH_NAMES[code] ?? `method ${code}` } };
  const params: Record<string, string> = {};
  for (const m of msgs) if (m.type === 'S') {
    const [k, v] = m.body.toString('utf8').split('\0');
    if (k) params[k] = v ?? '';
  }
  const version = params.server_version?.split(' ')[0];
  return { service: 'postgresql', product: 'PostgreSQL', ...(version ? { version } : {}), access: 'open', extra: { authentication: 'trust (no password asked)', ...(params.server_version ? { server_version: params.server_version } : {}) } };
}

function errorFields(body: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let o = 0;
  while (o < body.length && body[o] !== 0) {
    const code = String.fromCharCode(body[o]!);
    const end = body.indexOf(0, o + 1);
    if (end === -1) break;
    out[code] = body.subarray(o + 1, end).toString('utf8');
    o = end + 1;
  }
  return out;
}

/** Enough to decide: an error, a password request, or AuthenticationOk followed by ReadyForQuery. */
function decided(d: Buffer): boolean {
  const msgs = pgMessages(d);
  if (!msgs) return true;
  const first = msgs[0];
  if (!first) return false;
  if (first.type !== 'R') return true;
  if (first.body.length >= 4 && first.body.readInt32BE(0) !== 0) return true;
  return msgs.some((m) => m.type === 'Z' || m.type === 'E');
}

export const postgresql: Protocol = {
  id: 'postgresql',
  ports: [5432, 5433],
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      const startup = startupMessage(PG_USER, 'postgres');
      c.write(startup);
      await c.until(decided, ctx.timeoutMs);
      const info = parsePgAnswer(c.data);
      if (info?.access === 'open') c.write(Buffer.from([0x58, 0, 0, 0, 4])); // Terminate
      if (info) info.proof = { request: `StartupMessage ${printable(startup)}`, response: printable(c.data, 700) };
      return info;
    } finally {
      c.close();
    }
  },
};
