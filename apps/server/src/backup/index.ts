/** Backup and restore of an embedded installation (used by `citadel backup|restore`). */
import { loadConfig } from '../config.ts';
import type { BackupSettings } from './backup.ts';

export { backup, restore, verifyBackup, BackupError, BACKUP_FORMAT, BACKUP_VERSION, type BackupSettings, type Manifest } from './backup.ts';

/** The installation the server's configuration names (CITADEL_DATA_DIR, DATABASE_URL, CITADEL_STORAGE, CITADEL_CONFIG). */
export function settingsFromEnvironment(env: Record<string, string | undefined> = process.env): BackupSettings {
  const c = loadConfig(env);
  return { dataDir: c.dataDir, databaseUrl: c.databaseUrl, storage: c.storage };
}
