/**
 * `citadel backup` / `citadel restore` of an embedded installation: the SQLite
 * database, the local object folder and the white-box master key file.
 *
 * The backup is taken while the portal runs. The database is copied with
 * SQLite's online backup API (better-sqlite3 `backup()`), which gives a
 * consistent snapshot even while the portal writes (WAL mode). Objects are
 * copied after the snapshot: they are content-addressed and written by rename
 * before any row refers to them, so every object the snapshot refers to exists
 * by then. Partial objects (objects/tmp, *.tmp) are skipped.
 *
 * PostgreSQL and S3 installations are backed up with their own tools
 * (pg_dump, bucket versioning or replication); see docs/administration.md.
 */
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export const BACKUP_FORMAT = 'citadel-backup';
export const BACKUP_VERSION = 1;
const DB_FILE = 'citadel.sqlite';
const MASTER_KEY_FILE = 'whitebox-master.key';
const MANIFEST = 'manifest.json';

export interface BackupSettings {
  dataDir: string;
  databaseUrl: string;
  storage: 'local' | 's3';
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: { file: string; sha256: string; bytes: number; migrations: string[] };
  objects: { count: number; bytes: number } | null;
  masterKey: { file: string; sha256: string } | null;
}

export class BackupError extends Error {}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Object files (relative paths) under the local object folder, without partial writes. */
function objectFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!(rel === '' && e.name === 'tmp')) walk(path.join(dir, e.name), r);
      } else if (e.isFile() && !e.name.endsWith('.tmp')) out.push(r);
    }
  };
  if (existsSync(root)) walk(root, '');
  return out.sort();
}

function copyObjects(from: string, to: string, files: string[]): { count: number; bytes: number } {
  let bytes = 0;
  mkdirSync(to, { recursive: true });
  for (const rel of files) {
    const target = path.join(to, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(from, rel), target);
    bytes += statSync(target).size;
  }
  return { count: files.length, bytes };
}

function appliedMigrations(db: SQLite.Database): string[] {
  try {
    return (db.prepare('SELECT name FROM citadel_migrations ORDER BY name').all() as { name: string }[]).map((r) => r.name);
  } catch {
    return [];
  }
}

function embeddedOnly(s: BackupSettings, what: string): void {
  if (s.databaseUrl) throw new BackupError(`${what} handles the embedded SQLite database only; with DATABASE_URL (PostgreSQL) use pg_dump / pg_restore`);
}

