/**
 * SNMP v1 (RFC 1157) and v2c (RFC 1901/3416): a GetRequest for the system
 * group (RFC 3418: sysDescr, sysObjectID, sysName, sysLocation) with the
 * well-known communities "public" and "private". An agent answers only a
 * community it accepts (a wrong one is dropped silently, RFC 1157 §4.1), so
 * any Response proves read access with that community. Only GetRequest is
 * ever sent, never SetRequest. Beside them, SNMPv3 engine discovery (v3.ts).
 */
import { randomInt } from 'node:crypto';
import type { UdpContext } from '../../scan/udp.ts';
import { hex } from '../render.ts';
import type { ServiceInfo } from '../types.ts';
import { BerError, children, decodeOid, int, nul, octets, oid, readInt, readTlv, readUnsigned, seq, tlv } from './ber.ts';
import { type EngineInfo, describeEngineId, discoverEngine, engineProof } from './v3.ts';

export const SYSTEM_OIDS = { sysDescr: '1.3.6.1.2.1.1.1.0', sysObjectID: '1.3.6.1.2.1.1.2.0', sysName: '1.3.6.1.2.1.1.5.0', sysLocation: '1.3.6.1.2.1.1.6.0' } as const;
export const COMMUNITIES = ['public', 'private'] as const;
const GET_REQUEST = 0xa0;
const RESPONSE = 0xa2;

export function getRequest(version: 0 | 1, community: string, requestId: number, oids: readonly string[]): Buffer {
  return seq(int(version), octets(community), tlv(GET_REQUEST, Buffer.concat([int(requestId), int(0), int(0), seq(...oids.map((o) => seq(oid(o), nul())))])));
}

export interface SnmpResponse {
  version: number;
  community: string;
  requestId: number;
  errorStatus: number;
  bindings: { oid: string; value: string | undefined }[];
}

/** Reads a Response PDU; throws BerError on anything malformed. */
export function parseResponse(d: Buffer): SnmpResponse {
  const msg = readTlv(d, 0);
  if (msg.tag !== 0x30) throw new BerError('not an SNMP message');
  const [v, c, pdu] = children(msg);
  if (!v || !c || !pdu) throw new BerError('SNMP message without version, community and PDU');
  if (c.tag !== 0x04) throw new BerError('community is not an OCTET STRING');
  if (pdu.tag !== RESPONSE) throw new BerError(`PDU type 0x${pdu.tag.toString(16)} is not a Response`);
  const [rid, es, , vbs] = children(pdu, 1);
  if (!rid || !es || !vbs || vbs.tag !== 0x30) throw new BerError('Response PDU incomplete');
  const bindings = children(vbs, 2).map((vb) => {
    const [name, value] = children(vb, 3);
    if (!name || name.tag !== 0x06 || !value) throw new BerError('variable binding malformed');
    return { oid: decodeOid(name.value), value: valueText(value.tag, value.value) };
  });
  return { version: readInt(v), community: c.value.toString('latin1'), requestId: readInt(rid), errorStatus: readInt(es), bindings };
}

function valueText(tag: number, v: Buffer): string | undefined {
  switch (tag) {
    case 0x04:
      return v.toString('utf8').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '').slice(0, 500);
    case 0x06:
      return decodeOid(v);
    case 0x02:
    case 0x41:
    case 0x42:
    case 0x43:
    case 0x46:
      return String(readUnsigned(v));
    case 0x40:
      return v.length === 4 ? [...v].join('.') : undefined;
    default:
      return undefined; // NULL, noSuchObject (0x80), noSuchInstance (0x81), endOfMibView (0x82)
  }
}

export interface CommunityResult {
  community: string;
  version: 'v1' | 'v2c';
  response: SnmpResponse;
  request: Buffer;
  answer: Buffer;
}

/**
 * Tries each community with v2c and v1 (agents that only speak v1 drop v2c messages), all at once:
 * an agent drops what it does not accept silently, so each try costs a full timeout, and four in a
 * row made an agent without a default community take four timeouts. v2c is kept when both answer.
 */
