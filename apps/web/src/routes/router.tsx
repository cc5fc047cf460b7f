import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type AnyRoute,
} from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { i18next, type Namespace } from '../lib/i18n';
import { guardNavigation, setGuardedRouter } from './guard';
import { menuSections } from './menu';
import type { RouterContext } from './menu-sections';
import { PAGES, type Page } from './pages';
import { parseSearch, stringifySearch } from './search';

const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: guardNavigation,
  component: Outlet,
  // Unknown paths never render: the guard sends them to the dashboard (or sign-in).
  notFoundComponent: () => null,
});

const lazyComponent = (load: () => Promise<ComponentType>) =>
  lazyRouteComponent(async () => ({ default: await load() }));

/** The signed-in area: the AppShell with the side menu and header. */
const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: lazyComponent(() => import('./layouts/app-layout').then((layout) => layout.AppLayout)),
});

/** A page's route (pages.ts): a visitor's page under the root, any other in the signed-in area. */
function pageRoute(page: Page): AnyRoute {
  const { texts, early } = page;
  return createRoute({
    getParentRoute: () => (page.access?.public ? rootRoute : appLayoutRoute),
    path: page.path,
    validateSearch: page.search,
    loader: texts && (() => i18next.loadNamespaces([...texts])),
    staticData: early && { startCalls: early.calls, texts: early.texts ? texts : undefined },
    component: lazyComponent(page.component),
  });
}

const pages: readonly Page[] = PAGES;
// '/' and '/api/password-reset' exist only to be redirected by the guard.
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/' });
const apiPasswordResetRoute = createRoute({ getParentRoute: () => rootRoute, path: '/api/password-reset' });

const routeTree = rootRoute.addChildren([
  indexRoute,
  apiPasswordResetRoute,
  ...pages.filter((page) => page.access?.public).map(pageRoute),
  appLayoutRoute.addChildren(pages.filter((page) => !page.access?.public).map(pageRoute)),
]);

/** The app's router: code-based routes, every page a lazy chunk. */
export const router = createRouter({
  routeTree,
  // The side menu, built from the page manifest: the layout reads it here, not from the manifest that imports it.
  context: { menuSections },
  parseSearch,
  stringifySearch,
  defaultPreload: false,
  defaultPendingComponent: PageLoader,
  defaultPendingMs: 300,
  defaultErrorComponent: RouteError,
  notFoundMode: 'root',
});
setGuardedRouter(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /**
     * Starts the page's first API calls (lib/api.ts, startEarly); with a stored session the entry calls it
     * (main.tsx), so the data does not wait for the user check, the layout and the page's code in turn.
     */
    startCalls?: (search: Record<string, unknown>) => void;
    /** The page's namespaces: loaded beside the session check (guard.ts), preloaded by the entry (main.tsx). */
    texts?: readonly Namespace[];
  }
}
