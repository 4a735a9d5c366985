/**
 * OPC UA anonymous session (OPC 10000-4 §5.6.2 CreateSession, §5.6.3
 * ActivateSession with an AnonymousIdentityToken §7.36.3, §5.10.2 Read,
 * §5.6.4 CloseSession), on the secure channel the discovery opened with
 * SecurityPolicy None. ActivateSession answering Good is the proof that the
 * server accepts anonymous users; the Read asks only for the server's
 * BuildInfo (Server.ServerStatus.BuildInfo children, OPC 10000-5 §12.4):
 * product, manufacturer, software version, build number and date. No Write,
 * no Call, no subscription: nothing on the server changes.
 */
import { randomBytes } from 'node:crypto';
import { Reader, UaError, Writer } from './binary.ts';

/** Binary encoding ids (OPC 10000-6 NodeIds.csv). */
export const SESSION_IDS = {
  CreateSessionRequest: 461,
  CreateSessionResponse: 464,
  ActivateSessionRequest: 467,
  ActivateSessionResponse: 470,
  CloseSessionRequest: 473,
  ReadRequest: 631,
  ReadResponse: 634,
  AnonymousIdentityToken: 321,
  ServiceFault: 397,
} as const;

/** Server_ServerStatus_BuildInfo_* variables (namespace 0). */
export const BUILD_INFO_NODES = { product_name: 2261, product_uri: 2262, manufacturer: 2263, software_version: 2264, build_number: 2265, build_date: 2266 } as const;

/** Status codes a report can name (OPC 10000-4 §7.39, StatusCode.csv). */
const STATUS_NAMES: Record<number, string> = {
  0x80200000: 'BadIdentityTokenInvalid',
  0x80210000: 'BadIdentityTokenRejected',
  0x801f0000: 'BadUserAccessDenied',
  0x80250000: 'BadSessionIdInvalid',
  0x80560000: 'BadTooManySessions',
  0x80130000: 'BadSecurityChecksFailed',
  0x80520000: 'BadSecurityModeRejected',
  0x80550000: 'BadSecurityPolicyRejected',
  0x80260000: 'BadSessionClosed',
  0x80270000: 'BadSessionNotActivated',
  0x80100000: 'BadServiceUnsupported',
};
export const statusName = (s: number): string => (s === 0 ? 'Good' : (STATUS_NAMES[s] ?? `0x${s.toString(16).padStart(8, '0')}`));

const frame = (body: Buffer): Buffer => {
  const h = Buffer.alloc(8);
  h.write('MSGF', 0, 'latin1');
  h.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([h, body]);
};

/** RequestHeader (Part 4 §7.32) with the session's authentication token (raw NodeId bytes; null NodeId before a session). */
function header(w: Writer, authToken: Buffer, handle: number): Writer {
  return w
    .bytes(authToken)
    .i64(BigInt(Date.now()) * 10_000n + 116_444_736_000_000_000n)
    .u32(handle)
    .u32(0)
    .str(null)
    .u32(5000)
    .u8(0)
    .u8(0)
    .u8(0);
}

const NULL_NODE = Buffer.from([0, 0]);

function message(channel: number, token: number, seq: number, typeId: number, body: (w: Writer) => Writer, authToken: Buffer = NULL_NODE): Buffer {
  const w = new Writer().u32(channel).u32(token).u32(seq).u32(seq).nodeId(typeId);
  return frame(body(header(w, authToken, seq)).done());
}

export function createSession(channel: number, token: number, seq: number, url: string): Buffer {
  return message(channel, token, seq, SESSION_IDS.CreateSessionRequest, (w) =>
    w
      // ClientDescription: applicationUri, productUri, applicationName (LocalizedText, text only), type Client, gateway, discovery profile, discovery urls.
      .str('urn:citadel:scanner')
      .str('urn:citadel')
      .u8(0x02)
      .str('Citadel read-only scanner')
      .u32(1)
      .str(null)
      .str(null)
      .i32(-1)
      .str(null) // serverUri
      .str(url) // endpointUrl
      .str('citadel-readonly-check') // sessionName
      .str32(randomBytes(32)) // clientNonce
      .str(null) // clientCertificate (policy None)
      .f64(60_000) // requestedSessionTimeout
      .u32(0),
  );
}

