/**
 * SNMPv3 engine discovery (RFC 3414 §4): a GetRequest with no variable
 * bindings, user "", noAuthNoPriv, the reportable flag, and an empty
 * authoritative engine ID. The agent answers with a Report (usmStatsUnknown-
 * EngineIDs, 1.3.6.1.6.3.15.1.1.4.0) whose USM security parameters carry its
 * snmpEngineID, snmpEngineBoots and snmpEngineTime — without any credential.
 * The engine ID's first four bytes name the vendor by its IANA enterprise
 * number (RFC 3411 SnmpEngineID). Nothing is read from the MIB, nothing set.
 */
import { randomInt } from 'node:crypto';
import type { UdpContext } from '../../scan/udp.ts';
import { hex } from '../render.ts';
import { BerError, children, decodeOid, int, octets, readInt, readTlv, readUnsigned, seq, tlv } from './ber.ts';
import { ENTERPRISES } from './enterprises.ts';

const GET_REQUEST = 0xa0;
const REPORT = 0xa8;
/** usmStats counters (RFC 3414 §5, SNMP-USER-BASED-SM-MIB). */
const USM_STATS: Record<string, string> = {
  '1.3.6.1.6.3.15.1.1.1.0': 'usmStatsUnsupportedSecLevels',
  '1.3.6.1.6.3.15.1.1.2.0': 'usmStatsNotInTimeWindows',
  '1.3.6.1.6.3.15.1.1.3.0': 'usmStatsUnknownUserNames',
  '1.3.6.1.6.3.15.1.1.4.0': 'usmStatsUnknownEngineIDs',
  '1.3.6.1.6.3.15.1.1.5.0': 'usmStatsWrongDigests',
  '1.3.6.1.6.3.15.1.1.6.0': 'usmStatsDecryptionErrors',
};

export function discoveryRequest(msgId: number, requestId: number): Buffer {
  const usm = seq(octets(Buffer.alloc(0)), int(0), int(0), octets(''), octets(''), octets(''));
  const pdu = tlv(GET_REQUEST, Buffer.concat([int(requestId), int(0), int(0), seq()]));
  return seq(int(3), seq(int(msgId), int(65507), octets(Buffer.from([0x04])), int(3)), octets(usm), seq(octets(Buffer.alloc(0)), octets(''), pdu));
}

export interface EngineInfo {
  msgId: number;
  engineId: Buffer;
  boots: number;
  time: number;
  /** The report's counter (usmStatsUnknownEngineIDs for a discovery). */
  report?: string;
}

/** Reads a v3 Report; throws BerError on anything malformed. */
export function parseReport(d: Buffer): EngineInfo {
  const msg = readTlv(d, 0);
  if (msg.tag !== 0x30) throw new BerError('not an SNMP message');
  const [v, global, secParams, data] = children(msg);
  if (!v || !global || !secParams || !data) throw new BerError('SNMPv3 message without its four parts');
  if (readInt(v) !== 3) throw new BerError('not SNMPv3');
  const [msgId] = children(global, 1);
  if (!msgId || secParams.tag !== 0x04) throw new BerError('malformed header');
  const usm = readTlv(secParams.value, 0);
  const [engineId, boots, time] = children(usm, 1);
  if (!engineId || engineId.tag !== 0x04 || !boots || !time) throw new BerError('malformed USM parameters');
  if (data.tag !== 0x30) throw new BerError('encrypted or malformed scoped PDU');
  const [, , pdu] = children(data, 1);
  if (!pdu || pdu.tag !== REPORT) throw new BerError(`PDU type 0x${pdu?.tag.toString(16)} is not a Report`);
  const [, , , vbs] = children(pdu, 2);
  const first = vbs ? children(vbs, 3)[0] : undefined;
  const name = first ? children(first, 4)[0] : undefined;
  const o = name && name.tag === 0x06 ? decodeOid(name.value) : undefined;
  return { msgId: readInt(msgId), engineId: Buffer.from(engineId.value), boots: Number(readUnsigned(boots.value)), time: Number(readUnsigned(time.value)), ...(o ? { report: USM_STATS[o] ?? o } : {}) };
}

/** The engine ID in words (RFC 3411 SnmpEngineID): vendor by enterprise number, the format of the rest. */
export function describeEngineId(id: Buffer): { enterprise?: number; vendor?: string; detail: string } {
  if (id.length < 5 || !(id[0]! & 0x80)) {
    // Pre-RFC 3411 (SNMPv2 era) format: 12 bytes, enterprise number in the first four with the high bit clear.
    const e = id.length >= 4 ? id.readUInt32BE(0) : undefined;
    return { ...(e !== undefined ? { enterprise: e } : {}), ...(e !== undefined && ENTERPRISES[e] ? { vendor: ENTERPRISES[e] } : {}), detail: 'pre-RFC 3411 format' };
  }
  const enterprise = id.readUInt32BE(0) & 0x7fffffff;
  const rest = id.subarray(5);
  const format = id[4]!;
  const detail =
    format === 1 && rest.length === 4
      ? `IPv4 ${[...rest].join('.')}`
      : format === 3 && rest.length === 6
        ? `MAC ${[...rest].map((x) => x.toString(16).padStart(2, '0')).join(':')}`
        : format === 4
          ? `text "${rest.toString('latin1').replace(/[^\x20-\x7e]/g, '?').slice(0, 27)}"`
          : format === 2 && rest.length === 16
            ? 'IPv6 address'
            : format >= 128
              ? 'enterprise-specific'
              : `format ${format}`;
  return { enterprise, ...(ENTERPRISES[enterprise] ? { vendor: ENTERPRISES[enterprise] } : {}), detail };
}

/** Engine discovery: the Report's engine facts, or undefined when the agent does not speak SNMPv3. */
export async function discoverEngine(ctx: UdpContext): Promise<{ info: EngineInfo; request: Buffer; answer: Buffer } | undefined> {
  const msgId = randomInt(1, 0x7fffffff);
  const request = discoveryRequest(msgId, randomInt(1, 0x7fffffff));
  const answer = await ctx.exchange(request);
  if (!answer) return undefined;
  try {
    const info = parseReport(answer);
    return info.msgId === msgId && info.engineId.length > 0 ? { info, request, answer } : undefined;
  } catch (e) {
    if (e instanceof BerError) return undefined;
    throw e;
  }
}

export const engineProof = (request: Buffer) => `SNMPv3 GetRequest (engine discovery: user "", noAuthNoPriv, reportable, no variables): ${hex(request, 96)}`;
