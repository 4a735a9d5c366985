/**
 * The master key that seals original keys at rest. From CITADEL_MASTER_KEY when
 * set; otherwise a random key kept in <data dir>/whitebox-master.key (mode 0600),
 * created on first use with a warning: whoever reads the data folder then holds
 * both the sealed keys and the master key, and portals sharing one PostgreSQL
 * must share the key, so production sets CITADEL_MASTER_KEY (e.g. from a secret
 * store). The key itself is never logged.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MASTER_KEY_FILE = 'whitebox-master.key';

export function loadMasterKey(config: { masterKey: string; dataDir: string }, warn: (msg: string) => void): Buffer {
  if (config.masterKey) return Buffer.from(config.masterKey, 'hex');
  const file = path.join(config.dataDir, MASTER_KEY_FILE);
  if (existsSync(file)) {
    const hex = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} does not hold a 64-hex-digit master key`);
    return Buffer.from(hex, 'hex');
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // another process of this portal created it first: use that one
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadMasterKey(config, warn);
    throw err;
  }
  chmodSync(file, 0o600);
  warn(`CITADEL_MASTER_KEY is not set: generated a white-box master key in ${file}; set CITADEL_MASTER_KEY in production (and on every portal sharing this database)`);
  return key;
}
