/**
 * Backup while the portal writes, and restore: the database (migrated schema
 * with rows), the objects and the master key come back as they were at the
 * backup; a damaged or foreign folder is refused; an existing installation is
 * only replaced with --force and then kept aside.
 */
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { runCitadel } from '../../../../packages/cli/src/citadel.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { BackupError, backup, restore, verifyBackup } from './backup.ts';

const work = mkdtempSync(path.join(tmpdir(), 'citadel-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const count = (file: string, table: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('citadel backup / restore', () => {
  it('backs up a running installation and restores it', async () => {
    const dataDir = path.join(work, 'live');
    const settings = { dataDir, databaseUrl: '', storage: 'local' as const };
    const database = openDatabase({ databaseUrl: '', dataDir });
    await migrate(database.db as never, 'sqlite');
    const storage = new LocalStorage(path.join(dataDir, 'objects'));
    const stored = await storage.put(Readable.from([Buffer.from('sample bytes '.repeat(1000))]));
    writeFileSync(path.join(dataDir, 'objects', 'tmp', 'half-written'), 'partial');
    writeFileSync(path.join(dataDir, 'whitebox-master.key'), 'k'.repeat(64), { mode: 0o600 });
    const insert = (i: number) => sql`insert into audit_log (at, user_id, user_name, action, detail, ip) values (${Date.now()}, null, ${`u${i}`}, 'login', '', '127.0.0.1')`.execute(database.db);
    for (let i = 0; i < 200; i++) await insert(i);

    // The portal keeps writing while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await insert(1000 + written++);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const dest = path.join(work, 'backup-1');
    const manifest = await backup(settings, dest);
    writing = false;
    await writer;
    const rowsAtEnd = count(path.join(dataDir, 'citadel.sqlite'), 'audit_log');
    await database.close();

    expect(written).toBeGreaterThan(0);
    expect(manifest.database.migrations).toContain('001-foundation');
    expect(manifest.objects).toEqual({ count: 1, bytes: stored.size });
    expect(manifest.masterKey?.file).toBe('whitebox-master.key');
    expect(statSync(dest).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(dest, 'objects', 'tmp'))).toBe(false);
    const backedUp = count(path.join(dest, 'citadel.sqlite'), 'audit_log');
    expect(backedUp).toBeGreaterThanOrEqual(200);
    expect(backedUp).toBeLessThanOrEqual(rowsAtEnd);
    expect(verifyBackup(dest).database.sha256).toBe(manifest.database.sha256);

    // Into an empty data folder.
    const fresh = path.join(work, 'fresh');
    restore({ ...settings, dataDir: fresh }, dest);
    expect(count(path.join(fresh, 'citadel.sqlite'), 'audit_log')).toBe(backedUp);
    const restored = new LocalStorage(path.join(fresh, 'objects'));
    expect(await restored.exists(stored.key)).toBe(true);
    expect(readFileSync(path.join(fresh, 'whitebox-master.key'), 'utf8')).toBe('k'.repeat(64));
    expect(statSync(path.join(fresh, 'whitebox-master.key')).mode & 0o777).toBe(0o600);

    // Over the live installation: refused without --force, kept aside with it.
    expect(() => restore(settings, dest)).toThrow(/--force/);
    const r = restore(settings, dest, { force: true, now: new Date('2026-01-02T03:04:05Z') });
    expect(r.movedAside).toBe(path.join(dataDir, 'pre-restore-2026-01-02T03-04-05-000Z'));
    expect(count(path.join(r.movedAside!, 'citadel.sqlite'), 'audit_log')).toBe(rowsAtEnd);
    expect(count(path.join(dataDir, 'citadel.sqlite'), 'audit_log')).toBe(backedUp);
  });

  it('refuses damaged or foreign backups, non-empty targets and PostgreSQL', async () => {
    const dataDir = path.join(work, 'other');
    const settings = { dataDir, databaseUrl: '', storage: 'local' as const };
    const database = openDatabase({ databaseUrl: '', dataDir });
    await migrate(database.db as never, 'sqlite');
    await database.close();
    const dest = path.join(work, 'backup-2');
    await backup(settings, dest);
    await expect(backup(settings, dest)).rejects.toThrow(/not empty/);
    await expect(backup({ ...settings, databaseUrl: 'postgres://x/y' }, path.join(work, 'pg'))).rejects.toThrow(/pg_dump/);
    expect(() => verifyBackup(path.join(work, 'other'))).toThrow(BackupError);
    appendFileSync(path.join(dest, 'citadel.sqlite'), 'tampered');
    expect(() => restore({ ...settings, dataDir: path.join(work, 'never') }, dest)).toThrow(/checksum/);
    expect(existsSync(path.join(work, 'never', 'citadel.sqlite'))).toBe(false);
  });

  it('runs as `citadel backup` with the server configuration', async () => {
    const dataDir = path.join(work, 'cli');
    const database = openDatabase({ databaseUrl: '', dataDir });
    await migrate(database.db as never, 'sqlite');
    await database.close();
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t) };
    const saved = process.env.CITADEL_DATA_DIR;
    process.env.CITADEL_DATA_DIR = dataDir;
    try {
      expect(await runCitadel(['backup', path.join(work, 'cli-backup')], io)).toBe(0);
      expect(JSON.parse(out.join('')).format).toBe('citadel-backup');
      expect(await runCitadel(['restore', path.join(work, 'cli-backup')], io)).toBe(4);
      expect(err.join('')).toMatch(/--force/);
      expect(await runCitadel(['backup'], io)).toBe(2);
      expect(await runCitadel(['backup', '--help'], io)).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.CITADEL_DATA_DIR;
      else process.env.CITADEL_DATA_DIR = saved;
    }
    expect(readdirSync(path.join(work, 'cli-backup')).sort()).toEqual(['citadel.sqlite', 'manifest.json', 'objects']);
  });
});
