/**
 * The licence on the server: Ed25519 verification with the configured public key
 * (a key pair made here; the vendor's private key never exists in tests), the
 * catalogue errors for bad files, enforcement on task creation (product and
 * per-user counts, windows, unlicensed products, concurrent creations never
 * exceeding the count, failed creations giving their unit back), module access,
 * and no enforcement at all without a licence.
 */
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { signLicence } from './vendor/sign.ts';
import { readLicence } from './format.ts';

process.env.CITADEL_EXTRA_ENGINES = fileURLToPath(new URL('../../jobs/test-engine/index.ts', import.meta.url));
const vendor = generateKeyPairSync('ed25519');
const privatePem = vendor.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = vendor.publicKey.export({ type: 'spki', format: 'pem' }).toString();
process.env.CITADEL_LICENCE_PUBLIC_KEY = publicPem;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
let serial = 0;
const licence = (over: Record<string, unknown> = {}) =>
  signLicence({ licence_id: `L-${++serial}`, customer: '示例航空', not_before: iso(Date.now() - DAY), not_after: iso(Date.now() + 365 * DAY), products: { firmware: { tasks: 3, per_user: 2 } }, ...over }, privatePem);
const task = { platform: 'firmware', url: 'http://127.0.0.1:9/', params: { sleepMs: '1' } };

