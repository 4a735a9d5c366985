/**
 * Issue 18 item 10: scratch folders of tasks interrupted by `kill -9` stayed in
 * data/work after a restart. A portal starting on a data folder with such
 * leftovers removes those of dead processes and keeps a live process's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../app.ts';
import { DIALECTS, type TestDatabase, createTestDatabase, testConfig } from '../test-support/test-app.ts';

describe.each(DIALECTS)('crash leftovers on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let built: BuiltApp | undefined;
  afterAll(async () => {
    await built?.close();
    await db?.drop();
  });

  it('removes scratch folders of dead processes at start-up', async () => {
    db = await createTestDatabase(dialect);
    const work = path.join(db.dataDir, 'work');
    // A pid that surely is gone: a child that has already exited.
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    const leftover = path.join(work, `task-input-7-${dead}-1790000000000`);
    const live = path.join(work, `task-input-8-${process.pid}-1790000000001`);
    const other = path.join(work, 'not-a-task-folder');
    for (const d of [leftover, live, other]) {
      mkdirSync(d, { recursive: true });
      writeFileSync(path.join(d, 'sample-7.apk'), 'x'.repeat(1024));
    }
    built = await buildApp(testConfig(db.dataDir), { database: db.database, logger: false });
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
