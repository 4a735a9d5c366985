/**
 * Route guards: the main layout needs a session (else /login, remembering where
 * the user was going); each page needs its route to be openable per SPEC §6
 * (canOpenRoute, else /401).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { canOpenRoute, SESSION_ERRORS, type RouteNode } from '@citadel/contracts';
import { storage } from '../api/storage.ts';
import { ApiRequestError } from '../api/request.ts';
import { Loading } from '../components/index.ts';
import { ErrorPage } from '../pages/errors/ErrorPage.tsx';
import { useAccessSubject } from '../access/index.ts';
import { useSession } from './session-store.ts';
import { loadSession } from './session.ts';

export interface LoginRedirectState {
  from?: string;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const hasToken = storage.hasSession();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!hasToken || session.user) return;
    loadSession().catch((err: unknown) => {
      // Session errors reload to /login themselves (request layer); other failures show 503 here.
      const sessionError = err instanceof ApiRequestError && (SESSION_ERRORS as readonly string[]).includes(err.code);
      if (!sessionError) setFailed(true);
    });
  }, [hasToken, session.user]);

  if (!hasToken) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!session.user) return failed ? <ErrorPage status="503" /> : <Loading fullscreen />;
  return <>{children}</>;
}

export function RouteGate({ node, children }: { node: RouteNode; children: ReactNode }) {
  const subject = useAccessSubject();
  return canOpenRoute(node, subject) ? <>{children}</> : <Navigate to="/401" replace />;
}
