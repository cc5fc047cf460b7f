import {
  DAY_MS,
  RUNNING_CAMPAIGN_STATUSES,
  WIDGET_RUNNING_LIMIT,
  WIDGET_SPENT_DAYS,
  campaignListQuerySchema,
  formatMoney,
  maxMoney,
  parseMoney,
  type CampaignsWidgetResponse,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import * as campaignsRepo from '../campaigns/campaigns.repo.js';
import { tabCounts, viewOf } from '../campaigns/campaigns.service.js';
import * as repo from './widgets.repo.js';

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
    campaignsRepo.statusCounts(deps.db, filters),
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
