/** White-box cryptography (issue 29): original keys and white-box libraries, built from the portal's services. */
import type { Kysely } from 'kysely';
import type { Services } from '../../services.ts';
import { KeyService } from './key-service.ts';
import { LibraryService } from './library-service.ts';
import { loadMasterKey } from './master-key.ts';
import type { WhiteboxDB } from './schema.ts';

export interface Whitebox {
  keys: KeyService;
  libraries: LibraryService;
}

export function createWhitebox(services: Services, log: { warn(msg: string): void; error(msg: string): void }): Whitebox {
  const db = services.database.db as unknown as Kysely<WhiteboxDB>;
  let master: Buffer | undefined;
  // loaded on first use, so a portal that never touches white-box keys never creates the key file
  const masterKey = () => (master ??= loadMasterKey(services.config, (m) => log.warn(m)));
  const keys = new KeyService(db, masterKey);
  const libraries = new LibraryService(
    db,
    keys,
    services.storage,
    masterKey,
    { timeoutMs: Math.min(services.config.taskTimeoutSeconds, 3600) * 1000, memoryMb: Math.min(services.config.taskMemoryMb, 2048), dcaTraces: 200 },
    (m) => log.error(m),
  );
  return { keys, libraries };
}
