/**
 * Button-level permission (SPEC §6): children are hidden unless the stored
 * button-permission list (checkLogin's extra.buttons) contains `code`,
 * written 'resource-operation', e.g. 'systemAccout-delete'.
 */
import type { ReactNode } from 'react';
import { sessionStore, useSession } from '../app/session-store.ts';

export function hasButton(code: string): boolean {
  return sessionStore.get().buttons.includes(code);
}

export function Permission({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  const { buttons } = useSession();
  return <>{buttons.includes(code) ? children : fallback}</>;
}
