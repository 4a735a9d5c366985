/**
 * Navigation for code outside React (request layer, session handling). The router
 * registers its navigate function; until then the hash is set directly.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function installNavigator(fn: Navigate): void {
  navigator = fn;
}

export function goTo(path: string, replace = false): void {
  if (navigator) navigator(path, { replace });
  else window.location.hash = `#${path}`;
}

/** Full reload on the sign-in page: drops every in-memory state of the old session. */
export function reloadToLogin(): void {
  window.location.hash = '#/login';
  window.location.reload();
}
