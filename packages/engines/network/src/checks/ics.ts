/**
 * The ics platform's checks: device identities read with the control
 * protocols' own identity requests, Modbus/TCP exposure and the holding
 * register read that proves the writable area is reachable (read-only).
 */
import type { Evidence } from '@citadel/contracts';
import { readHoldingRegister } from '../protocols/modbus/index.ts';
import { type CheckArgs, type FoundService, describe, where } from './types.ts';
import { vulnCheck } from './vuln.ts';

const id = (key: string) => `ics.${key}`;
const ev = (s: FoundService, detail: string, proof = s.info.proof): Evidence => ({ file: where(s), className: s.info.service, detail, ...(proof ? { request: proof.request, response: proof.response } : {}) });

/** Control protocols this engine identifies. */
export const ICS_SERVICES = new Set(['modbus', 'enip', 'bacnet', 's7comm', 'iec104', 'dnp3', 'fox', 'fins', 'opcua']);
/** Services whose identity is shown for a device although they are no control protocol (SNMP's system group). */
const IDENTITY_SERVICES = new Set([...ICS_SERVICES, 'snmp']);

/** exposed-item key → service and what the service answered without any authentication. */
const EXPOSED: [string, string, string][] = [
  ['bacnet.exposed', 'bacnet', 'BACnet/IP answered Who-Is and ReadProperty of the device object'],
  ['s7comm.exposed', 's7comm', 'S7comm accepted a COTP connection and Setup Communication and answered an SZL read'],
  ['iec104.exposed', 'iec104', 'IEC 60870-5-104 confirmed STARTDT and TESTFR'],
  ['dnp3.exposed', 'dnp3', 'DNP3 answered a link-status request'],
  ['fox.exposed', 'fox', 'Niagara Fox answered the fox hello'],
  ['fins.exposed', 'fins', 'OMRON FINS answered Controller Data Read (0x0501)'],
  ['opcua.anonymous', 'opcua', 'OPC UA offers an endpoint that accepts the Anonymous user token'],
];

const identityText = (s: FoundService) =>
  Object.entries(s.info.extra ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

export async function icsChecks({ b, services, vulnData, signal }: CheckArgs): Promise<void> {
  const ics = services.filter((s) => ICS_SERVICES.has(s.info.service));
  await b.check(id('device.identity'), () => {
    for (const s of services.filter((x) => IDENTITY_SERVICES.has(x.info.service))) b.problem(id('device.identity'), ev(s, `${describe(s)}: ${identityText(s)}`));
  });
  const modbus = ics.filter((s) => s.info.service === 'modbus');
  await b.check(id('modbus.exposed'), () => {
    for (const s of modbus) b.finding(id('modbus.exposed'), ev(s, `Modbus/TCP answered without any authentication (${identityText(s)})`));
  });
  await b.check(id('modbus.holding_registers_readable'), async () => {
    for (const s of modbus) {
      const unit = Number(s.info.extra?.unit_id ?? 1);
      const r = await readHoldingRegister(s.ctx, unit);
      if (r.ok) b.finding(id('modbus.holding_registers_readable'), ev(s, `holding register 0 of unit ${unit} read without authorisation (value ${r.values.join(', ')}); nothing was written`, r.proof));
    }
  });
  await b.check(id('enip.exposed'), () => {
    for (const s of ics.filter((x) => x.info.service === 'enip')) b.finding(id('enip.exposed'), ev(s, `EtherNet/IP answered ListIdentity without any session or authentication (${identityText(s)})`));
  });
  for (const [key, service, what] of EXPOSED) {
    await b.check(id(key), () => {
      // OPC UA has access control of its own: only endpoints that waive it (Anonymous) are a finding.
      for (const s of ics.filter((x) => x.info.service === service && (service !== 'opcua' || x.info.access === 'open'))) b.finding(id(key), ev(s, `${what} (${identityText(s)})`));
    });
  }
  await vulnCheck(b, id('device.known_cve'), ics, vulnData, signal);
}
