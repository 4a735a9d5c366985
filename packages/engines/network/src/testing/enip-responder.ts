/**
 * Test support: an EtherNet/IP responder written in the test from the ODVA
 * specification (CIP Networks Library Vol. 2 §2-4.2.3), not a real device. It
 * answers ListIdentity (0x0063) with a CIP Identity item of made-up values
 * and records every other encapsulation command it receives (RegisterSession,
 * SendRRData … — there must be none from a read-only identity probe).
 */
import net from 'node:net';

export const RESPONDER_IDENTITY = { vendor: 1, deviceType: 14, productCode: 4242, major: 3, minor: 7, serial: 0x00c1ade1, name: 'Citadel spec responder' };

export function identityItem(id = RESPONDER_IDENTITY): Buffer {
  const name = Buffer.from(id.name, 'latin1');
  const item = Buffer.alloc(33 + name.length + 1);
  item.writeUInt16LE(1, 0); // encapsulation protocol version
  item.writeUInt16BE(2, 2); // sin_family AF_INET (big-endian per spec)
  item.writeUInt16BE(44818, 4);
  item.writeUInt16LE(id.vendor, 18);
  item.writeUInt16LE(id.deviceType, 20);
  item.writeUInt16LE(id.productCode, 22);
  item[24] = id.major;
  item[25] = id.minor;
  item.writeUInt16LE(0x0030, 26); // status
  item.writeUInt32LE(id.serial, 28);
  item[32] = name.length;
  name.copy(item, 33);
  item[33 + name.length] = 3; // state: operational
  return item;
}

export async function startEnipResponder(): Promise<{ port: number; otherCommands: number[]; stop(): Promise<void> }> {
  const otherCommands: number[] = [];
  const server = net.createServer((s) => {
    s.on('error', () => undefined);
    let buf = Buffer.alloc(0);
    s.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 24 && buf.length >= 24 + buf.readUInt16LE(2)) {
        const cmd = buf.readUInt16LE(0);
        const header = buf.subarray(0, 24);
        buf = buf.subarray(24 + buf.readUInt16LE(2));
        if (cmd !== 0x0063) {
          otherCommands.push(cmd);
          continue;
        }
        const item = identityItem();
        const data = Buffer.alloc(2 + 4 + item.length);
        data.writeUInt16LE(1, 0);
        data.writeUInt16LE(0x0c, 2);
        data.writeUInt16LE(item.length, 4);
        item.copy(data, 6);
        const reply = Buffer.from(header);
        reply.writeUInt16LE(data.length, 2);
        s.write(Buffer.concat([reply, data]));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { port: (server.address() as net.AddressInfo).port, otherCommands, stop: () => new Promise((r) => server.close(() => r())) };
}
