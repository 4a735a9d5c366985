/**
 * Test support: an OPC UA discovery responder written from OPC 10000-6
 * (UA Connection Protocol, secure channel with SecurityPolicy None, binary
 * encoding) and 10000-4 (GetEndpoints). It answers Hello, OpenSecureChannel,
 * GetEndpoints and CloseSecureChannel, with `anonymous` deciding whether an
 * endpoint offers the Anonymous token, and records the message types and
 * service ids it received (a Write 673 or Call 712 would show). With
 * `anonymous` it also answers CreateSession, ActivateSession (accepting or
 * rejecting the anonymous token), a Read of the BuildInfo and CloseSession.
 */
import net from 'node:net';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const str = (s: string | null) => (s === null ? Buffer.from([0xff, 0xff, 0xff, 0xff]) : Buffer.concat([u32(Buffer.byteLength(s)), Buffer.from(s)]));
const node = (id: number) => Buffer.from([0x01, 0x00, id & 0xff, id >> 8]);
const msg = (type: string, body: Buffer) => Buffer.concat([Buffer.from(`${type}F`, 'latin1'), u32(body.length + 8), body]);
/** ResponseHeader: timestamp, handle, Good, no diagnostics, no string table, no additional header. */
const responseHeader = (handle: number) => Buffer.concat([Buffer.alloc(8), u32(handle), u32(0), Buffer.from([0]), u32(0), Buffer.from([0, 0, 0])]);

export const OPCUA_APP = 'Citadel Test PLC OPC UA Server';

function endpoint(url: string, mode: number, policy: string, tokens: number[]): Buffer {
  const app = Buffer.concat([str('urn:citadel:test:plc'), str('urn:citadel:test:product'), Buffer.from([0x02]), str(OPCUA_APP), u32(0), str(null), str(null), u32(1), str(url)]);
  const toks = Buffer.concat([u32(tokens.length), ...tokens.map((t, i) => Buffer.concat([str(`policy-${i}`), u32(t), str(null), str(null), str(null)]))]);
  return Buffer.concat([str(url), app, str(null), u32(mode), str(`http://opcfoundation.org/UA/SecurityPolicy#${policy}`), toks, str('http://opcfoundation.org/UA-Profile/Transport/uatcp-uasc-uabinary'), Buffer.from([mode === 3 ? 3 : 0])]);
}

export interface OpcuaResponder {
  port: number;
  /** "HEL", "OPN 446", "MSG 428", "CLO 452" … */
  received: string[];
  stop(): Promise<void>;
}

/** What the responder's BuildInfo says (read in an anonymous session). */
export const OPCUA_BUILD = { product_name: 'Citadel Test PLC Runtime', manufacturer: 'Citadel Automation', software_version: '4.2.1', build_number: '1234' } as const;

/** `session`: an anonymous ActivateSession is accepted (default) or rejected with BadIdentityTokenRejected. */
export async function startOpcuaResponder(o: { anonymous: boolean; session?: 'accept' | 'reject' }): Promise<OpcuaResponder> {
  const received: string[] = [];
  const server = net.createServer((s) => {
    s.on('error', () => undefined);
    let buf = Buffer.alloc(0);
    s.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 8) {
        const type = buf.toString('latin1', 0, 3);
        if (!['HEL', 'OPN', 'MSG', 'CLO'].includes(type)) return void s.destroy();
        const len = buf.readUInt32LE(4);
        if (len < 8 || len > 1 << 20) return void s.destroy();
        if (buf.length < len) return;
        const m = buf.subarray(0, len);
        buf = buf.subarray(len);
        if (type === 'HEL') {
          received.push('HEL');
          s.write(msg('ACK', Buffer.concat([u32(0), u32(65536), u32(65536), u32(0), u32(0)])));
        } else if (type === 'OPN') {
          // Skip channel id, policy uri, certificate, thumbprint, sequence, request id → type id.
          let p = 12;
          for (let i = 0; i < 3; i++) {
            const n = m.readInt32LE(p);
            p += 4 + Math.max(0, n);
          }
          p += 8;
          received.push(`OPN ${m.readUInt16LE(p + 2)}`);
          const token = Buffer.concat([u32(7), u32(1), Buffer.alloc(8), u32(600_000)]);
          s.write(msg('OPN', Buffer.concat([u32(7), str('http://opcfoundation.org/UA/SecurityPolicy#None'), str(null), str(null), u32(1), u32(1), node(449), responseHeader(1), u32(0), token, str('')])));
        } else {
          const id = m.readUInt16LE(26);
          received.push(`${type} ${id}`);
          if (type === 'MSG' && id === 461 && o.anonymous) {
            // CreateSessionResponse: session id, authentication token (opaque), timeout, nonce, no certificate, no endpoints.
            const auth = Buffer.concat([Buffer.from([0x05, 0x01, 0x00]), u32(4), Buffer.from('tokn')]);
            s.write(msg('MSG', Buffer.concat([u32(7), u32(1), u32(3), u32(3), node(464), responseHeader(3), Buffer.from([0x01, 0x01, 0x10, 0x27]), auth, Buffer.alloc(8), str('n'.repeat(32)), str(null), u32(0), u32(0), str(null), str(null), u32(0)])));
          } else if (type === 'MSG' && id === 467 && o.anonymous) {
            const status = o.session === 'reject' ? 0x80210000 : 0; // BadIdentityTokenRejected
            const header = Buffer.concat([Buffer.alloc(8), u32(4), u32(status), Buffer.from([0]), u32(0), Buffer.from([0, 0, 0])]);
            s.write(msg('MSG', Buffer.concat([u32(7), u32(1), u32(4), u32(4), node(470), header, str(null), u32(0), u32(0)])));
          } else if (type === 'MSG' && id === 631 && o.anonymous) {
            // ReadResponse: the six BuildInfo values as String variants, the date as DateTime.
            const sv = (v: string) => Buffer.concat([Buffer.from([0x01, 12]), str(v)]);
            const date = Buffer.alloc(8);
            date.writeBigInt64LE(BigInt(Date.UTC(2024, 4, 1)) * 10_000n + 116_444_736_000_000_000n);
            const values = [sv(OPCUA_BUILD.product_name), sv('urn:citadel:test:product'), sv(OPCUA_BUILD.manufacturer), sv(OPCUA_BUILD.software_version), sv(OPCUA_BUILD.build_number), Buffer.concat([Buffer.from([0x01, 13]), date])];
            s.write(msg('MSG', Buffer.concat([u32(7), u32(1), u32(5), u32(5), node(634), responseHeader(5), u32(values.length), ...values, u32(0)])));
          } else if (type === 'MSG' && id === 473) {
            s.write(msg('MSG', Buffer.concat([u32(7), u32(1), u32(6), u32(6), node(476), responseHeader(6)])));
          } else if (type === 'MSG' && id === 428) {
            const url = `opc.tcp://127.0.0.1:${(server.address() as { port: number }).port}`;
            const eps = [endpoint(url, 3, 'Basic256Sha256', [1, 2]), ...(o.anonymous ? [endpoint(url, 1, 'None', [0, 1])] : [])];
            s.write(msg('MSG', Buffer.concat([u32(7), u32(1), u32(2), u32(2), node(431), responseHeader(2), u32(eps.length), ...eps])));
          } else s.destroy();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, received, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
