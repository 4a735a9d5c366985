/** The current subject of the SPEC §6 access rules (contracts/access.ts), memoised per session and site. */
import { useMemo } from 'react';
import type { AccessSubject } from '@citadel/contracts';
import { accessSubject, useSession, useSite } from '../app/session-store.ts';

export function useAccessSubject(): AccessSubject {
  const session = useSession();
  const site = useSite();
  return useMemo(() => accessSubject(session, site), [session, site]);
}
