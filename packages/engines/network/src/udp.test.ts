/**
 * UDP protocols: SNMP against Debian's Net-SNMP agent (skipped when snmpd is
 * not installed), DNS and BACnet/IP against responders written from their
 * specifications (testing/udp-responders.ts); plus the BER, DNS and BACnet
 * readers against hostile datagrams.
 */
import type { Assessment } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { apduOf, parseIAm, parseReadPropertyAck, readProperty } from './protocols/bacnet/index.ts';
import { parseAnswer } from './protocols/dns/index.ts';
import { children, readTlv } from './protocols/snmp/ber.ts';
import { getRequest, parseResponse } from './protocols/snmp/index.ts';
import { describeEngineId, discoveryRequest, parseReport } from './protocols/snmp/v3.ts';
import { LOOPBACK_PARAMS } from './testing/services.ts';
import { type Snmpd, snmpdMissing, startSnmpd } from './testing/snmpd.ts';
import { BACNET_DEVICE, DNS_VERSION, bacnetServices, startBacnetResponder, startDnsResponder } from './testing/udp-responders.ts';

type Port = { port: number; transport?: string; service: string; product?: string; version?: string; access?: string; extra?: Record<string, string> };
const udpPort = (a: Assessment) => (a.target.hosts as { ports: Port[] }[])[0]!.ports.find((p) => p.transport === 'udp');
const result = (a: Assessment, id: string) => a.findings.find((f) => f.ruleId === id)!;
// No TCP port of interest: a closed one keeps the TCP scan trivial.
const scan = (platform: 'network' | 'ics', udpPort: number) => engine.run({ files: [], url: '127.0.0.1' }, { platform, params: { ...LOOPBACK_PARAMS, ports: '1', udpPorts: String(udpPort), udpTimeoutMs: '600' } }, {});

