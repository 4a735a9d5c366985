/**
 * The network engine against this machine's real services on 127.0.0.1
 * (PostgreSQL trust, Redis without password, MariaDB root with an empty
 * password, RabbitMQ guest, Mosquitto anonymous, NATS without auth): each is
 * found with its version and flagged, with the exchange as evidence. Each
 * service's assertions skip when the service is not running here.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Assessment } from '@citadel/contracts';
import { EngineInputError } from '@citadel/engine-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { LOOPBACK_PARAMS, SERVICES, servicesUp } from './testing/services.ts';

const up = await servicesUp();
/** The real NVD subset of ../shared/datasets (see its README), relative to the repository root. */
const DATASETS = fileURLToPath(new URL('../../../../../shared/datasets', import.meta.url));
const anyUp = Object.values(up).some(Boolean);

const finding = (a: Assessment, id: string) => a.findings.find((f) => f.ruleId === id)!;
const service = (a: Assessment, port: number) => (a.target.hosts as { ports: { port: number; service: string; product?: string; version?: string }[] }[])[0]!.ports.find((p) => p.port === port);

describe.skipIf(!anyUp)('network engine on the loopback services', () => {
  let a: Assessment;
  beforeAll(async () => {
    a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: Object.values(SERVICES).join(',') } }, {});
  });

  it('lists every running service with its product and version', () => {
    const expected: [keyof typeof SERVICES, string, string, RegExp][] = [
      ['mqtt', 'mqtt', 'Mosquitto', /^\d+\.\d+/],
      ['mysql', 'mysql', 'MariaDB', /^\d+\.\d+\.\d+$/],
      ['nats', 'nats', 'NATS', /^\d+\.\d+\.\d+$/],
      ['postgresql', 'postgresql', 'PostgreSQL', /^\d+\.\d+$/],
      ['amqp', 'amqp', 'RabbitMQ', /^\d+\.\d+\.\d+$/],
      ['redis', 'redis', 'Redis', /^\d+\.\d+\.\d+$/],
    ];
    for (const [key, svc, product, version] of expected) {
      if (!up[key]) continue;
      const s = service(a, SERVICES[key]);
      expect(s, key).toMatchObject({ service: svc, product });
      expect(s!.version, key).toMatch(version);
    }
    expect(finding(a, 'network.service.inventory').result).toBe('find_problem');
  });

  it('flags the unauthenticated services with the exchange that proved it', () => {
    const cases: [keyof typeof SERVICES, string, RegExp, RegExp][] = [
      ['redis', 'network.access.redis_unauthenticated', /INFO/, /redis_version:/],
      ['postgresql', 'network.access.postgresql_trust', /StartupMessage/, /server_version/],
      ['mysql', 'network.access.mysql_empty_password', /user=root/, /^OK packet/],
      ['amqp', 'network.access.amqp_default_credentials', /guest\\0\[redacted\]/, /Connection\.Tune/],
      ['mqtt', 'network.access.mqtt_anonymous', /CONNECT/, /CONNACK 20 02 00 00/],
      ['nats', 'network.access.nats_no_auth', /CONNECT/, /PONG/],
    ];
    for (const [key, id, request, response] of cases) {
      if (!up[key]) continue;
      const f = finding(a, id);
      expect(f.result, id).toBe('fail');
      expect(f.evidence[0]!.file).toBe(`127.0.0.1:${SERVICES[key]}`);
      expect(f.evidence[0]!.request, id).toMatch(request);
      expect(f.evidence[0]!.response, id).toMatch(response);
    }
  });

  it('never writes the AMQP password into evidence', () => {
    expect(JSON.stringify(a)).not.toMatch(/\\0guest\\0guest/);
  });

  it('passes the access items of services that are not there', () => {
    expect(finding(a, 'network.access.docker_api_unauthenticated').result).toBe('pass');
    expect(finding(a, 'network.access.memcached_unauthenticated').result).toBe('pass');
  });

  it('leaves version → CVE not executed with its reason without a vulnerability database', () => {
    const f = finding(a, 'network.vuln.known_cve');
    expect(f.result).toBe('not_executed');
    expect(f.evidence[0]!.detail).toMatch(/no vulnerability database/);
  });
});

describe('scan policy', () => {
  it('refuses the loopback unless the policy allows it', async () => {
    const run = engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ports: '6379' } }, {});
    await expect(run).rejects.toBeInstanceOf(EngineInputError);
    await expect(run).rejects.toThrow(/loopback/);
  });

  it('refuses link-local and metadata addresses even with loopback and private allowed', async () => {
    for (const url of ['169.254.169.254', '169.254.0.0/30', 'fe80::1', '100.100.100.200']) {
      await expect(engine.run({ files: [], url }, { platform: 'network', params: { ports: '80', allowLoopback: 'true', allowPrivate: 'true' } }, {}), url).rejects.toThrow(/link-local|metadata|reserved/);
    }
  });

  it('scans only the allowed part of a mixed target list and says what it left out', async () => {
    const a = await engine.run({ files: [], url: '127.0.0.1, 169.254.169.254' }, { platform: 'network', params: { ports: '1', allowLoopback: 'true', rate: '0' } }, {});
    expect(a.target.hosts_scanned).toBe(1);
    expect(a.unreadable.map((u) => u.file)).toContain('169.254.169.254');
  });

  it('a deny entry wins over the loopback allowance', async () => {
    await expect(engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ports: '1', allowLoopback: 'true', denyNetworks: '127.0.0.0/8' } }, {})).rejects.toThrow(/denied network/);
  });

  it('refuses targets that are no host, address or range, and ranges beyond maxHosts', async () => {
    await expect(engine.run({ files: [], url: 'http://x/' }, { platform: 'network', params: { allowLoopback: 'true' } }, {})).rejects.toThrow(/not a host name/);
    await expect(engine.run({ files: [], url: '10.0.0.0/8' }, { platform: 'network', params: { allowPrivate: 'true' } }, {})).rejects.toThrow(/more than 1024/);
    await expect(engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { allowLoopback: 'true', ports: '70000' } }, {})).rejects.toThrow(/outside 1-65535/);
  });
});

describe.skipIf(!existsSync(`${DATASETS}/cve/nvd-subset.zip`) || !up.mqtt || !up.amqp)('version → CVE with the shared NVD subset', () => {
  it('finds the CVEs of the Mosquitto and RabbitMQ versions running here', async () => {
    const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: `${SERVICES.mqtt},${SERVICES.amqp}`, vulnDb: DATASETS } }, {});
    const f = finding(a, 'network.vuln.known_cve');
    const mosquitto = service(a, SERVICES.mqtt)!.version!;
    const rabbit = service(a, SERVICES.amqp)!.version!;
    // CVE-2023-28366: Mosquitto before 2.0.16; CVE-2023-46118: RabbitMQ before 3.11.24 (NVD configurations).
    const older = (v: string, than: number[]) => { const p = v.split('.').map(Number); for (let i = 0; i < than.length; i++) if ((p[i] ?? 0) !== than[i]) return (p[i] ?? 0) < than[i]!; return false; };
    const details = f.evidence.map((e) => e.detail).join('\n');
    if (older(mosquitto, [2, 0, 16])) expect(details).toContain('CVE-2023-28366');
    if (older(rabbit, [3, 11, 24])) expect(details).toContain('CVE-2023-46118');
    if (older(mosquitto, [2, 0, 16]) || older(rabbit, [3, 11, 24])) expect(f.result).toBe('fail');
  }, 60_000);
});
