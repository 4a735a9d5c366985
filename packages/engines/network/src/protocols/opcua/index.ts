/**
 * OPC UA discovery over opc.tcp (OPC 10000-6 §7.1 UA Connection Protocol,
 * §6.7 secure channel, OPC 10000-4 §5.4.4 GetEndpoints): Hello →
 * Acknowledge, OpenSecureChannel with SecurityPolicy None (what every
 * server allows for discovery), GetEndpoints, CloseSecureChannel. The
 * endpoints tell the security modes and policies and the user token types,
 * including Anonymous. No session is created, nothing is read or written
 * in the address space. Written here because node-opcua (a full stack of
 * several MB) is not needed for four discovery messages.
 */
import { hex } from '../render.ts';
import type { Conn } from '../../scan/conn.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';
import { Reader, UaError, Writer } from './binary.ts';
import { SESSION_IDS, activateSessionAnonymous, closeSession, createSession, parseBuildInfo, parseCreateSession, readBuildInfo, serviceResult, statusName } from './session.ts';

const POLICY_NONE = 'http://opcfoundation.org/UA/SecurityPolicy#None';
const MAX_MESSAGE = 1 << 20;
/** Binary encoding ids (OPC 10000-6 NodeIds.csv). */
const ID = { OpenSecureChannelRequest: 446, OpenSecureChannelResponse: 449, GetEndpointsRequest: 428, GetEndpointsResponse: 431, CloseSecureChannelRequest: 452 } as const;
const MODES: Record<number, string> = { 1: 'None', 2: 'Sign', 3: 'SignAndEncrypt' };
const TOKENS: Record<number, string> = { 0: 'Anonymous', 1: 'UserName', 2: 'Certificate', 3: 'IssuedToken' };

function frame(type: string, body: Buffer): Buffer {
  const h = Buffer.alloc(8);
  h.write(`${type}F`, 0, 'latin1');
  h.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([h, body]);
}

export function hello(url: string): Buffer {
  return frame('HEL', new Writer().u32(0).u32(65536).u32(65536).u32(0).u32(0).str(url).done());
}

const requestHeader = (w: Writer, handle: number) => w.u8(0).u8(0).i64(BigInt(Date.now()) * 10_000n + 116_444_736_000_000_000n).u32(handle).u32(0).str(null).u32(5000).u8(0).u8(0).u8(0);

export function openSecureChannel(): Buffer {
  const w = new Writer().u32(0).str(POLICY_NONE).str(null).str(null).u32(1).u32(1).nodeId(ID.OpenSecureChannelRequest);
  requestHeader(w, 1);
  return frame('OPN', w.u32(0).u32(0).u32(1).str('').u32(600_000).done());
}

export function getEndpoints(channel: number, token: number, url: string): Buffer {
  const w = new Writer().u32(channel).u32(token).u32(2).u32(2).nodeId(ID.GetEndpointsRequest);
  requestHeader(w, 2);
  return frame('MSG', w.str(url).i32(-1).i32(-1).done());
}

/** `seq`: the next sequence number on the channel (3 after discovery only, 7 after a session). */
export function closeSecureChannel(channel: number, token: number, seq = 3): Buffer {
  const w = new Writer().u32(channel).u32(token).u32(seq).u32(seq).nodeId(ID.CloseSecureChannelRequest);
  requestHeader(w, seq);
  return frame('CLO', w.done());
}

/** One whole message from the front of `d`: type and body after the 8-byte header. */
export function readMessage(d: Buffer): { type: string; body: Buffer; length: number } | 'incomplete' | 'invalid' {
  if (d.length < 8) return 'incomplete';
  const type = d.toString('latin1', 0, 3);
  if (!['ACK', 'ERR', 'OPN', 'MSG', 'CLO'].includes(type) || d[3] !== 0x46) return 'invalid';
  const len = d.readUInt32LE(4);
  if (len < 8 || len > MAX_MESSAGE) return 'invalid';
  if (d.length < len) return 'incomplete';
  return { type, body: d.subarray(8, len), length: len };
}

export interface Endpoint {
  url: string;
  mode: string;
  policy: string;
  tokens: string[];
  /** The policyId of the Anonymous token (ActivateSession must name it). */
  anonymousPolicyId?: string | null;
  applicationName?: string;
  productUri?: string;
}

