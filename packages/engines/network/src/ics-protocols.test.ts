/**
 * S7comm, IEC 60870-5-104, DNP3, Niagara Fox and OMRON FINS on the ics
 * platform against responders written from each protocol's specification
 * (testing/ics-responders.ts; no such servers are packaged here): the
 * identity is read, the exposure flagged with the exchange, and the
 * responder saw nothing but reads. Plus the readers on hostile bytes.
 */
import type { Assessment } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { crc, readFrames, requestLinkStatus } from './protocols/dnp3/index.ts';
import { applicationFragment, parseAttributes } from './protocols/dnp3/attributes.ts';
import { parseControllerData, readMessage } from './protocols/fins/index.ts';
import { parseFoxHello } from './protocols/fox/index.ts';
import { hasUFrame } from './protocols/iec104/index.ts';
import { parseSzl, readTpkt, s7Pdu } from './protocols/s7comm/index.ts';
import {
  DNP3_DEVICE,
  DNP3_OUTSTATION,
  FINS_CONTROLLER,
  FOX_STATION,
  S7_DEVICE,
  type TcpResponder,
  finsCommands,
  s7Jobs,
  startDnp3Responder,
  startFinsResponder,
  startFoxResponder,
  startIec104Responder,
  startS7Responder,
} from './testing/ics-responders.ts';
import { LOOPBACK_PARAMS } from './testing/services.ts';
import { OPCUA_APP, OPCUA_BUILD, startOpcuaResponder } from './testing/opcua-responder.ts';
import { parseEndpoints } from './protocols/opcua/index.ts';

type Port = { service: string; product?: string; version?: string; extra?: Record<string, string> };
const port0 = (a: Assessment) => (a.target.hosts as { ports: Port[] }[])[0]!.ports[0]!;
const result = (a: Assessment, id: string) => a.findings.find((f) => f.ruleId === id)!;

async function scanIcs<R extends { port: number; stop(): Promise<void> } = TcpResponder>(start: () => Promise<R>, check: (a: Assessment, r: R) => void): Promise<void> {
  const r = await start();
  try {
    const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'ics', params: { ...LOOPBACK_PARAMS, ports: String(r.port) } }, {});
    check(a, r);
  } finally {
    await r.stop();
  }
}

