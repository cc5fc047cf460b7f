import {
  APP_STORES,
  DAY_MS,
  RUNNING_CAMPAIGN_STATUSES,
  WIDGET_POPULAR_DAYS,
  WIDGET_TOP_LIMIT,
  WIDGET_RUNNING_LIMIT,
  WIDGET_SPENT_DAYS,
  campaignListQuerySchema,
  formatMoney,
  maxMoney,
  parseMoney,
  type CampaignsWidgetResponse,
  type PopularAppsWidget,
  type PopularCountriesWidget,
  type ReferralsWidget,
  type TopRegionsWidget,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import * as campaignsRepo from '../campaigns/campaigns.repo.js';
import { tabCounts, viewOf } from '../campaigns/campaigns.service.js';
import { listReferrals } from '../referrals/referrals.service.js';
import * as repo from './dashboard.repo.js';

/** The list query of My campaigns' first, unfiltered view: every campaign of the caller. */
const EVERY_CAMPAIGN = campaignListQuerySchema.parse({});
/** The newest running campaigns: the `all` tab by creation time, newest first. */
const NEWEST_RUNNING = {
  ...EVERY_CAMPAIGN,
  sortBy: 'created_at',
  sortType: 'desc',
  limit: WIDGET_RUNNING_LIMIT,
} as const;

/**
 * `GET widgets/campaigns`: the caller's tab counts (the same as `GET campaigns` answers), their newest
 * running campaigns and what their campaigns cost in the last 30 days: charges less refunds, never below
 * zero (a refund now of a charge older than that is money back, not negative spending).
 */
export async function campaignsWidget(
  deps: Deps,
  userId: number,
  now = new Date(),
): Promise<CampaignsWidgetResponse> {
  const filters = await campaignsRepo.listFilters(deps.db, userId, EVERY_CAMPAIGN);
  const since = new Date(now.getTime() - WIDGET_SPENT_DAYS * DAY_MS);
  const [byStatus, running, spent] = await Promise.all([
    campaignsRepo.statusCounts(deps.db, userId, filters),
    campaignsRepo.pageCampaigns(
      deps.db,
      [...filters, repo.statusIn(RUNNING_CAMPAIGN_STATUSES)],
      NEWEST_RUNNING,
    ),
    repo.campaignSpending(deps.db, userId, since),
  ]);
  return {
    data: {
      counts: tabCounts(byStatus),
      running: running.map(viewOf),
      spent: formatMoney(maxMoney(parseMoney(spent), 0n)),
    },
  };
}

/** `GET widgets/country/appstores` (top regions): the caller's countries per store, most installs first. */
export async function topRegionsWidget(deps: Deps, userId: number): Promise<TopRegionsWidget> {
  const rows = await repo.regionsOf(deps.db, userId);
  return [APP_STORES.GOOGLE_PLAY, APP_STORES.APP_STORE].map((appstore) => ({
    appstore,
    countries: rows
      .filter((row) => row.appstore === appstore)
      .slice(0, WIDGET_TOP_LIMIT)
      .map(({ code, name, campaigns, installs }) => ({ code, name, campaigns, installs })),
  }));
}

/** How long the platform-wide popular countries are served before they are counted again. */
const POPULAR_TTL_MS = 10 * 60_000;
const popularCache = new WeakMap<Deps['db'], { until: number; rows: PopularCountriesWidget }>();

/**
 * `GET widgets/country/popular`: the countries most campaigns were ordered for in the last
 * {@link WIDGET_POPULAR_DAYS} days, every customer together. Counts and shares only, never whose; counted at
 * most every ten minutes, as the same answer serves every customer.
 */
export async function popularCountriesWidget(deps: Deps, now = new Date()): Promise<PopularCountriesWidget> {
  const cached = popularCache.get(deps.db);
  if (cached && cached.until > now.getTime()) return cached.rows;
  const since = new Date(now.getTime() - WIDGET_POPULAR_DAYS * DAY_MS);
  const rows = (await repo.popularCountries(deps.db, since, WIDGET_TOP_LIMIT)).map(
    ({ code, name, campaigns, installs, total }) => ({
      code,
      name,
      campaigns,
      installs,
      share: total ? Math.round((campaigns / total) * 1000) / 10 : 0,
    }),
  );
  popularCache.set(deps.db, { until: now.getTime() + POPULAR_TTL_MS, rows });
  return rows;
}

/** `GET widgets/apps/popular`: the caller's most promoted apps. */
export async function popularAppsWidget(deps: Deps, userId: number): Promise<PopularAppsWidget> {
  const rows = await repo.popularApps(deps.db, userId, WIDGET_TOP_LIMIT);
  return rows.map((row) => ({
    ...row,
    icon: row.icon || null,
    promotion_value: formatMoney(parseMoney(row.promotion_value)),
  }));
}

/** `GET widgets/referrals`: the referral program's summary and the referred users who spent most. */
export async function referralsWidget(deps: Deps, userId: number): Promise<ReferralsWidget> {
  const { data, summary } = await listReferrals(deps, userId, {
    page: 1,
    limit: WIDGET_TOP_LIMIT,
    sortBy: 'spendings_new',
    sortType: 'desc',
  });
  return { summary, top: data };
}