const missing = snmpdMissing();
describe.skipIf(missing !== undefined)(`SNMP against Net-SNMP's snmpd${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let agent: Snmpd;
  let a: Assessment;
  beforeAll(async () => {
    agent = await startSnmpd();
    a = await scan('network', agent.port);
  }, 20_000);
  afterAll(() => agent?.stop());

  it('reads the system group with community public and flags it; private is refused', () => {
    const p = udpPort(a)!;
    expect(p).toMatchObject({ port: agent.port, service: 'snmp', product: 'Net-SNMP', access: 'open', extra: { communities: 'public (v2c)', sysName: 'citadel-snmp-test', sysLocation: 'Citadel test rack' } });
    expect(p.extra!.sysDescr).toMatch(/^Linux /);
    const f = result(a, 'network.access.snmp_default_community');
    expect(f.result).toBe('fail');
    expect(f.evidence[0]!.file).toBe(`127.0.0.1:${agent.port}/udp`);
    expect(f.evidence[0]!.request).toMatch(/GetRequest v2c community "public": 30 /);
    expect(f.evidence[0]!.response).toMatch(/1\.3\.6\.1\.2\.1\.1\.5\.0 = citadel-snmp-test/);
  });

  it('discovers the SNMPv3 engine without credentials: Net-SNMP engine ID (enterprise 8072), boots and time', () => {
    const p = udpPort(a)!;
    expect(p.extra!.snmpv3_engine_id).toMatch(/^80001f88/);
    expect(p.extra).toMatchObject({ vendor: 'Net-SNMP' });
    expect(p.extra!.snmpv3_engine).toMatch(/^enterprise 8072 \(Net-SNMP\), /);
    expect(Number(p.extra!.snmpv3_engine_boots)).toBeGreaterThanOrEqual(1);
    expect(p.extra!.snmpv3_engine_time).toMatch(/^\d+$/);
    const f = result(a, 'network.access.snmp_default_community');
    expect(f.evidence[0]!.response).toMatch(/Report usmStatsUnknownEngineIDs: engine ID 80001f88/);
  });

  it('finds an agent that speaks only SNMPv3 (no community) by engine discovery, and does not flag it', async () => {
    const v3 = await startSnmpd({ v3Only: true });
    try {
      const b = await scan('network', v3.port);
      const p = udpPort(b)!;
      expect(p).toMatchObject({ service: 'snmp', product: 'Net-SNMP', access: 'auth_required', extra: { vendor: 'Net-SNMP' } });
      expect(p.extra!.communities).toBeUndefined();
      expect(result(b, 'network.access.snmp_default_community').result).toBe('pass');
    } finally {
      v3.stop();
    }
  }, 20_000);
});

describe('SNMPv3 engine discovery messages', () => {
  it('asks with a GetRequest of no variables as user "" (noAuthNoPriv, reportable), and reads hostile reports without throwing', () => {
    const req = discoveryRequest(7, 9);
    const [version, global, usm, scoped] = children(readTlv(req, 0));
    expect(readTlv(req, 0).end).toBe(req.length);
    expect(version!.value[0]).toBe(3);
    expect(children(global!)[2]!.value).toEqual(Buffer.from([0x04])); // reportable, no auth, no priv
    expect(children(readTlv(usm!.value, 0))[3]!.value.length).toBe(0); // user name ""
    const pdu = children(scoped!)[2]!;
    expect(pdu.tag).toBe(0xa0); // GetRequest, never SetRequest (0xa3)
    expect(children(pdu)[3]!.value.length).toBe(0); // no variable bindings
    expect(describeEngineId(Buffer.from('8000000903000c0a0b0c0d', 'hex'))).toEqual({ enterprise: 9, vendor: 'Cisco', detail: 'MAC 00:0c:0a:0b:0c:0d' });
    for (let i = 0; i < 300; i++) {
      const junk = Buffer.concat([req.subarray(0, (i * 7) % req.length), Buffer.from(Array.from({ length: i % 40 }, (_, k) => (k * 31 + i) & 0xff))]);
      try {
        parseReport(junk);
      } catch (e) {
        expect((e as Error).constructor.name).toBe('BerError');
      }
    }
  });
});

describe('DNS against a responder written from RFC 1035', () => {
  it('reads version.bind and flags open recursion', async () => {
    const r = await startDnsResponder({ recursive: true });
    try {
      const a = await scan('network', r.port);
      expect(udpPort(a)).toMatchObject({ service: 'dns', product: 'bind', version: '9.18.24', extra: { version_bind: DNS_VERSION } });
      expect(result(a, 'network.service.dns_open_recursion').result).toBe('fail');
    } finally {
      await r.stop();
    }
  });

  it('passes a server that refuses recursion', async () => {
    const r = await startDnsResponder({ recursive: false });
    try {
      const a = await scan('network', r.port);
      expect(udpPort(a)!.extra!.recursion).toMatch(/^refused \(rcode 5/);
      expect(result(a, 'network.service.dns_open_recursion').result).toBe('pass');
    } finally {
      await r.stop();
    }
  });
});

describe('BACnet/IP against a device responder written from ANSI/ASHRAE 135', () => {
  it('reads the device identity with Who-Is and ReadProperty only, and flags the exposure', async () => {
    const r = await startBacnetResponder();
    try {
      const a = await scan('ics', r.port);
      expect(udpPort(a)).toMatchObject({ service: 'bacnet', product: 'NAE5510', version: '9.0.2', extra: { vendor: 'Johnson Controls', device_instance: String(BACNET_DEVICE.instance), vendor_id: '5', object_name: 'AHU-3 Controller' } });
      expect(result(a, 'ics.bacnet.exposed').result).toBe('fail');
      expect(result(a, 'ics.device.identity').result).toBe('find_problem');
      // Who-Is (unconfirmed 8) and ReadProperty (confirmed 12) only: no WriteProperty (15) or anything else.
      expect(new Set(bacnetServices(r))).toEqual(new Set(['U8', 'C12']));
    } finally {
      await r.stop();
    }
  });

  it('is not probed on the network platform (a control protocol gets no datagram there)', async () => {
    const r = await startBacnetResponder();
    try {
      await scan('network', r.port);
      // Other protocols' datagrams may arrive on an unregistered port; no BACnet (BVLC 0x81) one does.
      expect(r.received.filter((m) => m[0] === 0x81)).toEqual([]);
    } finally {
      await r.stop();
    }
  });
});

describe('UDP readers on hostile datagrams', () => {
  it('refuse malformed input with an error or undefined, never a crash', () => {
    const junk = (i: number, n: number) => Buffer.from(Array.from({ length: n }, (_, j) => (i * 37 + j * 11) & 0xff));
    for (let i = 0; i < 400; i++) {
      const d = junk(i, 1 + (i % 90));
      try {
        parseResponse(Buffer.concat([Buffer.from([0x30, d.length]), d]));
      } catch (e) {
        expect((e as Error).name).toBe('Error');
      }
      try {
        parseAnswer(Buffer.concat([Buffer.from([0, 1, 0x81, 0x80]), d]));
      } catch (e) {
        expect((e as Error).message.length).toBeGreaterThan(0);
      }
      const apdu = apduOf(Buffer.concat([Buffer.from([0x81, 0x0a, 0, d.length + 4]), d]));
      if (apdu) {
        expect(() => parseIAm(apdu)).not.toThrow();
        expect(() => parseReadPropertyAck(apdu, 1)).not.toThrow();
      }
    }
    // A length that claims more than the datagram holds.
    expect(() => parseResponse(Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff]))).toThrow(/length/);
    // A DNS name made of compression pointers.
    expect(() => parseAnswer(Buffer.from([0, 1, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0, 0x3f]))).toThrow();
  });

  it('builds only GetRequest and ReadProperty', () => {
    expect(getRequest(1, 'public', 7, ['1.3.6.1.2.1.1.1.0']).includes(Buffer.from([0xa0]))).toBe(true);
    expect(readProperty(3, 1, 77).subarray(6, 12)).toEqual(Buffer.from([0x00, 0x05, 0x03, 0x0c, 0x0c, 0x02]));
  });
});
