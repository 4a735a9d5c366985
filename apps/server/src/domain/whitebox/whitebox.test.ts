/**
 * White-box keys and libraries through the real API on SQLite and PostgreSQL:
 * secrets never come back and are not in the database in clear, SPEC §5
 * validations, customer and permission boundaries, a real generation (gcc,
 * vectors, qemu when installed, DCA) ending in a downloadable zip without the
 * key, and a key in use that cannot be deleted.
 */
import type { Operation, PermissionEntry } from '@citadel/contracts';
import { findToolchains } from '@citadel/whitebox';
import { unzipSync } from 'fflate';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { until } from '../../test-support/until.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { MASTER_KEY_FILE } from './master-key.ts';

const ALL: Operation[] = ['view', 'add', 'edit', 'delete', 'download'];
const grants = (customerKey: string, ops = ALL): { customerKey: string; grants: PermissionEntry[] } => ({
  customerKey,
  grants: ['Whitebox_SymmetricKey', 'Whitebox_AsymmetricKey', 'Whitebox_Library'].map((resources) => ({ resources, operations: ops })),
});
const KEY = '2b7e151628aed2a6abf7158809cf4f3c';
const tc = findToolchains();

describe.each(DIALECTS)('white-box keys and libraries on %s', (dialect) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let viewer: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createUser(t, `wa-${dialect}`, grants('wb-a'));
    await createUser(t, `wb-${dialect}`, grants('wb-b'));
    await createUser(t, `wv-${dialect}`, grants('wb-a', ['view']));
    alice = (await login(t, `wa-${dialect}`, TEST_USER_PASSWORD)).headers;
    bob = (await login(t, `wb-${dialect}`, TEST_USER_PASSWORD)).headers;
    viewer = (await login(t, `wv-${dialect}`, TEST_USER_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  it('keeps symmetric secrets sealed: never answered, not in the database in clear; master key file created with a warning', async () => {
    const bad = await post(t.app, '/whitebox/keyAdd', { kind: 'symmetric', name: 'k', algorithm: 'AES-128', source: 'input', key_hex: 'abcd' }, alice);
    expect(bad.body.error).toBe('illegal_parameter');
    const added = await post(t.app, '/whitebox/keyAdd', { kind: 'symmetric', name: 'pay key', algorithm: 'AES-128', source: 'input', key_hex: KEY }, alice);
    expect(added.status).toBe(200);
    expect(JSON.stringify(added.body)).not.toContain(KEY);
    const gen = await post(t.app, '/whitebox/keyAdd', { kind: 'symmetric', name: 'sm4 key', algorithm: 'SM4', source: 'generated' }, alice);
    expect(gen.body.data).toMatchObject({ algorithm: 'SM4', bits: 128, source: 'generated' });
    const list = (await post(t.app, '/whitebox/keyList', { kind: 'symmetric' }, alice)).body.data;
    expect(list.total).toBe(2);
    expect(list.list[1]).toMatchObject({ name: 'pay key', algorithm: 'AES-128', bits: 128, source: 'input', enabled: true, user: `wa-${dialect}`, libraries: [] });
    for (const row of list.list) expect(Object.keys(row)).not.toContain('ciphertext');
    const stored = await sql<Record<string, unknown>>`select * from whitebox_keys`.execute(t.services.database.db);
    const dump = JSON.stringify(stored.rows);
    expect(dump).not.toContain(KEY);
    expect(dump.toLowerCase()).not.toContain(Buffer.from(KEY, 'hex').toString('base64').toLowerCase());
    expect(readFileSync(path.join(t.testDb.dataDir, MASTER_KEY_FILE), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    // another customer sees none of them; a view-only account cannot add
    expect((await post(t.app, '/whitebox/keyList', { kind: 'symmetric' }, bob)).body.data.total).toBe(0);
    expect((await post(t.app, '/whitebox/keyAdd', { kind: 'symmetric', name: 'x', algorithm: 'SM4', source: 'generated' }, viewer)).status).toBe(403);
    expect((await post(t.app, '/whitebox/keyDelete', { kind: 'symmetric', ids: [added.body.data.id] }, bob)).body.error).toBe('not_found');
  });

  it('asymmetric: generated pairs and imported public keys answer only the public key', async () => {
    for (const algorithm of ['RSA-2048', 'EC-P256', 'SM2']) {
      const r = await post(t.app, '/whitebox/keyAdd', { kind: 'asymmetric', name: `pair ${algorithm}`, algorithm, source: 'generated_pair' }, alice);
      expect(r.body.data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
      expect(JSON.stringify(r.body)).not.toMatch(/PRIVATE KEY/);
    }
    const pub = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const imp = await post(t.app, '/whitebox/keyAdd', { kind: 'asymmetric', name: 'partner', source: 'imported_public', public_key: pub }, alice);
    expect(imp.body.data).toMatchObject({ algorithm: 'EC-secp384r1', bits: 384, source: 'imported_public' });
    expect((await post(t.app, '/whitebox/keyAdd', { kind: 'asymmetric', name: 'junk', source: 'imported_public', public_key: 'not a key' }, alice)).body.error).toBe('illegal_parameter');
    const rows = (await sql<{ source: string; ciphertext: string | null }>`select source, ciphertext from whitebox_keys where kind = 'asymmetric'`.execute(t.services.database.db)).rows;
    expect(rows.filter((r) => r.source === 'generated_pair').every((r) => r.ciphertext && !r.ciphertext.includes('PRIVATE'))).toBe(true);
    expect(rows.find((r) => r.source === 'imported_public')?.ciphertext).toBeNull();
  });

  it('library: SPEC §5 validations, tenant boundaries, generation verified, zip without the key, key in use not deletable', async () => {
    const keyId = (await post(t.app, '/whitebox/keyOptions', {}, alice)).body.data.find((k: { name: string }) => k.name === 'pay key').id;
    const base = { name: 'Pay SDK', logo: `wbsk${dialect}1`, key_id: keyId, platforms: ['android', 'linux'], directions: ['enc', 'dec'], modes: ['ecb', 'cbc'], padding: 'pkcs7', preference: 'performance', build_type: 'static', android_packages: 'com.example.pay\n', ios_bundle_ids: '', anti_theft: false };
    expect((await post(t.app, '/whitebox/libraryAdd', { ...base, modes: [] }, alice)).status).toBe(400);
    expect((await post(t.app, '/whitebox/libraryAdd', { ...base, directions: [] }, alice)).status).toBe(400);
    expect((await post(t.app, '/whitebox/libraryAdd', { ...base, logo: '9wbsk' }, alice)).body.error).toBe('illegal_parameter');
    expect((await post(t.app, '/whitebox/libraryAdd', { ...base, android_packages: 'not a package' }, alice)).body.error).toBe('illegal_parameter');
    expect((await post(t.app, '/whitebox/libraryAdd', base, bob)).body.error).toBe('not_found');
    // one real generation (about a minute of gcc and qemu) is enough: the database part is the same on both
    if (!tc.gcc || !tc.make || dialect !== DIALECTS[0]) return;
    const created = await post(t.app, '/whitebox/libraryAdd', base, alice);
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await post(t.app, '/whitebox/libraryAdd', base, alice)).body.error).toBe('duplicate_field');
    const done = await until(
      async () => (await post(t.app, '/whitebox/libraryDetail', { id }, alice)).body.data,
      (d) => d.generation_status === 'succeeded' || d.generation_status === 'failed',
      500_000,
      1000,
    );
    expect(done.fail_msg).toBe('');
    expect(done).toMatchObject({ generation_status: 'succeeded', progress: 100, usage_status: 'enabled', algorithm: 'aes128', android_packages: ['com.example.pay'], key_name: 'pay key' });
    expect(done.report.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    expect(done.report.checks.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['FIPS-197 C.1 enc', 'x86-64 dec cbc pkcs7', 'key scan']));
    expect(done.report.dca.plain.points.at(-1).recovered).toBe(16);
    expect(done.report.throughput.wbtoolMBps).toBeGreaterThan(0);
    // download: the zip holds the sources, no key; other customers and disabled libraries get nothing
    expect((await post(t.app, '/whitebox/downloadfile', { id }, bob)).body.error).toBe('not_found');
    const res = await t.app.inject({ method: 'POST', url: '/whitebox/downloadfile', payload: { id }, headers: alice });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const logo = base.logo;
    expect(Object.keys(zip)).toEqual(expect.arrayContaining([`${logo}/${logo}.h`, `${logo}/${logo}_tables.c`, `${logo}/Makefile`, `${logo}/wbtool.c`]));
    for (const data of Object.values(zip)) {
      expect(Buffer.from(data).includes(Buffer.from(KEY, 'hex'))).toBe(false);
      expect(Buffer.from(data).toString('latin1').toLowerCase().includes(KEY)).toBe(false);
    }
    const keys = (await post(t.app, '/whitebox/keyList', { kind: 'symmetric' }, alice)).body.data.list;
    expect(keys.find((k: { id: number }) => k.id === keyId).libraries).toEqual(['Pay SDK']);
    const del = await post(t.app, '/whitebox/keyDelete', { kind: 'symmetric', ids: [keyId] }, alice);
    expect(del.body).toEqual({ error: 'whitebox_key_in_use', message: '该密钥已被白盒库使用，不能删除' });
    expect((await post(t.app, '/whitebox/libraryStatus', { id, usage_status: 'disabled' }, alice)).status).toBe(200);
    expect((await post(t.app, '/whitebox/downloadfile', { id }, alice)).status).toBe(403);
    // a generation whose portal stopped long ago is swept to failed; a fresh one is left alone
    const db = t.services.database.db as never as import('kysely').Kysely<import('./schema.ts').WhiteboxDB>;
    await db.updateTable('whitebox_libraries').set({ generation_status: 'generating', finished_at: Date.now() - 10 * 3600_000 }).where('id', '=', id).execute();
    const fresh = await db.selectFrom('whitebox_libraries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { id: _drop, ...copy } = fresh;
    const otherId = (await db.insertInto('whitebox_libraries').values({ ...copy, uid: `${fresh.uid.slice(0, 30)}x`, logo: `${fresh.logo}x`, finished_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
    const { LibraryService } = await import('./library-service.ts');
    await new LibraryService(db, null as never, t.services.storage, () => Buffer.alloc(32), { timeoutMs: 3600_000, memoryMb: 512, dcaTraces: 25 }, () => undefined).sweepStale();
    const swept = (await post(t.app, '/whitebox/libraryDetail', { id }, alice)).body.data;
    expect(swept.generation_status).toBe('failed');
    expect(swept.fail_msg).toMatch(/生成被中断/);
    expect((await post(t.app, '/whitebox/libraryDetail', { id: otherId }, alice)).body.data.generation_status).toBe('generating');
    await db.updateTable('whitebox_libraries').set({ generation_status: 'failed', storage_key: null }).where('id', '=', otherId).execute();
    expect((await post(t.app, '/whitebox/libraryDelete', { ids: [id, otherId] }, alice)).status).toBe(200);
    expect((await post(t.app, '/whitebox/keyDelete', { kind: 'symmetric', ids: [keyId] }, alice)).status).toBe(200);
  }, 600_000);
});
