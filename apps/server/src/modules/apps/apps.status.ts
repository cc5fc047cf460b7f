import type { AppStore } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import * as repo from './apps.repo.js';
import { statusOf } from './apps.service.js';
import { storeFailure, type StoreApp } from '../../providers/store/store-provider.js';

/** App countries per `apps.refresh` job. */
export const REFRESH_BATCH = 100;

/** The scheduled status check: queues every tracked app country in batches. */
export async function queueStatusRefresh(deps: Deps) {
  const ids = await repo.allAppCountryIds(deps.db);
  const batches: { appCountryIds: number[] }[] = [];
  for (let i = 0; i < ids.length; i += REFRESH_BATCH)
    batches.push({ appCountryIds: ids.slice(i, i + REFRESH_BATCH) });
  await deps.jobs.sendMany('apps.refresh', batches);
}

/**
 * Reads the store page of each app country again: alive or banned (with why), and the listing. A row
 * the store cannot answer for now keeps its last status. Two statements write the whole batch.
 */
export async function refreshAppCountries(deps: Deps, ids: number[]) {
  const rows = await repo.appCountriesToRefresh(deps.db, ids);
  const lookups = new Map<string, Promise<StoreApp | null>>();
  const statuses: repo.AppCountryStatus[] = [];
  const listings: repo.AppListing[] = [];
  for (const row of rows) {
    const key = `${row.appstore}|${row.package}|${row.code}`;
    let lookup = lookups.get(key);
    if (!lookup) {
      lookup = deps.store.lookup(row.appstore as AppStore, row.package, row.code);
      lookups.set(key, lookup);
    }
    let listing: StoreApp | null;
    try {
      listing = await lookup;
    } catch (error) {
      storeFailure(error, { call: 'lookup', appCountryId: row.id, package: row.package, country: row.code });
      continue;
    }
    const status = statusOf(listing, row.is_main);
    statuses.push({
      id: row.id,
      ...status,
      icon: listing?.icon ?? null,
      title: listing?.title ?? null,
      votes: listing?.votes ?? null,
      rating: listing?.rating ?? null,
      content_rating: listing?.contentRating ?? null,
    });
    if (row.is_main) {
      listings.push({
        id: row.app_id,
        is_alive: status.alive,
        title: listing?.title ?? null,
        developer: listing?.developer ?? null,
        icon: listing?.icon ?? null,
        rating: listing?.rating ?? null,
        votes: listing?.votes ?? null,
        price: listing?.price ?? null,
        content_rating: listing?.contentRating ?? null,
        url: listing?.url ?? null,
      });
    }
  }
  await deps.db.transaction(async (tx) => {
    await repo.saveAppCountryStatuses(tx, statuses);
    await repo.saveAppListings(tx, listings);
  });
}
