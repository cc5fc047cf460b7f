import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { setAuthFailureHandler, setMaintenanceHandler, startEarly } from './lib/api';
import { initI18n, preloadTexts, SIGNED_IN_NAMESPACES } from './lib/i18n';
import { translateLibraryLabels } from './lib/library-labels';
import { MAINTENANCE_PATH, SIGN_IN_PATH } from './routes/paths';
import { endSession, onSessionEnd } from './lib/session';
import { STORAGE_KEYS } from './lib/storage';
import { hasToken, isTabSession } from './lib/token';
import { preloadRoutes } from './routes/guard';
import { router } from './routes/router';
import { scheduleVersionCheck } from './lib/version-schedule';

// 401 anywhere, or a 403 "Email verify failed": the session is over (customer-area §4, §8).
setAuthFailureHandler((reason) => {
  if (hasToken()) endSession(reason);
});

// 503 anywhere, sign-in included: the service is in maintenance (customer-area §8); admins never get it.
setMaintenanceHandler(() => {
  if (router.state.location.pathname !== MAINTENANCE_PATH) void router.navigate({ to: MAINTENANCE_PATH });
});

// Whatever ended the session, the user lands on sign-in.
onSessionEnd(() => {
  if (router.state.location.pathname !== SIGN_IN_PATH)
    void router.navigate({ to: SIGN_IN_PATH, replace: true });
  else void router.invalidate();
});

// Every route change starts at the top of the page.
router.subscribe('onResolved', ({ pathChanged }) => {
  if (pathChanged) window.scrollTo({ top: 0, left: 0 });
});

// Another tab signed out or in: follow it here, unless this tab runs its own session (log in as a user).
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEYS.token || isTabSession()) return;
  if (event.newValue === null) endSession('other-tab');
  else void router.invalidate();
});

// A lazy page whose chunk vanished after a deployment: reload once to get the new build.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('storelift.preload-reload')) return;
  sessionStorage.setItem('storelift.preload-reload', '1');
  event.preventDefault();
  window.location.reload();
});

// Six hours without mouse or key activity in any tab: sign out. The watcher loads with the signed-in
// area (routes/session-check.ts); the version check loads with its first check.
scheduleVersionCheck();

// With a stored session, the user check, the page's first calls, its code and the signed-in texts start now,
// beside the locale, rather than after the first render: the answers wait in lib/api.ts for the queries that ask.
if (hasToken()) {
  startEarly('me', { method: 'POST' });
  preloadTexts(SIGNED_IN_NAMESPACES);
  preloadRoutes(router.state.location);
}

// Render once the active locale has loaded (no top-level await: it would stop Rolldown from merging chunks).
void initI18n().then(() => {
  translateLibraryLabels();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
