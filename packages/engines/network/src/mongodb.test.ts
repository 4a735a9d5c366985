/**
 * MongoDB against a responder written from the wire-protocol specification
 * (testing/mongodb-responder.ts; no MongoDB server on this machine): version
 * from buildInfo, unauthenticated access proved by listDatabases, access
 * control recognised, the legacy OP_QUERY path, only read commands sent, and
 * the BSON reader bounded against hostile replies.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Assessment } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { decode } from './protocols/mongodb/bson.ts';
import { readReply } from './protocols/mongodb/wire.ts';
import { startMongoResponder } from './testing/mongodb-responder.ts';
import { LOOPBACK_PARAMS } from './testing/services.ts';

const port0 = (a: Assessment) => (a.target.hosts as { ports: { service: string; product?: string; version?: string; access?: string; extra?: Record<string, string> }[] }[])[0]!.ports[0]!;
/** The real NVD subset of ../shared/datasets (see its README), relative to the repository root. */
const DATASETS = fileURLToPath(new URL('../../../../../shared/datasets', import.meta.url));
const scan = (port: number) => engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: String(port) } }, {});

describe('MongoDB against a responder written from the wire-protocol specification', () => {
  it('flags a server without access control with the listDatabases exchange', async () => {
    const r = await startMongoResponder({ auth: false });
    try {
      const a = await scan(r.port);
      expect(port0(a)).toMatchObject({ service: 'mongodb', product: 'MongoDB', version: '7.0.2', access: 'open', extra: { databases: 'admin, config, shop', max_wire_version: '21' } });
      const f = a.findings.find((x) => x.ruleId === 'network.access.mongodb_unauthenticated')!;
      expect(f.result).toBe('fail');
      expect(f.evidence[0]!.response).toMatch(/OP_MSG listDatabases → \{ ok: 1, databases: \[admin, config, shop\] \}/);
      expect(a.findings.find((x) => x.ruleId === 'network.service.admin_port_exposed')!.result).toBe('fail');
      expect(new Set(r.commands)).toEqual(new Set(['hello', 'buildInfo', 'listDatabases']));
    } finally {
      await r.stop();
    }
  });

  it('passes a server that enforces access control, and reads a 3.4 server over OP_QUERY', async () => {
    const r = await startMongoResponder({ auth: true, legacy: true });
    try {
      const a = await scan(r.port);
      expect(port0(a)).toMatchObject({ service: 'mongodb', version: '3.4.1', access: 'auth_required' });
      expect(a.findings.find((x) => x.ruleId === 'network.access.mongodb_unauthenticated')!.result).toBe('pass');
      expect(r.commands.filter((c) => !['isMaster', 'buildInfo', 'listDatabases'].includes(c))).toEqual([]);
    } finally {
      await r.stop();
    }
  });

  it.skipIf(!existsSync(`${DATASETS}/cve/nvd-subset.zip`))('maps the version from buildInfo to its CVEs (shared NVD subset)', async () => {
    const r = await startMongoResponder({ auth: true, legacy: true });
    try {
      const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: String(r.port), vulnDb: DATASETS } }, {});
      const f = a.findings.find((x) => x.ruleId === 'network.vuln.known_cve')!;
      expect(f.result).toBe('fail');
      // CVE-2019-2386: MongoDB 3.4.0 to before 3.4.22 (NVD configuration).
      expect(f.evidence[0]!.detail).toMatch(/^mongodb MongoDB 3\.4\.1: .*CVE-2019-2386/);
    } finally {
      await r.stop();
    }
  });

  it('refuses hostile BSON and replies without throwing', () => {
    expect(decode(Buffer.from('0c000000106100010000000000', 'hex').subarray(0, 12)).doc).toEqual({ a: 1 });
    const bad = ['05000000', 'ffffff7f00', '0d0000000261000500000068690000', '0c00000010610001000000ff', '0800000099610000'];
    for (const h of bad) expect(() => decode(Buffer.from(h, 'hex'))).toThrow();
    // Nesting bomb: 200 documents inside each other.
    let d = Buffer.from('0500000000', 'hex');
    for (let i = 0; i < 200; i++) {
      const n = Buffer.alloc(4);
      n.writeInt32LE(d.length + 8);
      d = Buffer.concat([n, Buffer.from([3, 0x61, 0]), d, Buffer.from([0])]);
    }
    expect(() => decode(d)).toThrow(/too deep/);
    const huge = Buffer.alloc(16);
    huge.writeInt32LE(0x7fffffff, 0);
    huge.writeInt32LE(2013, 12);
    expect(readReply(huge)).toMatchObject({ kind: 'invalid' });
    for (let i = 0; i < 300; i++) {
      const junk = Buffer.from(Array.from({ length: 16 + (i % 50) }, (_, j) => (i * 13 + j * 7) & 0xff));
      junk.writeInt32LE(junk.length, 0);
      junk.writeInt32LE(2013, 12);
      expect(() => readReply(junk)).not.toThrow();
    }
  });
});
