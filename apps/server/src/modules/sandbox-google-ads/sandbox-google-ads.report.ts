import { DAY_MS, addDays, countryOfGeoTarget } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { badRequest } from './sandbox-google-ads.errors.js';
import { sandboxAdsDay } from './sandbox-google-ads.figures.js';
import type { GaqlCondition } from './sandbox-google-ads.gaql.js';
import * as repo from './sandbox-google-ads.repo.js';
import { campaignRow, type CampaignWithBudget } from './sandbox-google-ads.rows.js';
import { daysBetween, servedMs, termsOn } from './sandbox-google-ads.state.js';

/*
 * The report view `user_location_view`: per campaign, served date and targeted country, the figures of
 * sandbox-google-ads.figures.ts for the part of the date served so far.
 */

/** The date range a report query filters on (`segments.date BETWEEN a AND b`, or `>=` and `<=`). */
export function dateRangeOf(conditions: GaqlCondition[]): [string, string] {
  const dates = conditions.filter((condition) => condition.field === 'segments.date');
  const between = dates.find((condition) => condition.operator === 'BETWEEN');
  const from = between?.values[0] ?? dates.find((condition) => condition.operator === '>=')?.values[0];
  const to = between?.values[1] ?? dates.find((condition) => condition.operator === '<=')?.values[1];
  if (from === undefined || to === undefined)
    throw badRequest(
      'queryError',
      'EXPECTED_FILTERS_ON_DATE_RANGE',
      'Expected a filter on segments.date with a finite range (BETWEEN).',
    );
  for (const date of [from, to])
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
      throw badRequest('queryError', 'INVALID_DATE_FORMAT', `Invalid date in the query: ${String(date)}.`);
  return [from as string, to as string];
}

/** The report rows of the campaigns, made as they are read: per served date in the range and country. */
export async function reportRows(
  deps: Deps,
  cid: string,
  campaigns: CampaignWithBudget[],
  range: [string, string],
  now: Date,
) {
  const ids = campaigns.map(({ campaign }) => campaign.id);
  const [criteria, adGroups] = await Promise.all([
    repo.criteriaOf(deps.db, ids),
    repo.adGroupsOf(deps.db, ids),
  ]);
  const ads = await repo.adsOf(
    deps.db,
    adGroups.filter((group) => group.status === 'ENABLED').map((group) => group.id),
  );
  return (function* () {
    for (const each of campaigns) {
      const { campaign } = each;
      // It serves with an enabled ad group holding an enabled ad its review does not refuse.
      const groups = new Set(
        adGroups
          .filter((group) => group.campaign_id === campaign.id && group.status === 'ENABLED')
          .map((group) => group.id),
      );
      if (
        !ads.some((ad) => groups.has(ad.ad_group_id) && ad.status === 'ENABLED' && !ad.policy_topics.length)
      )
        continue;
      const criterionOf = new Map<string, number>();
      for (const criterion of criteria) {
        const country = countryOfGeoTarget(criterion.criterion_id);
        if (
          criterion.campaign_id === campaign.id &&
          criterion.type === 'LOCATION' &&
          !criterion.negative &&
          country
        )
          criterionOf.set(country, criterion.criterion_id);
      }
      const countries = [...criterionOf.keys()];
      const served = servedMs(campaign, now, deps.config.vendorSandboxSpeed);
      const first = Math.max(daysBetween(campaign.start_date, range[0]), 0);
      let last = Math.min(daysBetween(campaign.start_date, range[1]), Math.floor(served / DAY_MS));
      if (campaign.end_date) last = Math.min(last, daysBetween(campaign.start_date, campaign.end_date));
      const base = campaignRow(cid, each);
      for (let day = first; day <= last; day++) {
        const date = addDays(campaign.start_date, day);
        const terms = termsOn(campaign.terms, day);
        const figures = sandboxAdsDay(
          {
            id: campaign.id,
            appStore: campaign.app_store,
            budgetMicros: BigInt(terms.budgetMicros),
            targetCpaMicros: BigInt(terms.targetCpaMicros),
            countries,
          },
          date,
          served - day * DAY_MS,
        );
        for (const country of figures) {
          const criterionId = String(criterionOf.get(country.country));
          yield {
            ...base,
            'user_location_view.resource_name': `customers/${cid}/userLocationViews/${criterionId}~true`,
            'user_location_view.country_criterion_id': criterionId,
            'user_location_view.targeting_location': true,
            'segments.date': date,
            'metrics.impressions': String(country.impressions),
            'metrics.clicks': String(country.clicks),
            'metrics.conversions': Number(country.conversions),
            'metrics.cost_micros': String(country.costMicros),
          };
        }
      }
    }
  })();
}