describe('further control protocols against responders written from their specifications', () => {
  it('S7comm: module and component identity from SZL 0x0011/0x001C, setup and SZL reads only', () =>
    scanIcs(startS7Responder, (a, r) => {
      expect(port0(a)).toMatchObject({ service: 's7comm', product: S7_DEVICE.module_type, version: '3.2.6', extra: { vendor: 'Siemens', order_number: S7_DEVICE.order_number, plc_name: S7_DEVICE.plc_name, serial_number: S7_DEVICE.serial_number, hardware_version: '0.0.4' } });
      expect(result(a, 'ics.s7comm.exposed').result).toBe('fail');
      // Setup Communication (0xF0) and user-data CPU functions (0x100 + 0x44) only: no read/write var, no PLC control or stop.
      expect(new Set(s7Jobs(r))).toEqual(new Set([0xf0, 0x144]));
    }));

  it('IEC 60870-5-104: STARTDT and TESTFR confirmed, U-frames only', () =>
    scanIcs(startIec104Responder, (a, r) => {
      expect(port0(a)).toMatchObject({ service: 'iec104', extra: { startdt: 'confirmed', testfr: 'confirmed' } });
      expect(result(a, 'ics.iec104.exposed').result).toBe('fail');
      const frames = Buffer.concat(r.received);
      for (let p = 0; p < frames.length; p += frames[p + 1]! + 2) if (frames[p] === 0x68) expect(frames[p + 2]! & 0x03, 'only U-frames').toBe(0x03);
    }));

  it('DNP3: the outstation address from LINK STATUS, then the device attributes by one READ, nothing else', () =>
    scanIcs(startDnp3Responder, (a, r) => {
      expect(port0(a)).toMatchObject({ service: 'dnp3', product: DNP3_DEVICE.model, version: DNP3_DEVICE.software, extra: { outstation_address: String(DNP3_OUTSTATION), vendor: DNP3_DEVICE.vendor, model_name: DNP3_DEVICE.model, serial_number: DNP3_DEVICE.serial } });
      expect(result(a, 'ics.dnp3.exposed').result).toBe('fail');
      const sent = Buffer.concat(r.received);
      const frames = readFrames(sent);
      expect(frames.length).toBeGreaterThan(0);
      // Link: REQUEST LINK STATUS (9) and UNCONFIRMED USER DATA (4) only; application: READ (1) only.
      expect(new Set(frames.map((f) => f.func))).toEqual(new Set([9, 4]));
      expect(frames.every((f) => f.primary)).toBe(true);
      const app = applicationFragment(Buffer.from(sent.subarray(sent.indexOf(Buffer.from([0x05, 0x64, 0x0b])))));
      expect(app![1]).toBe(0x01);
    }));

  it('DNP3: hostile application fragments and frames are read without a crash', () => {
    for (let i = 0; i < 300; i++) {
      const junk = Buffer.from(Array.from({ length: 4 + (i % 90) }, (_, k) => (k * 53 + i * 7) & 0xff));
      if (i % 3 === 0 && junk.length >= 11) junk.set([0x00, 0xfc, 0x00, 0x00, 0x00, 0x01, 0xff], 4);
      try {
        parseAttributes(junk);
      } catch (e) {
        expect((e as Error).message).toBe('application fragment too short');
      }
      expect(() => applicationFragment(Buffer.concat([Buffer.from([0x05, 0x64]), junk]))).not.toThrow();
    }
  });

  it('Niagara Fox: station, host and Niagara version from the hello', () =>
    scanIcs(startFoxResponder, (a, r) => {
      expect(port0(a)).toMatchObject({ service: 'fox', product: 'Niagara', version: FOX_STATION.version, extra: { station_name: FOX_STATION.station, host_name: FOX_STATION.host, vendor: 'Tridium' } });
      expect(result(a, 'ics.fox.exposed').result).toBe('fail');
      expect(Buffer.concat(r.received).toString('latin1')).not.toMatch(/login|authenticate/i);
    }));

  it('OMRON FINS: model and version from Controller Data Read, nothing else', () =>
    scanIcs(startFinsResponder, (a, r) => {
      expect(port0(a)).toMatchObject({ service: 'fins', product: FINS_CONTROLLER.model, version: FINS_CONTROLLER.version, extra: { vendor: 'OMRON' } });
      expect(result(a, 'ics.fins.exposed').result).toBe('fail');
      expect(finsCommands(r)).toEqual(['0501']);
    }));
});

