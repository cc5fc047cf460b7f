import { redirect, type AnyRoute, type AnyRouter, type ParsedLocation } from '@tanstack/react-router';
import { i18next, preloadTexts, SIGNED_IN_NAMESPACES } from '../lib/i18n';
import { resolveNavigation } from './navigation';
import { session } from '../lib/session';
import { hasToken } from '../lib/token';

function hrefOf(to: string, search?: Record<string, string>): string {
  const query = new URLSearchParams(search).toString();
  return query ? `${to}?${query}` : to;
}

let appRouter: AnyRouter | undefined;

/** The router whose matched routes the guard preloads: routes/router.tsx sets it (an import would be circular). */
export function setGuardedRouter(router: AnyRouter): void {
  appRouter = router;
}

/**
 * Starts loading the code, the first API calls and the texts of the routes matching `location`; a failure shows
 * when the page itself loads. main.tsx calls it before i18next has started, so the texts' chunks are only
 * preloaded there; the guard loads them into i18next.
 */
export function preloadRoutes(location: ParsedLocation): void {
  for (const match of appRouter?.matchRoutes(location) ?? []) {
    const { component, staticData } = (appRouter!.routesById as Record<string, AnyRoute>)[match.routeId]!
      .options;
    (component as { preload?: () => Promise<void> } | undefined)?.preload?.().catch(() => {});
    staticData?.startCalls?.(match.search);
    const texts = staticData?.texts ?? [];
    if (i18next.isInitialized) i18next.loadNamespaces([...texts]).catch(() => {});
    else preloadTexts(texts);
  }
}

/** The root route's beforeLoad: the navigation rules of customer-area §2 on every route change. */
export async function guardNavigation({ location, preload }: { location: ParsedLocation; preload: boolean }) {
  if (preload) return;
  const path = location.pathname;
  const search = location.search as Record<string, unknown>;

  const first = resolveNavigation({
    path,
    search,
    authenticated: hasToken(),
    permissions: session.getState().permissions,
  });
  if (first.kind === 'sign-in-with-token') {
    session.setToken(first.token);
    // The activity clock loads here, not with the entry: visitors on the sign-in page never need it.
    const [idle, sessionCheck] = await Promise.all([import('../lib/idle'), import('./session-check')]);
    idle.markActivity();
    sessionCheck.forgetCurrentUser();
    throw redirect({ href: first.to, replace: true });
  }

  // With a stored session, the signed-in area's texts, the layout and the page (its code, texts and first
  // query, through the route's loader) load beside the session check, not after it (a failure shows when the
  // page or text itself loads). The router's own preloading cannot do this: it waits for this guard.
  if (hasToken()) {
    i18next.loadNamespaces(SIGNED_IN_NAMESPACES).catch(() => {});
    preloadRoutes(location);
  }
  const authenticated = hasToken() && (await (await import('./session-check')).checkCurrentUser());
  const decision = resolveNavigation({
    path,
    search,
    authenticated,
    permissions: session.getState().permissions,
  });
  if (decision.kind === 'redirect')
    throw redirect({ href: hrefOf(decision.to, decision.search), replace: true });
}