describe('licence', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let user: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = { ...(await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers, lang: 'zh' };
    await createUser(t, 'licuser', { grants: [{ resources: 'FirmwareEvaluation', operations: ['view', 'add'] }, { resources: 'Whitebox_Library', operations: ['view'] }] });
    user = { ...(await login(t, 'licuser', TEST_USER_PASSWORD)).headers, lang: 'zh' };
  });
  afterAll(async () => t?.stop());

  it('verifies signatures and refuses damaged or foreign files with catalogue errors', () => {
    const good = licence();
    expect(readLicence(good, publicPem).customer).toBe('示例航空');
    const other = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const foreign = signLicence({ licence_id: 'X', customer: 'c', not_before: iso(0), not_after: iso(DAY), products: {} }, other);
    const code = (f: () => unknown) => {
      try {
        f();
        return 'ok';
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(code(() => readLicence(foreign, publicPem))).toBe('licence_wrong');
    // One changed byte of the payload breaks the signature.
    const env = JSON.parse(good);
    const bytes = Buffer.from(env.payload, 'base64');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 3) ^ 1, bytes.length - 3);
    expect(code(() => readLicence(JSON.stringify({ ...env, payload: bytes.toString('base64') }), publicPem))).toBe('licence_wrong');
    expect(code(() => readLicence('not json', publicPem))).toBe('authorization_parse_failed');
    expect(code(() => readLicence(good.slice(0, 60), publicPem))).toBe('authorization_parse_failed');
    expect(code(() => readLicence(licence({ products: { firmware: { not_before: iso(0) } } }), publicPem))).toBe('available_time_too_early');
    expect(code(() => readLicence(licence({ products: { firmware: { not_after: iso(Date.now() + 999 * DAY) } } }), publicPem))).toBe('stop_time_too_late');
    expect(code(() => readLicence(licence({ products: { nosuch: {} } }), publicPem))).toBe('module_permission_parse_failed');
  });

  it('without a licence nothing is held', async () => {
    expect((await post(t.app, '/lic/status', {}, user)).body.data).toMatchObject({ state: 'none', grace: false });
    for (let i = 0; i < 4; i++) expect((await post(t.app, '/task/create', task, user)).status).toBe(200);
  });

  it('holds task creation to the product and per-user counts with the catalogue messages', async () => {
    expect((await post(t.app, '/lic/upload', { document: 'garbage' }, admin)).body.error).toBe('authorization_parse_failed');
    expect((await post(t.app, '/lic/upload', { document: licence() }, user)).status).toBe(403);
    const up = await post(t.app, '/lic/upload', { document: licence() }, admin);
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ customer: '示例航空' });

    expect((await post(t.app, '/task/create', task, user)).status).toBe(200);
    expect((await post(t.app, '/task/create', task, user)).status).toBe(200);
    const third = await post(t.app, '/task/create', task, user);
    expect(third).toMatchObject({ status: 403, body: { error: 'usage_exceeded', message: '使用次数超过授权数量' } });
    expect((await post(t.app, '/task/create', task, admin)).status).toBe(200);
    expect((await post(t.app, '/task/create', task, admin)).body).toMatchObject({ error: 'product_usage_limit', message: '产品使用次数已达上限' });
    // A product the licence does not name.
    expect((await post(t.app, '/task/create', { platform: 'web', url: 'http://127.0.0.1:9/' }, admin)).body.error).toBe('service_unauthorized');
    const info = await post(t.app, '/lic/info', {}, admin);
    expect(info.body.data.licence.usage).toEqual({ firmware: 3 });
  });

  it('counts concurrent creations exactly and gives back the unit of a failed creation', async () => {
    expect((await post(t.app, '/lic/upload', { document: licence({ products: { firmware: { tasks: 3 }, android: { tasks: 5 } } }) }, admin)).status).toBe(200);
    // Android needs an uploaded sample: a missing one fails after the unit was taken, and gives it back.
    expect((await post(t.app, '/task/create', { platform: 'android', sample_id: 999_999 }, admin)).body.error).toBe('file_not_found');
    const results = await Promise.all(Array.from({ length: 6 }, () => post(t.app, '/task/create', task, admin)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.error === 'product_usage_limit')).toHaveLength(3);
    expect((await post(t.app, '/lic/info', {}, admin)).body.data.licence.usage).toEqual({ firmware: 3, android: 0 });
  });

  it('refuses modules the licence does not open, and keeps user management open', async () => {
    const moduleList = await post(t.app, '/lic/upload', { document: licence({ modules: ['specialEvaluation'], products: { firmware: {} } }) }, admin);
    expect(moduleList.status).toBe(200);
    expect((await post(t.app, '/whitebox/libraryList', {}, user)).body.error).toBe('service_unauthorized');
    expect((await post(t.app, '/notice/list', {}, admin)).status).toBe(200);
    expect((await post(t.app, '/task/create', task, user)).status).toBe(200);
  });

  it('refuses another customer, a licence already seen, and an expired licence', async () => {
    expect((await post(t.app, '/lic/upload', { document: licence({ customer: '别的公司' }) }, admin)).body.error).toBe('licence_customer_mismatch');
    const doc = licence({ not_before: iso(Date.now() - 400 * DAY), not_after: iso(Date.now() - DAY), products: { firmware: {} } });
    expect((await post(t.app, '/lic/upload', { document: doc }, admin)).status).toBe(200);
    expect((await post(t.app, '/lic/upload', { document: doc }, admin)).body.error).toBe('licence_exists');
    expect((await post(t.app, '/task/create', task, user)).body).toMatchObject({ error: 'authorization_expired', message: '授权已过期' });
    expect((await post(t.app, '/lic/status', {}, user)).body.data).toMatchObject({ state: 'expired' });
    // Near the end: the grace banner's state.
    expect((await post(t.app, '/lic/upload', { document: licence({ not_after: iso(Date.now() + 10 * DAY), products: { firmware: {} } }) }, admin)).status).toBe(200);
    expect((await post(t.app, '/lic/status', {}, user)).body.data).toMatchObject({ state: 'valid', grace: true, days_left: 10 });
    // Withdrawn: back to unlicensed, nothing held.
    expect((await post(t.app, '/lic/delete', {}, admin)).status).toBe(200);
    expect((await post(t.app, '/task/create', { platform: 'web', url: 'http://127.0.0.1:9/' }, admin)).status).toBe(200);
  });

  it('about lists installed third-party packages with their licences', async () => {
    const about = await post(t.app, '/lic/about', {}, user);
    expect(about.body.data.version).toMatch(/^\d+\.\d+\.\d+/);
    const names = about.body.data.third_party.map((p: { name: string }) => p.name);
    expect(names).toContain('fastify');
    expect(names).toContain('kysely');
    expect(about.body.data.third_party.find((p: { name: string }) => p.name === 'fastify').license).toBe('MIT');
  });
});
