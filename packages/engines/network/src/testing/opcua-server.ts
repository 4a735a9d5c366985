/**
 * Test support: node-opcua's real OPC UA server (devDependency) on a free
 * loopback port, SecurityPolicy None with the Anonymous user allowed, its
 * BuildInfo set by the test; its PKI in a temporary folder. In front of it a
 * recording TCP proxy lists every OPC UA message the engine sent ("HEL",
 * "OPN 446", "MSG 461" …) so a test can assert that no Write (673), Call
 * (712) or subscription was ever asked for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NODE_OPCUA_BUILD = { productName: 'Citadel node-opcua Test Server', softwareVersion: '7.8.9', manufacturerName: 'Citadel Test Works', buildNumber: '2024.5' } as const;

export async function nodeOpcuaMissing(): Promise<string | undefined> {
  try {
    await import('node-opcua-server');
    return undefined;
  } catch (e) {
    return `node-opcua-server not installed: ${(e as Error).message.slice(0, 120)}`;
  }
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** The OPC UA messages in a client's byte stream: type, and for MSG/CLO the service's binary encoding id; "other" for a stream that is not OPC UA (the other protocols' probes on a foreign port). */
export function uaMessages(stream: Buffer): string[] {
  if (stream.length > 0 && stream.toString('latin1', 0, 4) !== 'HELF') return ['other'];
  const out: string[] = [];
  for (let p = 0; p + 8 <= stream.length; ) {
    const type = stream.toString('latin1', p, p + 3);
    const len = stream.readUInt32LE(p + 4);
    if (len < 8) break;
    const m = stream.subarray(p, p + len);
    if (type === 'MSG' || type === 'CLO') out.push(m.length >= 28 && m[24] === 0x01 ? `${type} ${m.readUInt16LE(26)}` : type);
    else out.push(type);
    p += len;
  }
  return out;
}

export interface NodeOpcua {
  /** The proxy's port (what the scan targets). */
  port: number;
  /** Every message the clients sent, per connection. */
  sent(): string[][];
  stop(): Promise<void>;
}

export async function startNodeOpcua(): Promise<NodeOpcua> {
  const { OPCUAServer } = await import('node-opcua-server');
  const { OPCUACertificateManager } = await import('node-opcua-certificate-manager');
  const { nodesets } = await import('node-opcua-nodesets');
  const dir = mkdtempSync(join(tmpdir(), 'citadel-opcua-'));
  const port = await freePort();
  const server = new OPCUAServer({
    port,
    hostname: '127.0.0.1',
    nodeset_filename: [nodesets.standard],
    buildInfo: { ...NODE_OPCUA_BUILD },
    allowAnonymous: true,
    // MessageSecurityMode.None (OPC 10000-4 §7.20) and its policy URI.
    securityModes: [1] as never,
    securityPolicies: ['http://opcfoundation.org/UA/SecurityPolicy#None'] as never,
    // Both PKIs in the test's folder (the user one would default to ~/.config/node-opcua-default-nodejs).
    serverCertificateManager: new OPCUACertificateManager({ rootFolder: join(dir, 'pki'), automaticallyAcceptUnknownCertificate: true }),
    userCertificateManager: new OPCUACertificateManager({ rootFolder: join(dir, 'user-pki'), automaticallyAcceptUnknownCertificate: true }),
  });
  await server.start();
  const streams: Buffer[][] = [];
  const proxy = net.createServer((client) => {
    const mine: Buffer[] = [];
    streams.push(mine);
    const up = net.connect(port, '127.0.0.1');
    client.on('data', (d: Buffer) => (mine.push(d), up.write(d)));
    up.on('data', (d: Buffer) => client.write(d));
    const end = () => (client.destroy(), up.destroy());
    client.on('close', end).on('error', end);
    up.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    sent: () => streams.map((s) => uaMessages(Buffer.concat(s))),
    stop: async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await server.shutdown(0);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
