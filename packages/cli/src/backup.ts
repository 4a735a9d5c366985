/**
 * `citadel backup DIR` and `citadel restore DIR [--force]`: the embedded
 * installation's database, objects and master key (apps/server/src/backup).
 * The server code is loaded only when one of these commands runs.
 */
import path from 'node:path';
import type { CliIo } from './scan.ts';

export const BACKUP_USAGE = `Usage: citadel backup DIR
       citadel restore DIR [--force]

backup   copies the running portal's SQLite database (SQLite online backup, consistent while
         the portal writes), its local object folder and the white-box master key file into
         the new or empty folder DIR, with a manifest of checksums. The folder is readable by
         its owner only: it holds every sample and the key that unseals the white-box keys.
restore  checks DIR (manifest, checksums, database integrity) and puts it in place as the
         installation in CITADEL_DATA_DIR. Stop the portal and workers first. An existing
         installation is refused unless --force, which moves it to <data dir>/pre-restore-<time>/.

The installation is the one the server's configuration names: CITADEL_DATA_DIR (default ./data),
CITADEL_STORAGE, DATABASE_URL, or a CITADEL_CONFIG file. PostgreSQL (DATABASE_URL) and S3
storage are backed up with their own tools (pg_dump, bucket replication).

Exit codes: 0 done, 2 usage error, 4 the backup or restore failed (nothing was replaced).
`;

export async function runBackup(command: 'backup' | 'restore', argv: readonly string[], io: CliIo): Promise<number> {
  const positional = argv.filter((a) => !a.startsWith('-'));
  const flags = argv.filter((a) => a.startsWith('-'));
  if (flags.includes('--help') || flags.includes('-h')) {
    io.stdout(BACKUP_USAGE);
    return 0;
  }
  const unknown = flags.filter((f) => !(command === 'restore' && f === '--force'));
  if (unknown.length > 0 || positional.length !== 1) {
    io.stderr(`${command}: ${unknown.length ? `unknown option ${unknown[0]}` : 'give one folder'}\n\n${BACKUP_USAGE}`);
    return 2;
  }
  const dir = path.resolve(positional[0]!);
  const ops = await import('@citadel/server/backup');
  let settings;
  try {
    settings = ops.settingsFromEnvironment();
  } catch (e) {
    io.stderr(`${command}: configuration error: ${(e as Error).message}\n`);
    return 2;
  }
  const progress = (line: string) => io.stderr(`${command}: ${line}\n`);
  try {
    if (command === 'backup') {
      const m = await ops.backup(settings, dir, progress);
      io.stdout(`${JSON.stringify({ backup: dir, ...m }, null, 2)}\n`);
    } else {
      const r = ops.restore(settings, dir, { force: flags.includes('--force') }, progress);
      io.stdout(`${JSON.stringify({ restored: dir, dataDir: settings.dataDir, ...r }, null, 2)}\n`);
    }
    return 0;
  } catch (e) {
    io.stderr(`${command}: ${(e as Error).message}\n`);
    return 4;
  }
}
