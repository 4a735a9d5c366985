/** Where engine children find the portal's vulnerability data: the same database the portal uses. */
import path from 'node:path';
import type { VulnDataDescriptor } from '@citadel/engine-core';
import type { Config } from '../../config.ts';

export function vulnDataDescriptor(config: Config): VulnDataDescriptor {
  return config.databaseUrl
    ? { kind: 'database', databaseUrl: config.databaseUrl, ...(config.databaseSchema ? { schema: config.databaseSchema } : {}) }
    : { kind: 'database', sqlitePath: path.join(config.dataDir, 'citadel.sqlite') };
}
