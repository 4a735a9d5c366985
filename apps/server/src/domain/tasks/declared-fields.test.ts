/**
 * Issue 19: what the user typed in the web/source create form (name, version,
 * abbreviation) reaches the task row from creation, survives the engine's
 * result, and is in the stored assessment's target (result page, reports).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { type TestDatabase, createTestDatabase } from '../../test-support/test-app.ts';
import { declaredTarget, withDeclaredTarget } from './declared-fields.ts';
import { TaskRepository } from './task-repository.ts';

describe('declared target fields', () => {
  it('picks the form fields of each platform and puts them in the target', () => {
    expect(declaredTarget({ web_name: ' 门户 ', web_version: '2.1' })).toEqual({ app_name: '门户', version: '2.1', abbreviation: '' });
    expect(declaredTarget('{"app_name":"Shop","abbreviation":"SP","program_version":"3"}')).toEqual({ app_name: 'Shop', version: '3', abbreviation: 'SP' });
    expect(declaredTarget('not json')).toEqual({ app_name: '', version: '', abbreviation: '' });
    const json = JSON.stringify({ target: { url: 'http://x/', app_name: 'guess' }, findings: [] });
    expect(JSON.parse(withDeclaredTarget(json, { app_name: 'Shop', version: '3', abbreviation: 'SP' })).target).toEqual({ url: 'http://x/', app_name: 'Shop', version: '3', abbreviation: 'SP' });
    expect(withDeclaredTarget(json, { app_name: '', version: '', abbreviation: '' })).toBe(json);
  });

  describe('in the task repository (SQLite)', () => {
    let tdb: TestDatabase;
    let repo: TaskRepository;
    beforeAll(async () => {
      tdb = await createTestDatabase('sqlite');
      await migrate(tdb.database.db as never, 'sqlite');
      // Only the task rows matter here: no users or customers to own them.
      await sql`pragma foreign_keys = off`.execute(tdb.database.db);
      repo = new TaskRepository(tdb.database.db, 'sqlite');
    });
    afterAll(async () => tdb?.drop());

    it('shows the declared name and version while queued, after the engine finished, and in the stored assessment', async () => {
      const fields = { app_name: '商城', abbreviation: 'SC', program_version: 'V3.2' };
      const base = { sample_id: null, url: '', file_name: 'shop.zip', size: 1, md5: '', template_id: null, template_name: '', params: {}, selected: null, created_by: 1, customer_id: 1 };
      const queued = await repo.create({ ...base, platform: 'source', fields });
      expect(queued).toMatchObject({ app_name: '商城', version: 'V3.2' });
      const claimed = (await repo.claimById(queued.id, 'w1', 60_000))!;
      await repo.transition(claimed.id, 'DOWNLOADING', 'PROCESSING', {}, 'w1');
      // The engine names the target its own way; the user's declaration wins.
      const done = await repo.finishWithResult(claimed.id, 'w1', { app_name: 'shop-src', version: '', package_name: 'com.shop' }, JSON.stringify({ target: { app_name: 'shop-src', language: 'java' }, findings: [] }));
      expect(done).toMatchObject({ status: 'FINISHED', app_name: '商城', version: 'V3.2', package_name: 'com.shop' });
      expect(JSON.parse((await repo.result(claimed.id))!).target).toEqual({ app_name: '商城', version: 'V3.2', abbreviation: 'SC', language: 'java' });
      // A task without declared fields keeps what the engine found.
      const plain = await repo.create({ ...base, platform: 'android', fields: {} });
      await repo.claimById(plain.id, 'w1', 60_000);
      await repo.transition(plain.id, 'DOWNLOADING', 'PROCESSING', {}, 'w1');
      expect(await repo.finishWithResult(plain.id, 'w1', { app_name: 'DIVA', version: '1.0' }, '{"target":{"app_name":"DIVA"}}')).toMatchObject({ app_name: 'DIVA', version: '1.0' });
      expect(await repo.result(plain.id)).toBe('{"target":{"app_name":"DIVA"}}');
    });
  });
});