export function parseOpenResponse(body: Buffer): { channel: number; token: number } {
  const r = new Reader(body);
  r.u32();
  r.str();
  r.byteString();
  r.byteString();
  r.skip(8);
  if (r.nodeId() !== ID.OpenSecureChannelResponse) throw new UaError('not an OpenSecureChannelResponse');
  const result = r.responseHeader();
  if (result !== 0) throw new UaError(`OpenSecureChannel failed: 0x${result.toString(16)}`);
  r.u32();
  return { channel: r.u32(), token: r.u32() };
}

export function parseEndpoints(body: Buffer): Endpoint[] {
  const r = new Reader(body, 16);
  if (r.nodeId() !== ID.GetEndpointsResponse) throw new UaError('not a GetEndpointsResponse');
  const result = r.responseHeader();
  if (result !== 0) throw new UaError(`GetEndpoints failed: 0x${result.toString(16)}`);
  return r.array(() => {
    const url = r.str() ?? '';
    r.str();
    const productUri = r.str() ?? undefined;
    const applicationName = r.localizedText();
    r.u32();
    r.str();
    r.str();
    r.array(() => r.str());
    r.byteString();
    const mode = MODES[r.u32()] ?? 'Invalid';
    const policy = (r.str() ?? '').replace(/^.*#/, '');
    let anonymousPolicyId: string | null | undefined;
    const tokens = r.array(() => {
      const policyId = r.str();
      const t = r.u32();
      r.str();
      r.str();
      r.str();
      if (t === 0 && anonymousPolicyId === undefined) anonymousPolicyId = policyId;
      return TOKENS[t] ?? `type ${t}`;
    });
    r.str();
    r.u8();
    return { url, mode, policy, tokens, ...(anonymousPolicyId !== undefined ? { anonymousPolicyId } : {}), ...(applicationName ? { applicationName } : {}), ...(productUri ? { productUri } : {}) };
  });
}

async function next(c: Conn, from: number, timeoutMs: number): Promise<ReturnType<typeof readMessage>> {
  await c.until((d) => readMessage(d.subarray(from)) !== 'incomplete', timeoutMs);
  return readMessage(c.data.subarray(from));
}

interface SessionResult {
  /** The channel's next sequence number. */
  nextSeq: number;
  activated: boolean;
  result: string;
  build: Record<string, string>;
  steps: string[];
  answers: string[];
}

/** CreateSession → ActivateSession (anonymous) → Read BuildInfo → CloseSession, on the open None channel. */
async function anonymousSession(c: Conn, from: number, channel: number, token: number, url: string, policyId: string | null, timeoutMs: number): Promise<SessionResult> {
  const steps: string[] = ['CreateSession'];
  const answers: string[] = [];
  let at = from;
  let seq = 3;
  const call = async (req: Buffer) => {
    seq++;
    c.write(req);
    const m = await next(c, at, timeoutMs);
    if (typeof m === 'string' || m.type !== 'MSG') throw new UaError(m === 'incomplete' ? 'no answer' : typeof m === 'string' ? 'invalid answer' : `${m.type} answer`);
    at += m.length;
    return m.body;
  };
  try {
    const cs = parseCreateSession(await call(createSession(channel, token, 3, url)));
    if ('status' in cs) {
      answers.push(`CreateSession → ${statusName(cs.status)}`);
      return { nextSeq: seq, activated: false, result: `CreateSession ${statusName(cs.status)}`, build: {}, steps, answers };
    }
    answers.push('CreateSession → Good');
    steps.push(`ActivateSession (AnonymousIdentityToken, policy ${policyId ?? 'null'})`);
    const act = serviceResult(await call(activateSessionAnonymous(channel, token, 4, cs.authToken, policyId)));
    answers.push(`ActivateSession → ${statusName(act.status)}`);
    if (act.type !== SESSION_IDS.ActivateSessionResponse || act.status !== 0) return { nextSeq: seq, activated: false, result: statusName(act.status), build: {}, steps, answers };
    steps.push('Read Server.ServerStatus.BuildInfo');
    let build: Record<string, string> = {};
    try {
      build = parseBuildInfo(await call(readBuildInfo(channel, token, 5, cs.authToken)));
      answers.push(`Read → ${Object.entries(build).map(([k, v]) => `${k}=${v}`).join('; ') || 'no values'}`);
    } catch (e) {
      if (!(e instanceof UaError)) throw e;
      answers.push(`Read → ${e.message}`);
    }
    // Waited for: a device has few session slots, ours must be gone before the channel closes.
    steps.push('CloseSession');
    try {
      const closed = serviceResult(await call(closeSession(channel, token, 6, cs.authToken)));
      answers.push(`CloseSession → ${statusName(closed.status)}`);
    } catch (e) {
      if (!(e instanceof UaError)) throw e;
      answers.push(`CloseSession → ${e.message}`);
    }
    return { nextSeq: seq, activated: true, result: 'Good', build, steps, answers };
  } catch (e) {
    if (!(e instanceof UaError)) throw e;
    answers.push(`session: ${e.message}`);
    return { nextSeq: seq, activated: false, result: e.message, build: {}, steps, answers };
  }
}

export const opcua: Protocol = {
  id: 'opcua',
  ports: [4840, 4843],
  icsOnly: true,
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const url = `opc.tcp://${ctx.host.includes(':') ? `[${ctx.host}]` : ctx.host}:${ctx.port}`;
    const c = await ctx.open();
    try {
      c.write(hello(url));
      const ack = await next(c, 0, ctx.timeoutMs);
      if (typeof ack === 'string' || (ack.type !== 'ACK' && ack.type !== 'ERR')) return undefined;
      const base: ServiceInfo = { service: 'opcua', proof: { request: `HEL ${url}`, response: `${ack.type} ${hex(ack.body, 32)}` } };
      if (ack.type === 'ERR') return base;
      c.write(openSecureChannel());
      const opn = await next(c, ack.length, ctx.timeoutMs);
      if (typeof opn === 'string' || opn.type !== 'OPN') return { ...base, extra: { secure_channel: 'None refused' } };
      const { channel, token } = parseOpenResponse(opn.body);
      c.write(getEndpoints(channel, token, url));
      const msg = await next(c, ack.length + opn.length, ctx.timeoutMs);
      if (typeof msg === 'string' || msg.type !== 'MSG') return base;
      const eps = parseEndpoints(msg.body);
      const anonymous = eps.filter((e) => e.tokens.includes('Anonymous'));
      const name = eps.find((e) => e.applicationName)?.applicationName;
      // The proof: an anonymous session on the None endpoint (the channel we hold is None).
      const none = anonymous.find((e) => e.mode === 'None' && e.policy === 'None');
      const session = none ? await anonymousSession(c, ack.length + opn.length + msg.length, channel, token, url, none.anonymousPolicyId ?? null, ctx.timeoutMs) : undefined;
      c.write(closeSecureChannel(channel, token, session?.nextSeq ?? 3));
      const build = session?.build ?? {};
      const product = build.product_name || name;
      return {
        service: 'opcua',
        ...(product ? { product } : {}),
        ...(build.software_version ? { version: build.software_version } : {}),
        extra: {
          endpoints: eps.map((e) => `${e.mode}/${e.policy} [${e.tokens.join(', ')}]`).join('; ').slice(0, 500),
          ...(eps[0]?.productUri ? { product_uri: eps[0].productUri } : {}),
          security_none: eps.some((e) => e.mode === 'None') ? 'offered' : 'not offered',
          anonymous: anonymous.length > 0 ? anonymous.map((e) => `${e.mode}/${e.policy}`).join(', ') : 'not offered',
          ...(session ? { anonymous_session: session.activated ? 'activated' : `refused (${session.result})` } : {}),
          ...(build.manufacturer ? { vendor: build.manufacturer } : {}),
          ...(build.build_number ? { build_number: build.build_number } : {}),
          ...(build.build_date ? { build_date: build.build_date } : {}),
        },
        // Open only when a session really accepted the anonymous user; an endpoint that merely lists
        // the token without a None channel to try it on counts as offered (Sign/Encrypt need a certificate).
        access: session ? (session.activated ? 'open' : 'auth_required') : anonymous.length > 0 ? 'open' : 'auth_required',
        proof: {
          request: `HEL, OPN (SecurityPolicy None), GetEndpoints ${url}${session ? `, ${session.steps.join(', ')}` : ''}, CLO`,
          response: [...eps.map((e) => `${e.url} ${e.mode}/${e.policy} tokens ${e.tokens.join(', ')}`), ...(session?.answers ?? [])].join('\n').slice(0, 1500),
        },
      };
    } catch (e) {
      if (e instanceof UaError) return undefined;
      throw e;
    } finally {
      c.close();
    }
  },
};
