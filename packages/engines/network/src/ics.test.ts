/**
 * The ics platform against Debian's pymodbus server on the loopback: the
 * device identity is read with 0x2B/0x0E, the exposure and the readable
 * holding registers are flagged with the exchange as evidence, and the
 * server received no write at all. Plus the read-only guard of the Modbus
 * request builder.
 */
import type { Assessment } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { READ_ONLY_FUNCTIONS, request } from './protocols/modbus/parser.ts';
import { RESPONDER_IDENTITY, startEnipResponder } from './testing/enip-responder.ts';
import { type ModbusServer, pymodbusMissing, startPymodbus } from './testing/modbus.ts';
import { LOOPBACK_PARAMS } from './testing/services.ts';

const missing = pymodbusMissing();
const finding = (a: Assessment, id: string) => a.findings.find((f) => f.ruleId === id)!;

describe.skipIf(missing !== undefined)(`ics platform against pymodbus${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let server: ModbusServer;
  let a: Assessment;
  beforeAll(async () => {
    server = await startPymodbus();
    a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'ics', params: { ...LOOPBACK_PARAMS, ports: String(server.port) } }, {});
  }, 30_000);
  afterAll(() => server?.stop());

  it('reads the device identity', () => {
    const port = (a.target.hosts as { ports: { port: number; service: string; product?: string; version?: string; extra?: Record<string, string> }[] }[])[0]!.ports[0]!;
    expect(port).toMatchObject({ port: server.port, service: 'modbus', product: 'Pymodbus Server' });
    expect(port.version).toMatch(/^\d+\.\d+/);
    expect(port.extra).toMatchObject({ vendor: 'Pymodbus', product_code: 'PM', unit_id: '1' });
    const id = finding(a, 'ics.device.identity');
    expect(id.result).toBe('find_problem');
    expect(id.evidence[0]!.request).toMatch(/0x2B\/0x0E.*2b 0e 01 00$/);
    expect(id.evidence[0]!.response).toContain('50 79 6d 6f 64 62 75 73'); // "Pymodbus"
  });

  it('flags the exposure and proves the holding registers readable by reading one', () => {
    expect(finding(a, 'ics.modbus.exposed').result).toBe('fail');
    const regs = finding(a, 'ics.modbus.holding_registers_readable');
    expect(regs.result).toBe('fail');
    expect(regs.evidence[0]!.detail).toMatch(/value 1234/);
    expect(regs.evidence[0]!.request).toMatch(/Read Holding Registers \(0x03\)/);
  });

  it('never wrote to the device', () => {
    expect(server.writes()).toEqual([]);
  });
});

describe('Modbus request builder', () => {
  it('builds only read function codes', () => {
    expect([...READ_ONLY_FUNCTIONS].sort((x, y) => x - y)).toEqual([0x01, 0x02, 0x03, 0x04, 0x11, 0x2b]);
    for (const fc of [0x05, 0x06, 0x08, 0x0f, 0x10, 0x14, 0x15, 0x16, 0x17, 0x18, 0x5a]) expect(() => request(1, 1, Buffer.from([fc, 0, 0, 0, 1])), `0x${fc.toString(16)}`).toThrow(/not a read/);
    expect(() => request(1, 1, Buffer.from([0x2b, 0x0d, 0, 0]))).toThrow(/0x0E/);
    expect(request(7, 1, Buffer.from([0x03, 0, 0, 0, 1]))).toEqual(Buffer.from([0, 7, 0, 0, 0, 6, 1, 3, 0, 0, 0, 1]));
  });
});

describe('EtherNet/IP identity against a responder written from the CIP specification', () => {
  it('reads the identity with ListIdentity, flags the exposure and opens no session', async () => {
    const r = await startEnipResponder();
    try {
      const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'ics', params: { ...LOOPBACK_PARAMS, ports: String(r.port) } }, {});
      const port = (a.target.hosts as { ports: { service: string; product?: string; version?: string; extra?: Record<string, string> }[] }[])[0]!.ports[0]!;
      expect(port).toMatchObject({ service: 'enip', product: RESPONDER_IDENTITY.name, version: '3.7' });
      expect(port.extra).toMatchObject({ vendor_id: '1', device_type: '14', product_code: '4242', serial: '0x00c1ade1' });
      const f = finding(a, 'ics.enip.exposed');
      expect(f.result).toBe('fail');
      expect(f.evidence[0]!.request).toMatch(/^ListIdentity \(0x0063\): 63 00 00 00/);
      // No session, no CIP request (RegisterSession 0x65, SendRRData 0x6F, SendUnitData 0x70); the
      // only foreign bytes are the Modbus identity probe tried first on a port that is not 44818.
      expect(r.otherCommands.filter((c) => [0x65, 0x6f, 0x70].includes(c))).toEqual([]);
    } finally {
      await r.stop();
    }
  });
});