/** The session's authentication token (raw NodeId, echoed in every later request header). */
export function parseCreateSession(body: Buffer): { authToken: Buffer } | { status: number } {
  const r = new Reader(body, 16);
  const type = r.nodeId();
  const status = r.responseHeader();
  if (type !== SESSION_IDS.CreateSessionResponse || status !== 0) return { status: status || 0x80000000 };
  r.nodeId(); // sessionId
  const from = r.p;
  r.nodeId();
  return { authToken: Buffer.from(body.subarray(from, r.p)) };
}

export function activateSessionAnonymous(channel: number, token: number, seq: number, authToken: Buffer, policyId: string | null): Buffer {
  const identity = new Writer().str(policyId).done();
  return message(
    channel,
    token,
    seq,
    SESSION_IDS.ActivateSessionRequest,
    (w) =>
      w
        .str(null) // clientSignature.algorithm
        .str(null) // clientSignature.signature
        .i32(0) // clientSoftwareCertificates
        .i32(0) // localeIds
        .nodeId(SESSION_IDS.AnonymousIdentityToken)
        .u8(0x01)
        .str32(identity)
        .str(null) // userTokenSignature.algorithm
        .str(null), // userTokenSignature.signature
    authToken,
  );
}

/** The ServiceResult of a response (ActivateSession, CloseSession, or a ServiceFault). */
export function serviceResult(body: Buffer): { type: number | undefined; status: number } {
  const r = new Reader(body, 16);
  const type = r.nodeId();
  return { type, status: r.responseHeader() };
}

export function readBuildInfo(channel: number, token: number, seq: number, authToken: Buffer): Buffer {
  const ids = Object.values(BUILD_INFO_NODES);
  return message(
    channel,
    token,
    seq,
    SESSION_IDS.ReadRequest,
    (w) => {
      w.f64(0).u32(3).i32(ids.length); // maxAge, timestampsToReturn Neither, nodesToRead
      for (const id of ids) w.nodeId(id).u32(13).str(null).u16(0).str(null); // Value attribute, no range, default encoding
      return w;
    },
    authToken,
  );
}

/** The BuildInfo values the server returned (strings and the build date); missing or non-string values are left out. */
export function parseBuildInfo(body: Buffer): Record<string, string> {
  const r = new Reader(body, 16);
  if (r.nodeId() !== SESSION_IDS.ReadResponse) throw new UaError('not a ReadResponse');
  const status = r.responseHeader();
  if (status !== 0) throw new UaError(`Read failed: ${statusName(status)}`);
  const keys = Object.keys(BUILD_INFO_NODES);
  const out: Record<string, string> = {};
  const values = r.array(() => dataValue(r));
  values.forEach((v, i) => {
    if (v !== undefined && keys[i]) out[keys[i]!] = v.slice(0, 200);
  });
  return out;
}

/** A DataValue (Part 6 §5.2.2.17) whose Variant is a scalar String or DateTime; other types end the reading. */
function dataValue(r: Reader): string | undefined {
  const mask = r.u8();
  let value: string | undefined;
  if (mask & 0x01) {
    const enc = r.u8();
    if (enc & 0xc0) throw new UaError('array or multi-dimensional BuildInfo value');
    const type = enc & 0x3f;
    if (type === 12) value = r.str() ?? undefined;
    else if (type === 13) {
      const ticks = r.i64();
      if (ticks > 0n) {
        const d = new Date(Number((ticks - 116_444_736_000_000_000n) / 10_000n));
        if (!Number.isNaN(d.getTime())) value = d.toISOString();
      }
    } else if (type === 21) value = r.localizedText();
    else throw new UaError(`BuildInfo value of type ${type}`);
  }
  if (mask & 0x02) r.u32();
  if (mask & 0x04) r.skip(8);
  if (mask & 0x10) r.skip(2);
  if (mask & 0x08) r.skip(8);
  if (mask & 0x20) r.skip(2);
  return value;
}

export function closeSession(channel: number, token: number, seq: number, authToken: Buffer): Buffer {
  return message(channel, token, seq, SESSION_IDS.CloseSessionRequest, (w) => w.u8(1), authToken);
}
