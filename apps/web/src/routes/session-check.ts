import { ApiError, isUnverified } from '../lib/api';
import { applyLocale, currentLocale, i18next, SIGNED_IN_NAMESPACES } from '../lib/i18n';
import { startIdleWatcher } from '../lib/idle';
import { queryClient } from '../lib/query-client';
import { endSession, session } from '../lib/session';
import { hasToken } from '../lib/token';
import { logout } from '../features/auth/api/auth';
import { meQueryOptions } from '../features/auth/api/me';
import { preloadAfterUserCheck } from './preload';

export { forgetCurrentUser } from '../features/auth/api/me';

let idleWatcher: (() => void) | undefined;

/**
 * Checks the signed-in user against the server (`POST me`, cached for a few seconds), applies their
 * saved language and preloads missing reference data. False when the session turned out to be over.
 * Loaded by the guard only when a token is stored, so visitors never download it.
 */
export async function checkCurrentUser(): Promise<boolean> {
  try {
    const me = await queryClient.fetchQuery(meQueryOptions());
    // The cached answer keeps unchanged parts as they were, so a changed user or grants is a new object here.
    const known = session.getState();
    if (known.user !== me.user || known.permissions !== me.permissions)
      session.setUser(me.user, me.roles, me.permissions);
    if (me.user.locale !== currentLocale()) void applyLocale(me.user.locale);
    preloadAfterUserCheck(queryClient);
    // Six hours without mouse or key activity in any tab: sign out (customer-area §4).
    idleWatcher ??= startIdleWatcher({ isActive: hasToken, onIdle: () => void logout('idle') });
    // The signed-in area's texts, before its first render.
    await i18next.loadNamespaces(SIGNED_IN_NAMESPACES);
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || isUnverified(error))) {
      endSession(error.status === 401 ? 'unauthenticated' : 'unverified', { navigate: false });
      return false;
    }
    // The server is unreachable or failing: keep the session and let the page show its own errors.
    return true;
  }
}
