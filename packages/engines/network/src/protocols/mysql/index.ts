/**
 * MySQL / MariaDB (client/server protocol, https://dev.mysql.com/doc/dev/mysql-server/latest/PAGE_PROTOCOL.html
 * and https://mariadb.com/kb/en/connection/): the server greets first with its
 * version. The access check logs in as root with an empty password
 * (HandshakeResponse41, auth plugin mysql_native_password, empty auth data;
 * an AuthSwitchRequest is answered with empty data as well) and sends
 * COM_QUIT at once: an OK packet proves the empty password.
 */
import { printable } from '../render.ts';
import type { Conn } from '../../scan/conn.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

interface Packet {
  seq: number;
  payload: Buffer;
}

export function mysqlPackets(d: Buffer): Packet[] {
  const out: Packet[] = [];
  let o = 0;
  while (o + 4 <= d.length) {
    const len = d.readUIntLE(o, 3);
    if (o + 4 + len > d.length) break;
    out.push({ seq: d[o + 3]!, payload: d.subarray(o + 4, o + 4 + len) });
    o += 4 + len;
  }
  return out;
}

export function parseGreeting(d: Buffer): ServiceInfo | undefined {
  const p = mysqlPackets(d)[0];
  if (!p || p.seq !== 0 || p.payload.length < 2) return undefined;
  if (p.payload[0] === 0xff && p.payload.length > 3) {
    // ERR before the handshake: "Host … is not allowed to connect", "Too many connections".
    const msg = p.payload.subarray(3).toString('utf8').replace(/^#\w{5}/, '');
    return { service: 'mysql', product: 'MySQL', access: 'refused', extra: { error: msg.slice(0, 200) } };
  }
  if (p.payload[0] !== 0x0a) return undefined;
  const end = p.payload.indexOf(0, 1);
  // Protocol 10 always carries a connection id, 8 bytes of salt, a filler and the capability flags after the version.
  if (end < 2 || end > 100 || p.payload.length < end + 1 + 4 + 8 + 1 + 2) return undefined;
  const raw = p.payload.subarray(1, end).toString('latin1');
  if (!/^\d+\.\d+/.test(raw)) return undefined;
  // MariaDB 10+ prefixes "5.5.5-" for old clients; the real version follows.
  const m = /^(?:5\.5\.5-)?(\d+\.\d+\.\d+)(.*)$/.exec(raw);
  const mariadb = /mariadb/i.test(raw);
  const rest = p.payload.subarray(end + 1);
  let plugin: string | undefined;
  if (rest.length > 4 + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10) {
    const tail = rest.subarray(4 + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10);
    const nul = tail.indexOf(0, 13);
    const name = tail.subarray(13, nul === -1 ? undefined : nul).toString('latin1');
    if (/^[a-z0-9_]+$/.test(name)) plugin = name;
  }
  return {
    service: 'mysql',
    product: mariadb ? 'MariaDB' : 'MySQL',
    ...(m ? { version: m[1] } : {}),
    extra: { server_version: raw, ...(plugin ? { auth_plugin: plugin } : {}) },
  };
}

const CAPS = 0x00000001 | 0x00000200 | 0x00008000 | 0x00080000; // LONG_PASSWORD | PROTOCOL_41 | SECURE_CONNECTION | PLUGIN_AUTH

export function handshakeResponse(user: string): Buffer {
  const body = Buffer.concat([
    Buffer.from([CAPS & 0xff, (CAPS >> 8) & 0xff, (CAPS >> 16) & 0xff, (CAPS >> 24) & 0xff]),
    Buffer.from([0, 0, 0, 1]), // max packet 16 MiB
    Buffer.from([0x21]), // utf8_general_ci
    Buffer.alloc(23),
    Buffer.from(`${user}\0`, 'utf8'),
    Buffer.from([0]), // auth response: empty
    Buffer.from('mysql_native_password\0', 'latin1'),
  ]);
  return packet(1, body);
}

function packet(seq: number, body: Buffer): Buffer {
  const h = Buffer.alloc(4);
  h.writeUIntLE(body.length, 0, 3);
  h[3] = seq;
  return Buffer.concat([h, body]);
}

export type LoginResult = { ok: true; proof: { request: string; response: string } } | { ok: false; reason: string };

/** Logs in as `user` with an empty password and quits at once. */
export async function tryEmptyPassword(c: Conn, user: string, timeoutMs: number): Promise<LoginResult> {
  if (!(await c.until((d) => mysqlPackets(d).length >= 1, timeoutMs))) return { ok: false, reason: 'no greeting' };
  const greetingLen = c.data.length;
  c.write(handshakeResponse(user));
  const after = () => mysqlPackets(c.data.subarray(greetingLen));
  await c.until(() => after().length >= 1, timeoutMs);
  let reply = after()[0];
  if (reply && reply.payload[0] === 0xfe && reply.payload.length > 1) {
    // AuthSwitchRequest: answer the named plugin with the empty password (no data).
    c.write(packet(reply.seq + 1, Buffer.alloc(0)));
    await c.until(() => after().length >= 2, timeoutMs);
    reply = after()[1];
  }
  if (!reply) return { ok: false, reason: 'no answer to the login' };
  if (reply.payload[0] === 0x00) {
    c.write(packet(0, Buffer.from([0x01]))); // COM_QUIT
    return { ok: true, proof: { request: `HandshakeResponse41 user=${user} auth-response="" (empty password) plugin=mysql_native_password`, response: `OK packet ${printable(reply.payload, 80)}` } };
  }
  if (reply.payload[0] === 0xff) return { ok: false, reason: reply.payload.subarray(3).toString('utf8').replace(/^#\w{5}/, '').slice(0, 200) };
  return { ok: false, reason: `login not completed (packet 0x${reply.payload[0]?.toString(16) ?? '??'})` };
}

export const mysql: Protocol = {
  id: 'mysql',
  ports: [3306, 3307, 33060],
  matchBanner: parseGreeting,
};

export async function probeMysqlLogin(ctx: ProbeContext, user: string): Promise<LoginResult> {
  const c = await ctx.open();
  try {
    return await tryEmptyPassword(c, user, ctx.timeoutMs);
  } finally {
    c.close();
  }
}