export async function tryCommunities(ctx: UdpContext, communities: readonly string[] = COMMUNITIES): Promise<CommunityResult[]> {
  const one = async (community: string, version: 0 | 1): Promise<CommunityResult | undefined> => {
    const id = randomInt(1, 0x7fffffff);
    const request = getRequest(version, community, id, Object.values(SYSTEM_OIDS));
    const answer = await ctx.exchange(request);
    if (!answer) return undefined;
    let response: SnmpResponse;
    try {
      response = parseResponse(answer);
    } catch (e) {
      if (e instanceof BerError) return undefined;
      throw e;
    }
    return response.requestId === id ? { community, version: version === 1 ? 'v2c' : 'v1', response, request, answer } : undefined;
  };
  const tries = await Promise.all(communities.map(async (c) => (await Promise.all([one(c, 1), one(c, 0)])).find((r) => r !== undefined)));
  return tries.filter((r): r is CommunityResult => r !== undefined);
}

export async function probeSnmp(ctx: UdpContext): Promise<ServiceInfo | undefined> {
  // SNMPv3 engine discovery beside the communities (each exchange has its own socket): an agent
  // that speaks only v3 is found too, and its engine ID names the vendor without any credential.
  const [found, v3] = await Promise.all([tryCommunities(ctx), discoverEngine(ctx)]);
  const engine = v3 ? engineExtra(v3.info) : undefined;
  const v3Proof = v3 ? { request: engineProof(v3.request), response: `Report ${v3.info.report ?? ''}: engine ID ${v3.info.engineId.toString('hex')}, boots ${v3.info.boots}, time ${v3.info.time} s` } : undefined;
  if (found.length === 0) {
    if (!v3 || !engine) return undefined;
    return { service: 'snmp', ...(engine.product ? { product: engine.product } : {}), extra: engine.extra, access: 'auth_required', proof: v3Proof! };
  }
  const first = found[0]!;
  const v = (o: string) => first.response.bindings.find((b) => b.oid === o)?.value;
  const descr = v(SYSTEM_OIDS.sysDescr);
  const extra: Record<string, string> = { communities: found.map((f) => `${f.community} (${f.version})`).join(', ') };
  if (descr) extra.sysDescr = descr;
  for (const k of ['sysObjectID', 'sysName', 'sysLocation'] as const) {
    const x = v(SYSTEM_OIDS[k]);
    if (x) extra[k] = x;
  }
  // Net-SNMP's own agent names itself in sysObjectID (enterprise 8072, NET-SNMP-TC netSnmpAgentOIDs).
  const netSnmp = extra.sysObjectID?.startsWith('1.3.6.1.4.1.8072.');
  Object.assign(extra, engine?.extra ?? {});
  const product = netSnmp ? 'Net-SNMP' : engine?.product;
  return {
    service: 'snmp',
    ...(product ? { product } : {}),
    extra,
    access: 'open',
    proof: {
      request: [...found.map((f) => `GetRequest ${f.version} community "${f.community}": ${hex(f.request, 96)}`), ...(v3Proof ? [v3Proof.request] : [])].join('\n'),
      response: [...found.map((f) => `Response: ${f.response.bindings.map((b) => `${b.oid} = ${b.value ?? '(none)'}`).join('; ')}`), ...(v3Proof ? [v3Proof.response] : [])].join('\n'),
    },
  };
}

/** What the engine discovery tells: the engine ID and its vendor, boots and time since the last boot. */
function engineExtra(info: EngineInfo): { extra: Record<string, string>; product?: string } {
  const d = describeEngineId(info.engineId);
  return {
    extra: {
      snmpv3_engine_id: info.engineId.toString('hex').slice(0, 64),
      snmpv3_engine: `${d.enterprise !== undefined ? `enterprise ${d.enterprise}${d.vendor ? ` (${d.vendor})` : ''}, ` : ''}${d.detail}`,
      snmpv3_engine_boots: String(info.boots),
      snmpv3_engine_time: String(info.time),
      ...(d.vendor ? { vendor: d.vendor } : {}),
    },
    // Net-SNMP's engine IDs carry its own enterprise number: the agent is then known even without a community.
    ...(d.enterprise === 8072 ? { product: 'Net-SNMP' } : {}),
  };
}
