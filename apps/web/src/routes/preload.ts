import type { QueryClient } from '@tanstack/react-query';
import { ownNoticesQueryOptions } from '../features/notices/api/notices';
import { currentPlanQueryOptions, pricePlansQueryOptions } from '../features/plans/api/plans';
import { preloadReferenceData } from '../features/reference/api/reference';

/**
 * After a successful user check (customer-area §2): loads whichever of the reference data, the price plans,
 * the user's current plan and their notices (the header's bell) are missing, without holding the page. The
 * user's apps are left to their pages: a second `GET apps` would supersede the page's own (lib/api.ts).
 */
export function preloadAfterUserCheck(client: QueryClient): void {
  // Once the page has rendered (the browser is idle), so these calls do not compete with the page's own for
  // the server and the main thread; a component that needs one sooner asks for it itself.
  if ('requestIdleCallback' in window)
    window.requestIdleCallback(() => preloadNow(client), { timeout: 3_000 });
  else setTimeout(() => preloadNow(client), 1);
}

function preloadNow(client: QueryClient): void {
  preloadReferenceData(client);
  // prefetchQuery never throws and skips data that is already cached and fresh.
  void client.prefetchQuery(pricePlansQueryOptions());
  void client.prefetchQuery(currentPlanQueryOptions());
  void client.prefetchQuery(ownNoticesQueryOptions());
}