/** Writes a backup of the installation at `s.dataDir` into the new or empty folder `dest`. */
export async function backup(s: BackupSettings, dest: string, onProgress: (line: string) => void = () => {}): Promise<Manifest> {
  embeddedOnly(s, 'citadel backup');
  const source = path.join(s.dataDir, DB_FILE);
  if (!existsSync(source)) throw new BackupError(`no database at ${source} (is CITADEL_DATA_DIR right?)`);
  if (existsSync(dest) && readdirSync(dest).length > 0) throw new BackupError(`${dest} is not empty; give a new folder`);
  // The backup holds the master key and every sample: only its owner may read it.
  mkdirSync(dest, { recursive: true, mode: 0o700 });
  chmodSync(dest, 0o700);

  const db = new SQLite(source, { fileMustExist: true });
  let migrations: string[];
  try {
    db.pragma('busy_timeout = 5000');
    onProgress('database: online backup …');
    // SQLite restarts a backup that another connection writes into between two steps; with
    // the portal writing all the time, small steps might never finish. After the first step
    // the rest goes in one, under a read transaction (which in WAL mode blocks no writer).
    await db.backup(path.join(dest, DB_FILE), { progress: ({ totalPages }) => Math.max(totalPages, 100) });
    migrations = appliedMigrations(db);
  } finally {
    db.close();
  }
  const copy = new SQLite(path.join(dest, DB_FILE));
  try {
    // A single self-contained file: no -wal/-shm beside it, in the backup or once restored.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the copied database fails its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }

  let objects: Manifest['objects'] = null;
  if (s.storage === 'local') {
    const from = path.join(s.dataDir, 'objects');
    onProgress('objects: copying …');
    objects = copyObjects(from, path.join(dest, 'objects'), objectFiles(from));
  } else onProgress('objects: stored in S3, not part of this backup (back the bucket up with its own tools)');

  let masterKey: Manifest['masterKey'] = null;
  const keyFile = path.join(s.dataDir, MASTER_KEY_FILE);
  if (existsSync(keyFile)) {
    copyFileSync(keyFile, path.join(dest, MASTER_KEY_FILE));
    chmodSync(path.join(dest, MASTER_KEY_FILE), 0o600);
    masterKey = { file: MASTER_KEY_FILE, sha256: sha256(keyFile) };
  }

  const dbCopy = path.join(dest, DB_FILE);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database: { file: DB_FILE, sha256: sha256(dbCopy), bytes: statSync(dbCopy).size, migrations },
    objects,
    masterKey,
  };
  writeFileSync(path.join(dest, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads and checks a backup folder: manifest, checksums, database integrity, object sizes. */
export function verifyBackup(src: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(src, MANIFEST), 'utf8')) as Manifest;
  } catch (e) {
    throw new BackupError(`${src} is not a Citadel backup: ${(e as Error).message}`);
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.version !== 'number') throw new BackupError(`${src} is not a Citadel backup`);
  if (manifest.version > BACKUP_VERSION) throw new BackupError(`backup format ${manifest.version} is newer than this version reads (${BACKUP_VERSION}); upgrade Citadel first`);
  const dbFile = path.join(src, DB_FILE);
  if (!existsSync(dbFile) || sha256(dbFile) !== manifest.database.sha256) throw new BackupError('the database in the backup is missing or does not match its checksum');
  const db = new SQLite(dbFile, { readonly: true });
  try {
    if (db.pragma('integrity_check', { simple: true }) !== 'ok') throw new BackupError('the database in the backup fails its integrity check');
  } finally {
    db.close();
  }
  if (manifest.masterKey && (!existsSync(path.join(src, MASTER_KEY_FILE)) || sha256(path.join(src, MASTER_KEY_FILE)) !== manifest.masterKey.sha256)) {
    throw new BackupError('the white-box master key in the backup is missing or does not match its checksum');
  }
  if (manifest.objects) {
    const files = objectFiles(path.join(src, 'objects'));
    const bytes = files.reduce((n, f) => n + statSync(path.join(src, 'objects', f)).size, 0);
    if (files.length !== manifest.objects.count || bytes !== manifest.objects.bytes) throw new BackupError(`the backup's objects are incomplete (${files.length} of ${manifest.objects.count} files)`);
  }
  return manifest;
}

/**
 * Restores a backup into `s.dataDir`. The portal and workers must be stopped.
 * An existing installation there is kept, moved aside into
 * <data dir>/pre-restore-<time>/, and only replaced with `force`.
 */
export function restore(s: BackupSettings, src: string, opts: { force?: boolean; now?: Date } = {}, onProgress: (line: string) => void = () => {}): { manifest: Manifest; movedAside?: string } {
  embeddedOnly(s, 'citadel restore');
  const manifest = verifyBackup(src);
  mkdirSync(s.dataDir, { recursive: true });
  const present = [DB_FILE, 'objects', MASTER_KEY_FILE].filter((f) => existsSync(path.join(s.dataDir, f)));
  let movedAside: string | undefined;
  if (present.length > 0) {
    if (!opts.force) throw new BackupError(`${s.dataDir} already holds an installation (${present.join(', ')}); stop the portal and run again with --force (the current files are kept in a pre-restore folder)`);
    movedAside = path.join(s.dataDir, `pre-restore-${(opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(movedAside, { recursive: true, mode: 0o700 });
    for (const f of [...present, `${DB_FILE}-wal`, `${DB_FILE}-shm`]) {
      if (existsSync(path.join(s.dataDir, f))) renameSync(path.join(s.dataDir, f), path.join(movedAside, f));
    }
    onProgress(`current installation moved to ${movedAside}`);
  }
  // Copy beside, then rename: a failed restore never leaves a half-written database in place.
  const partial = path.join(s.dataDir, `${DB_FILE}.restoring`);
  copyFileSync(path.join(src, DB_FILE), partial);
  renameSync(partial, path.join(s.dataDir, DB_FILE));
  if (manifest.objects) {
    const from = path.join(src, 'objects');
    copyObjects(from, path.join(s.dataDir, 'objects'), objectFiles(from));
  }
  if (manifest.masterKey) {
    copyFileSync(path.join(src, MASTER_KEY_FILE), path.join(s.dataDir, MASTER_KEY_FILE));
    chmodSync(path.join(s.dataDir, MASTER_KEY_FILE), 0o600);
  }
  rmSync(partial, { force: true });
  return { manifest, ...(movedAside ? { movedAside } : {}) };
}
