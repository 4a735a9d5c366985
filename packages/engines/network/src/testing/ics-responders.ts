/**
 * Test support: TCP responders for control protocols with no server
 * packaged here, each written from its specification (the same documents
 * the protocol modules cite) and each recording what it received so a test
 * can prove that only reads were sent. Bytes they do not understand close
 * the connection, as the devices do.
 *   S7comm: TPKT/COTP CC, Setup Communication Ack_Data, SZL 0x0011/0x001C
 *   IEC 60870-5-104: STARTDT/TESTFR/STOPDT con
 *   DNP3: LINK STATUS from outstation address 4
 *   Niagara Fox: the station's fox hello
 *   OMRON FINS: node address exchange and Controller Data Read
 */
import net from 'node:net';
import { crc } from '../protocols/dnp3/index.ts';

export interface TcpResponder {
  port: number;
  received: Buffer[];
  stop(): Promise<void>;
}

type Handler = (buf: Buffer, send: (b: Buffer | string) => void) => { used: number } | 'close' | undefined;

async function serve(handler: Handler): Promise<TcpResponder> {
  const received: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    let buf = Buffer.alloc(0);
    s.on('data', (d: Buffer) => {
      received.push(d);
      buf = Buffer.concat([buf, d]);
      for (;;) {
        const r = handler(buf, (b) => s.write(b));
        if (r === 'close') return void s.destroy();
        if (!r) return;
        buf = buf.subarray(r.used);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    received,
    stop: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// --- S7comm ---

export const S7_DEVICE = { order_number: '6ES7 315-2EH14-0AB0', firmware: [3, 2, 6] as const, plc_name: 'SIMATIC 300(1)', module_type: 'CPU 315-2 PN/DP', serial_number: 'S C-X4U421302009' };

const tpkt = (p: Buffer) => {
  const h = Buffer.from([3, 0, 0, 0]);
  h.writeUInt16BE(p.length + 4, 2);
  return Buffer.concat([h, p]);
};
const pad = (s: string, n: number) => {
  const b = Buffer.alloc(n, 0x20);
  b.write(s, 'latin1');
  return b;
};

function szlAnswer(ref: Buffer, id: number): Buffer {
  let recLen: number;
  let records: Buffer[];
  if (id === 0x0011) {
    recLen = 28;
    const rec = (index: number, order: string, v?: readonly number[]) => Buffer.concat([Buffer.from([0, index]), pad(order, 20), Buffer.from([0, 0]), v ? Buffer.from([0x56, ...v]) : Buffer.from([0, 0, 0, 1])]);
    records = [rec(1, S7_DEVICE.order_number), rec(6, S7_DEVICE.order_number, [0, 0, 4]), rec(7, '', S7_DEVICE.firmware)];
  } else {
    recLen = 34;
    const rec = (index: number, t: string) => Buffer.concat([Buffer.from([0, index]), Buffer.concat([Buffer.from(t, 'latin1'), Buffer.alloc(32 - t.length)])]);
    records = [rec(1, S7_DEVICE.plc_name), rec(2, 'CPU 315-2 PN/DP'), rec(5, S7_DEVICE.serial_number), rec(7, S7_DEVICE.module_type)];
  }
  const data = Buffer.concat([Buffer.from([0xff, 0x09, 0, 0, id >> 8, id & 0xff, 0, 0, 0, recLen, 0, records.length]), ...records]);
  data.writeUInt16BE(data.length - 4, 2);
  const param = Buffer.from([0x00, 0x01, 0x12, 0x08, 0x12, 0x84, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00]);
  const head = Buffer.from([0x32, 0x07, 0, 0, ref[0]!, ref[1]!, 0, param.length, data.length >> 8, data.length & 0xff]);
  return tpkt(Buffer.concat([Buffer.from([0x02, 0xf0, 0x80]), head, param, data]));
}

export function startS7Responder(): Promise<TcpResponder> {
  return serve((b, send) => {
    if (b.length < 4) return undefined;
    if (b[0] !== 3) return 'close';
    const len = b.readUInt16BE(2);
    if (b.length < len) return undefined;
    const p = b.subarray(0, len);
    if (p[5] === 0xe0) {
      // Only the CPU's TSAP (rack 0 slot 2) is accepted.
      if (!p.includes(Buffer.from([0xc2, 0x02, 0x01, 0x02]))) return 'close';
      send(tpkt(Buffer.from([0x11, 0xd0, 0x00, 0x01, 0x00, 0x01, 0x00, 0xc0, 0x01, 0x0a, 0xc1, 0x02, 0x01, 0x00, 0xc2, 0x02, 0x01, 0x02])));
    } else if (p[5] === 0xf0 && p[7] === 0x32 && p[8] === 0x01 && p[17] === 0xf0) {
      send(tpkt(Buffer.from([0x02, 0xf0, 0x80, 0x32, 0x03, 0, 0, p[11]!, p[12]!, 0, 8, 0, 0, 0, 0, 0xf0, 0, 0, 1, 0, 1, 0, 0xf0])));
    } else if (p[5] === 0xf0 && p[7] === 0x32 && p[8] === 0x07) {
      send(szlAnswer(p.subarray(11, 13), p.readUInt16BE(len - 4)));
    } else return 'close';
    return { used: len };
  });
}

/** S7 jobs (ROSCTR 1) received, by function code: 0xF0 setup, 0x04 read var, 0x05 write var, 0x28 PLC control, 0x29 stop … */
export function s7Jobs(r: TcpResponder): number[] {
  const out: number[] = [];
  // Chunk by chunk: other protocols' probes (sent first on a foreign port) are separate chunks.
  for (const all of r.received) {
    let p = 0;
    while (p + 4 <= all.length && all[p] === 3) {
      const len = all.readUInt16BE(p + 2);
      const pkt = all.subarray(p, p + len);
      if (pkt[5] === 0xf0 && pkt[7] === 0x32 && pkt[8] === 0x01) out.push(pkt[17]!);
      if (pkt[5] === 0xf0 && pkt[7] === 0x32 && pkt[8] === 0x07) out.push(0x100 + pkt[22]!); // user data: 0x100 + type/group
      p += Math.max(len, 1);
    }
  }
  return out;
}

// --- IEC 60870-5-104 ---

export function startIec104Responder(): Promise<TcpResponder> {
  return serve((b, send) => {
    if (b.length < 2) return undefined;
    if (b[0] !== 0x68) return 'close';
    const len = b[1]! + 2;
    if (b.length < len) return undefined;
    const ctrl = b[2]!;
    if (len === 6 && (ctrl & 0x03) === 0x03) {
      // U-format: act bit → con bit (STARTDT 0x04→0x08, STOPDT 0x10→0x20, TESTFR 0x40→0x80).
      const con = ctrl === 0x07 ? 0x0b : ctrl === 0x13 ? 0x23 : ctrl === 0x43 ? 0x83 : undefined;
      if (con) send(Buffer.from([0x68, 0x04, con, 0, 0, 0]));
    } else if ((ctrl & 0x01) === 0) return 'close'; // an I-frame (a command) would be a test failure: it is recorded and the link dropped
    return { used: len };
  });
}

// --- DNP3 ---

export const DNP3_OUTSTATION = 4;
export const DNP3_DEVICE = { vendor: 'Citadel Grid Systems', model: 'RTU-560 Outstation', software: '2.4.1', serial: 'SN-0042-7' } as const;

/** A link frame (our own builder, not the engine's: the responder must stand on the specification alone). */
function userDataFrame(dest: number, src: number, user: Buffer, ctrl: number): Buffer {
  const h = Buffer.from([0x05, 0x64, 5 + user.length, ctrl, dest & 0xff, dest >> 8, src & 0xff, src >> 8]);
  const out: Buffer[] = [h, Buffer.alloc(2)];
  out[1]!.writeUInt16LE(crc(h));
  for (let i = 0; i < user.length; i += 16) {
    const blk = user.subarray(i, i + 16);
    const c = Buffer.alloc(2);
    c.writeUInt16LE(crc(blk));
    out.push(blk, c);
  }
  return Buffer.concat(out);
}

export function startDnp3Responder(): Promise<TcpResponder> {
  return serve((b, send) => {
    if (b.length < 10) return undefined;
    if (b[0] !== 0x05 || b[1] !== 0x64 || crc(b.subarray(0, 8)) !== b.readUInt16LE(8)) return 'close';
    const dest = b.readUInt16LE(4);
    const src = b.readUInt16LE(6);
    const len = b[2]!;
    const user = Math.max(0, len - 5);
    const total = 10 + user + 2 * Math.ceil(user / 16);
    // Answers REQUEST LINK STATUS (primary, function 9) addressed to it or to the self address 0xFFFC.
    if ((b[3]! & 0x4f) === 0x49 && (dest === DNP3_OUTSTATION || dest === 0xfffc)) {
      const h = Buffer.from([0x05, 0x64, 0x05, 0x0b, src & 0xff, src >> 8, DNP3_OUTSTATION, 0]);
      const c = crc(h);
      send(Buffer.concat([h, Buffer.from([c & 0xff, c >> 8])]));
    }
    // UNCONFIRMED USER DATA carrying READ g0v254 (qualifier 0x06): the device attributes, in two transport segments.
    if ((b[3]! & 0x4f) === 0x44 && dest === DNP3_OUTSTATION && b.length >= total && user >= 6) {
      const app = b.subarray(10, 10 + Math.min(user, 16));
      if (app[2] === 0x01 && app[3] === 0x00 && app[4] === 0xfe && app[5] === 0x06) {
        const attr = (v: number, s: string) => Buffer.concat([Buffer.from([0x00, v, 0x00, 0x00, 0x00, 0x01, s.length]), Buffer.from(s, 'latin1')]);
        const body = Buffer.concat([Buffer.from([0xc0 | (app[1]! & 0x0f), 0x81, 0x00, 0x00]), attr(252, DNP3_DEVICE.vendor), attr(250, DNP3_DEVICE.model), attr(242, DNP3_DEVICE.software), attr(248, DNP3_DEVICE.serial)]);
        const half = Math.ceil(body.length / 2);
        send(userDataFrame(src, DNP3_OUTSTATION, Buffer.concat([Buffer.from([0x40]), body.subarray(0, half)]), 0x44));
        send(userDataFrame(src, DNP3_OUTSTATION, Buffer.concat([Buffer.from([0x81]), body.subarray(half)]), 0x44));
      }
    }
    return b.length >= total ? { used: total } : undefined;
  });
}

// --- Niagara Fox ---

export const FOX_STATION = { version: '3.8.38', station: 'BMS_North', host: 'jace-north' };

export function startFoxResponder(): Promise<TcpResponder> {
  return serve((b, send) => {
    const s = b.toString('latin1');
    if (!s.startsWith('fox a'.slice(0, Math.min(5, s.length)))) return 'close';
    if (!s.includes(';;')) return undefined;
    send(`fox a 0 -1 fox hello\n{\nfox.version=s:1.0\nhostName=s:${FOX_STATION.host}\nhostAddress=s:127.0.0.1\napp.name=s:Station\napp.version=s:${FOX_STATION.version}\nvm.name=s:Java HotSpot(TM) Embedded Client VM\nvm.version=s:25.141-b06\nos.name=s:QNX\nstation.name=s:${FOX_STATION.station}\nbrand.id=s:vykon\n};;\n`);
    return { used: b.length };
  });
}

// --- OMRON FINS ---

export const FINS_CONTROLLER = { model: 'CJ2M-CPU31', version: '02.01' };

export function startFinsResponder(): Promise<TcpResponder> {
  return serve((b, send) => {
    if (b.length < 16) return undefined;
    if (b.toString('latin1', 0, 4) !== 'FINS') return 'close';
    const len = b.readUInt32BE(4) + 8;
    if (b.length < len) return undefined;
    const cmd = b.readUInt32BE(8);
    const head = (command: number, body: Buffer) => {
      const h = Buffer.alloc(16);
      h.write('FINS', 0, 'latin1');
      h.writeUInt32BE(8 + body.length, 4);
      h.writeUInt32BE(command, 8);
      return Buffer.concat([h, body]);
    };
    if (cmd === 0) send(head(1, Buffer.from([0, 0, 0, 0xef, 0, 0, 0, 0x01])));
    else if (cmd === 2) {
      const f = b.subarray(16, len);
      if (f[10] !== 0x05 || f[11] !== 0x01) return 'close';
      const fld = (s: string, n: number) => Buffer.concat([Buffer.from(s, 'latin1'), Buffer.alloc(n - s.length, 0x20)]);
      const resp = Buffer.concat([Buffer.from([0xc0, 0, 0x02, 0, f[7]!, 0, 0, f[4]!, 0, f[9]!, 0x05, 0x01, 0, 0]), fld(FINS_CONTROLLER.model, 20), fld(FINS_CONTROLLER.version, 20), Buffer.alloc(40)]);
      send(head(2, resp));
    } else return 'close';
    return { used: len };
  });
}

/** FINS commands (MRC SRC) received in FINS frames. */
export function finsCommands(r: TcpResponder): string[] {
  const out: string[] = [];
  for (const all of r.received) {
    let p = 0;
    while (p + 16 <= all.length && all.toString('latin1', p, p + 4) === 'FINS') {
      const len = all.readUInt32BE(p + 4) + 8;
      if (all.readUInt32BE(p + 8) === 2) out.push(all.subarray(p + 26, p + 28).toString('hex'));
      p += len;
    }
  }
  return out;
}
