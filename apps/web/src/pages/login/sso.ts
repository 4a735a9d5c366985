/**
 * Single sign-on in the browser (issue 30, SPEC §7 uass calls): going to the
 * identity provider, finishing the sign-in when the provider sends the browser
 * back to the portal with ?code=…&state=…, and signing out there too. The
 * provider's answer is removed from the address bar before it is used, so a
 * reload or a shared link never replays it.
 */
import type { LoginAnswer } from '@citadel/contracts';
import { post } from '../../api/request.ts';

const ANSWER_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'session_state'] as const;
type ProviderAnswer = Partial<Record<(typeof ANSWER_PARAMS)[number], string>>;

/** The provider's answer in the address bar (taken out of it), or undefined when there is none. */
export function takeProviderAnswer(): ProviderAnswer | undefined {
  const params = new URLSearchParams(window.location.search);
  if (!params.has('state') || !(params.has('code') || params.has('error'))) return undefined;
  const answer: ProviderAnswer = {};
  for (const name of ANSWER_PARAMS) {
    const value = params.get(name);
    if (value !== null) answer[name] = value;
  }
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash || '#/login'}`);
  return answer;
}

/** Sends the browser to the identity provider. */
export async function goToProvider(): Promise<void> {
  const { url } = await post<{ url: string }>('/uass/login', {}, { quiet: true, ignoreSessionErrors: true });
  window.location.assign(url);
}

export const finishSignIn = (answer: ProviderAnswer): Promise<LoginAnswer> =>
  post<LoginAnswer>('/uass/validate', { ...answer, agent: 'web' }, { quiet: true, ignoreSessionErrors: true });

/** Ends the portal session; the provider's end-session address when the session came through it ('' otherwise or on failure). */
export async function ssoLogout(): Promise<string> {
  try {
    return (await post<{ url: string }>('/uass/logout', {}, { quiet: true, silent: true, ignoreSessionErrors: true })).url;
  } catch {
    return '';
  }
}
