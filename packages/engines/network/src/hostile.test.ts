/**
 * Hostile services: a port that floods random bytes, one that never answers,
 * one that closes at once, and ones that send truncated or lying versions of
 * the greetings this engine parses (MySQL length past the end, NATS INFO with
 * broken JSON, AMQP frame size of 4 GB, a Modbus length of 0xffff). The scan
 * finishes with an assessment, nothing is misidentified as a product, and the
 * parsers never read past what arrived.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { frames, parseConnectionStart } from './protocols/amqp/parser.ts';
import { parseResponse, parseDeviceId } from './protocols/modbus/parser.ts';
import { parseGreeting } from './protocols/mysql/index.ts';
import { parseNatsInfo } from './protocols/nats/index.ts';
import { pgMessages } from './protocols/postgresql/index.ts';
import { LOOPBACK_PARAMS } from './testing/services.ts';

const servers: net.Server[] = [];
// Connections the hostile servers keep open (the silent port, an unread flood): destroyed at the end,
// since server.close() waits for every connection to end.
const sockets = new Set<net.Socket>();
async function serve(onConnection: (s: net.Socket) => void): Promise<number> {
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    onConnection(s);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as net.AddressInfo).port;
}

const ports: Record<string, number> = {};
beforeAll(async () => {
  ports.flood = await serve((s) => {
    s.write(randomBytes(4 << 20));
    s.end();
  });
  ports.silent = await serve(() => undefined);
  ports.closes = await serve((s) => s.destroy());
  // MySQL greeting whose length runs past the packet, then garbage.
  ports.mysqlLie = await serve((s) => s.end(Buffer.from([0xff, 0xff, 0xff, 0x00, 0x0a, 0x35, 0x2e])));
  ports.natsLie = await serve((s) => s.end('INFO {"version":"2.9.9", broken\r\n'));
});
afterAll(async () => {
  const closed = Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  for (const s of sockets) s.destroy();
  await closed;
});

describe('hostile services', () => {
  it('finishes the scan and identifies none of them as a product', async () => {
    const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: Object.values(ports).join(','), probeTimeoutMs: '800' } }, {});
    const found = (a.target.hosts as { ports: { port: number; service?: string; product?: string; version?: string }[] }[])[0]!.ports;
    expect(found.map((p) => p.port).sort()).toEqual(Object.values(ports).sort());
    for (const p of found) expect(p.product, String(p.port)).toBeUndefined();
    expect(a.findings.filter((f) => f.ruleId.startsWith('network.access.') && f.result === 'fail')).toEqual([]);
  }, 60_000);
});

describe('parsers on truncated and lying input', () => {
  it('never read past the bytes that arrived', () => {
    expect(parseGreeting(Buffer.from([0xff, 0xff, 0xff, 0x00, 0x0a, 0x35]))).toBeUndefined();
    expect(parseGreeting(Buffer.from([0x05, 0x00, 0x00, 0x00, 0x0a, 0x35, 0x2e, 0x35, 0x00]))).toBeUndefined();
    expect(parseNatsInfo(Buffer.from('INFO {"version":1}'))).toBeUndefined();
    expect(frames(Buffer.from([1, 0, 0, 0xff, 0xff, 0xff, 0xff, 0]))).toBeUndefined();
    expect(parseConnectionStart(Buffer.from([0, 10, 0, 10, 0, 9, 0xff, 0xff, 0xff, 0xff]))).toBeUndefined();
    expect(pgMessages(Buffer.from([0x52, 0x7f, 0xff, 0xff, 0xff]))).toBeUndefined();
    const r = parseResponse(Buffer.from([0, 1, 0, 0, 0, 12, 1, 0x2b, 0x0e, 1, 0x83, 0, 0, 9, 0, 0xff, 0x41]));
    expect(r).toBeUndefined();
    const lying = parseResponse(Buffer.from([0, 1, 0, 0, 0, 10, 1, 0x2b, 0x0e, 1, 0x83, 0, 0, 2, 0, 0xff]));
    expect(lying && parseDeviceId(lying)).toBeUndefined();
  });
});
