/**
 * OPC UA against node-opcua's real server (devDependency, started in the
 * test on loopback; skipped when not installed): discovery, then an
 * anonymous session that proves the access (ActivateSession Good) and reads
 * the server's BuildInfo — product, vendor, version, build — and closes the
 * session. A recording proxy shows every message sent: discovery, session
 * and Read services only, never Write, Call or a subscription.
 */
import type { Assessment } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { LOOPBACK_PARAMS } from './testing/services.ts';
import { NODE_OPCUA_BUILD, type NodeOpcua, nodeOpcuaMissing, startNodeOpcua } from './testing/opcua-server.ts';

type Port = { service: string; product?: string; version?: string; access?: string; extra?: Record<string, string> };
const port0 = (a: Assessment) => (a.target.hosts as { ports: Port[] }[])[0]!.ports[0]!;
/** HEL, OpenSecureChannel 446, GetEndpoints 428, CreateSession 461, ActivateSession 467, Read 631, CloseSession 473, CloseSecureChannel 452. */
const READ_ONLY = new Set(['HEL', 'OPN', 'MSG 428', 'MSG 461', 'MSG 467', 'MSG 631', 'MSG 473', 'CLO 452']);

describe.skipIf((await nodeOpcuaMissing()) !== undefined)("OPC UA against node-opcua's server", () => {
  let ua: NodeOpcua;
  beforeAll(async () => {
    ua = await startNodeOpcua();
  }, 60_000);
  afterAll(async () => {
    await ua?.stop();
  });

  it('proves the anonymous session, reads the BuildInfo, and sends only discovery, session and Read messages', async () => {
    const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'ics', params: { ...LOOPBACK_PARAMS, ports: String(ua.port) } }, {});
    expect(port0(a)).toMatchObject({
      service: 'opcua',
      product: NODE_OPCUA_BUILD.productName,
      version: NODE_OPCUA_BUILD.softwareVersion,
      access: 'open',
      extra: { anonymous: 'None/None', anonymous_session: 'activated', vendor: NODE_OPCUA_BUILD.manufacturerName, build_number: NODE_OPCUA_BUILD.buildNumber },
    });
    const f = a.findings.find((x) => x.ruleId === 'ics.opcua.anonymous')!;
    expect(f.result).toBe('fail');
    expect(f.evidence[0]!.response).toMatch(/CreateSession → Good\nActivateSession → Good\nRead → product_name=Citadel node-opcua Test Server/);
    expect(f.evidence[0]!.response).toContain('CloseSession → Good');
    const sent = ua.sent().flat().filter((m) => m !== 'other');
    expect(sent).toEqual(expect.arrayContaining(['MSG 461', 'MSG 467', 'MSG 631', 'MSG 473']));
    expect(sent.filter((m) => !READ_ONLY.has(m))).toEqual([]);
  }, 30_000);
});