describe('OPC UA discovery against a responder written from OPC 10000-4/-6', () => {
  it('lists the endpoints, proves the anonymous session, reads the BuildInfo, and neither writes nor calls', () =>
    scanIcs(
      () => startOpcuaResponder({ anonymous: true }),
      (a, r) => {
        expect(port0(a)).toMatchObject({ service: 'opcua', product: OPCUA_BUILD.product_name, version: OPCUA_BUILD.software_version, extra: { security_none: 'offered', anonymous: 'None/None', anonymous_session: 'activated', vendor: OPCUA_BUILD.manufacturer, build_number: OPCUA_BUILD.build_number, build_date: '2024-05-01T00:00:00.000Z' } });
        expect(port0(a).extra!.endpoints).toBe('SignAndEncrypt/Basic256Sha256 [UserName, Certificate]; None/None [Anonymous, UserName]');
        const f = result(a, 'ics.opcua.anonymous');
        expect(f.result).toBe('fail');
        expect(f.evidence[0]!.response).toContain('ActivateSession → Good');
        const ua = r.received;
        // Discovery, CreateSession 461, ActivateSession 467, Read 631, CloseSession 473; CloseSecureChannel may or may not be read.
        expect(ua.slice(0, 7)).toEqual(['HEL', 'OPN 446', 'MSG 428', 'MSG 461', 'MSG 467', 'MSG 631', 'MSG 473']);
        expect(ua.slice(7).filter((x) => x !== 'CLO 452')).toEqual([]);
      },
    ));

  it('an anonymous token listed but rejected by ActivateSession is not flagged', () =>
    scanIcs(
      () => startOpcuaResponder({ anonymous: true, session: 'reject' }),
      (a, r) => {
        expect(port0(a)).toMatchObject({ service: 'opcua', product: OPCUA_APP, access: 'auth_required', extra: { anonymous: 'None/None', anonymous_session: 'refused (BadIdentityTokenRejected)' } });
        expect(result(a, 'ics.opcua.anonymous').result).toBe('pass');
        expect(r.received).not.toContain('MSG 631');
      },
    ));

  it('passes a server whose endpoints all need a user', () =>
    scanIcs(
      () => startOpcuaResponder({ anonymous: false }),
      (a) => {
        expect(port0(a)).toMatchObject({ service: 'opcua', extra: { anonymous: 'not offered', security_none: 'not offered' } });
        expect(result(a, 'ics.opcua.anonymous').result).toBe('pass');
      },
    ));

  it('refuses hostile GetEndpoints bodies with an error', () => {
    for (let i = 0; i < 300; i++) {
      const d = Buffer.from(Array.from({ length: 16 + (i % 100) }, (_, j) => (i * 41 + j * 3) & 0xff));
      if (d.length >= 20) Buffer.from([0x01, 0x00, 0xaf, 0x01]).copy(d, 16); // a GetEndpointsResponse type id, then junk
      try {
        parseEndpoints(d);
      } catch (e) {
        expect((e as Error).name).toBe('Error');
      }
    }
  });
});

describe('control protocol readers on hostile bytes', () => {
  it('never throw and refuse what does not fit', () => {
    for (let i = 0; i < 400; i++) {
      const d = Buffer.from(Array.from({ length: 1 + (i % 120) }, (_, j) => (i * 29 + j * 13) & 0xff));
      const t = Buffer.concat([Buffer.from([3, 0, 0, d.length + 4]), d]);
      expect(() => {
        const pkt = readTpkt(t);
        const pdu = pkt && s7Pdu(pkt);
        if (pdu) parseSzl(pdu);
        hasUFrame(Buffer.concat([Buffer.from([0x68]), d]), 0x0b);
        readFrames(Buffer.concat([Buffer.from([5, 0x64]), d]));
        const m = readMessage(Buffer.concat([Buffer.from('FINS'), d]));
        if (m) parseControllerData(m.body);
        parseFoxHello(Buffer.concat([Buffer.from('fox a 0 -1 fox hello\n{\n'), d]));
      }).not.toThrow();
    }
    // An SZL answer claiming 0xFFFF records of 0xFFFF bytes.
    expect(parseSzl(Buffer.from([0x32, 0x07, 0, 0, 0, 1, 0, 0, 0, 12, 0xff, 9, 0, 8, 0, 0x11, 0, 0, 0xff, 0xff, 0xff, 0xff]))).toBeUndefined();
    expect(readMessage(Buffer.from('FINS\xff\xff\xff\xff\0\0\0\0\0\0\0\0', 'latin1'))).toBeUndefined();
  });

  it('computes the DNP3 CRC of IEEE 1815 (link header of a known frame)', () => {
    // REQUEST LINK STATUS from master 3 to outstation 1: 05 64 05 C9 01 00 03 00, CRC computed by the standard's algorithm.
    const f = requestLinkStatus(1, 3);
    expect(f.subarray(0, 8)).toEqual(Buffer.from([0x05, 0x64, 0x05, 0xc9, 0x01, 0x00, 0x03, 0x00]));
    expect(crc(f.subarray(0, 8))).toBe(f.readUInt16LE(8));
    // Reference value from the DNP3 user group's link-layer example (05 64 05 C0 01 00 00 04 → E9 21).
    expect(crc(Buffer.from([0x05, 0x64, 0x05, 0xc0, 0x01, 0x00, 0x00, 0x04]))).toBe(0x21e9);
  });
});
