/**
 * The network platform's checks: one small unit per catalogue item, each
 * deciding from the services found and, for access items whose identity
 * probe did not already prove access, one more read-only exchange.
 */
import type { Evidence } from '@citadel/contracts';
import type { AssessmentBuilder } from '@citadel/engine-core';
import { tryDefaultLogin } from '../protocols/amqp/index.ts';
import { tryFtpAnonymous } from '../protocols/banner/index.ts';
import { probeMysqlLogin } from '../protocols/mysql/index.ts';
import { tryAnonymous } from '../protocols/nats/index.ts';
import { type CheckArgs, type FoundService, describe, where } from './types.ts';
import { smbChecks } from './smb.ts';
import { tlsChecks } from './tls.ts';
import { vulnCheck } from './vuln.ts';

const id = (key: string) => `network.${key}`;

const proofEvidence = (s: FoundService, detail: string, proof = s.info.proof): Evidence => ({
  file: where(s),
  className: s.info.service,
  detail,
  ...(proof ? { request: proof.request, response: proof.response } : {}),
});

/** Services whose port should face application servers only (databases, brokers, caches, remote and container management). */
export const ADMIN_SERVICES = new Set(['redis', 'mongodb', 'postgresql', 'mysql', 'amqp', 'mqtt', 'nats', 'memcached', 'elasticsearch', 'couchdb', 'docker', 'kubernetes', 'vnc', 'telnet', 'modbus']);
const CLEARTEXT = new Set(['telnet', 'ftp']);

type AccessCheck = { key: string; service: string; run: (s: FoundService) => Promise<{ detail: string; proof?: { request: string; response: string } } | undefined> };

/** Access items decided by the identity probe's own exchange. */
const byProbe = (key: string, service: string, detail: (s: FoundService) => string): AccessCheck => ({
  key,
  service,
  run: async (s) => (s.info.access === 'open' ? { detail: detail(s) } : undefined),
});

/** Access items that need one more exchange (a login). */
const byLogin = (key: string, service: string, login: (s: FoundService) => Promise<{ ok: true; proof: { request: string; response: string } } | { ok: false; reason: string }>, detail: (s: FoundService) => string): AccessCheck => ({
  key,
  service,
  run: async (s) => {
    if (s.info.access === 'auth_required' || s.info.access === 'refused') return undefined;
    const r = await login(s);
    return r.ok ? { detail: detail(s), proof: r.proof } : undefined;
  },
});

const ACCESS_CHECKS: AccessCheck[] = [
  byProbe('access.redis_unauthenticated', 'redis', (s) => `${describe(s)} answered INFO without a password`),
  byProbe('access.postgresql_trust', 'postgresql', (s) => `${describe(s)} accepted user postgres without a password (trust)`),
  byLogin('access.mysql_empty_password', 'mysql', (s) => probeMysqlLogin(s.ctx, 'root'), (s) => `${describe(s)} accepted root with an empty password`),
  byLogin('access.amqp_default_credentials', 'amqp', (s) => tryDefaultLogin(s.ctx), (s) => `${describe(s)} accepted the default account guest`),
  byProbe('access.mqtt_anonymous', 'mqtt', (s) => `${describe(s)} accepted an anonymous CONNECT (CONNACK 0)`),
  byLogin('access.nats_no_auth', 'nats', (s) => tryAnonymous(s.ctx), (s) => `${describe(s)} opened a session without credentials (PONG)`),
  byProbe('access.mongodb_unauthenticated', 'mongodb', (s) => `${describe(s)} listed its databases without authentication (listDatabases ok)`),
  byProbe('access.snmp_default_community', 'snmp', (s) => `${describe(s)} answered GetRequest with the community ${s.info.extra?.communities ?? ''}`),
  byProbe('access.memcached_unauthenticated', 'memcached', (s) => `${describe(s)} answered version without authentication`),
  byLogin('access.ftp_anonymous', 'ftp', (s) => tryFtpAnonymous(s.ctx), (s) => `${describe(s)} accepted the anonymous login (230)`),
  byProbe('access.elasticsearch_unauthenticated', 'elasticsearch', (s) => `${describe(s)} answered GET / without authentication`),
  byProbe('access.smb_null_session', 'smb', (s) => `${describe(s)} accepted an anonymous session and a tree connect to IPC$ (${s.info.extra?.null_session ?? ''})`),
  byProbe('access.docker_api_unauthenticated', 'docker', (s) => `${describe(s)} answered GET /version without a client certificate`),
];

export async function networkChecks({ b, services, vulnData, signal }: CheckArgs): Promise<void> {
  await b.check(id('service.inventory'), () => inventory(b, services));
  await b.check(id('service.admin_port_exposed'), () => {
    for (const s of services) if (ADMIN_SERVICES.has(s.info.service)) b.finding(id('service.admin_port_exposed'), proofEvidence(s, `${describe(s)} is reachable from the scanner`));
  });
  await b.check(id('service.cleartext_protocol'), () => {
    for (const s of services) if (CLEARTEXT.has(s.info.service)) b.finding(id('service.cleartext_protocol'), proofEvidence(s, `${describe(s)} carries credentials in clear`));
  });
  await b.check(id('service.dns_open_recursion'), () => {
    for (const s of services) if (s.info.service === 'dns' && s.info.extra?.recursion?.startsWith('available')) b.finding(id('service.dns_open_recursion'), proofEvidence(s, `${describe(s)} resolved a name outside its zones for the scanner (${s.info.extra.recursion})`));
  });
  for (const c of ACCESS_CHECKS) {
    await b.check(id(c.key), async () => {
      for (const s of services.filter((x) => x.info.service === c.service)) {
        b.throwIfAborted();
        const r = await c.run(s);
        if (r) b.finding(id(c.key), proofEvidence(s, r.detail, r.proof ?? s.info.proof));
      }
    });
  }
  await smbChecks(b, services);
  await tlsChecks(b, services);
  await vulnCheck(b, id('vuln.known_cve'), services, vulnData, signal);
}

function inventory(b: AssessmentBuilder, services: readonly FoundService[]): void {
  for (const s of services) {
    const extra = Object.entries(s.info.extra ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    b.problem(id('service.inventory'), { file: where(s), className: s.info.service, detail: `${describe(s)}${extra ? ` (${extra})` : ''}`.slice(0, 1000), ...(s.info.proof ? { request: s.info.proof.request, response: s.info.proof.response } : {}) });
  }
}
